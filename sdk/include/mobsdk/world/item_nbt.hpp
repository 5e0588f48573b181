// Item stacks as vanilla saves them ({id, Count} before 1.20.5; {id, count} read too), shared by
// the host's entity NBT and the attachments plugins save (a villager's inventory).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/level.hpp"

namespace mobsdk {

/// @brief {id, Count: byte} for a stack, {} for an empty one (vanilla 1.20.4).
nbt::Compound item_stack_to_nbt(const ItemStack& stack);

/// @brief A stack from {id, Count} (or 1.20.5's {id, count}); {} is the empty stack. Nothing, with
/// a warning naming `where`, when it is not a compound or has no valid id.
std::optional<ItemStack> item_stack_from_nbt(const nbt::Tag& tag, std::vector<std::string>& warnings,
                                             const std::string& where);

}  // namespace mobsdk
