#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk {

const VanillaItems& vanilla_items() {
    static const VanillaItems items;
    return items;
}

const VanillaDamageTypes& vanilla_damage_types() {
    static const VanillaDamageTypes types;
    return types;
}

const VanillaProfessionIds& vanilla_professions() {
    static const VanillaProfessionIds professions;
    return professions;
}

}  // namespace mobsdk
