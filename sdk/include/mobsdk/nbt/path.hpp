// NBT paths as vanilla's `data get` takes them: `Brain.memories."minecraft:home".value.pos[0]`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace mobsdk::nbt {

/// @brief A path that does not parse, or that matches nothing, and where.
struct PathError {
    std::size_t position = 0;  ///< character index in the path text
    std::string message;       ///< e.g. "Found no elements matching a.b"
    /// @brief One line: "at position 4: …".
    std::string describe() const;
};

/// @brief A parsed NBT path.
///
/// Nodes, as vanilla: `key` or `"quoted key"` (a compound child), `[n]` (list or array element,
/// negative counts from the end), `[]` (every element), `[{…}]` (elements matching a compound),
/// `key{…}` (the child if it matches), and `{…}` at the start (the root if it matches). Unquoted keys
/// may hold any character except space, quotes, `[ ] { }` and `.` — so `minecraft:home` needs no
/// quotes.
class NbtPath {
public:
    /// @brief One step of a path.
    struct Node {
        /// @brief What the step selects.
        enum class Kind : std::uint8_t { Key, Index, AllElements, MatchElement, MatchObject, MatchRoot };
        Kind kind = Kind::Key;   ///< the step's kind
        std::string key;         ///< Key, MatchObject
        std::int32_t index = 0;  ///< Index
        Compound pattern;        ///< MatchElement, MatchObject, MatchRoot
    };

    /// @brief Parses a path; errors name the character position.
    static Result<NbtPath, PathError> parse(std::string_view text);

    /// @brief Every tag the path selects under `root` (empty when nothing matches).
    std::vector<const Tag*> select(const Tag& root) const;
    std::vector<Tag*> select(Tag& root) const;

    /// @brief The single tag the path selects; an error when it selects none ("Found no elements
    /// matching …", vanilla's message) or more than one.
    Result<const Tag*, PathError> get_one(const Tag& root) const;

    /// @brief A copy of the single value the path selects, as `data get` prints it; unlike
    /// select/get_one, the last step may pick an element of a byte, int or long array
    /// (`pos[0]` on `[I;12,64,-30]` gives Tag(std::int32_t{12})). Errors as get_one.
    Result<Tag, PathError> get_value(const Tag& root) const;

    /// @brief The path as written.
    const std::string& text() const noexcept { return text_; }
    /// @brief The parsed steps.
    const std::vector<Node>& nodes() const noexcept { return nodes_; }

private:
    std::string text_;
    std::vector<Node> nodes_;
};

/// @brief Vanilla's NbtUtils.compareNbt with partial lists: does `tag` contain everything in
/// `pattern`? Compounds match key by key, lists when every pattern element matches some element.
bool nbt_matches(const Tag& pattern, const Tag& tag) noexcept;

}  // namespace mobsdk::nbt
