// The villager plugin: minecraft:villager with the adult brain of seed 000 (every package, the
// villager_default schedule, professions from job sites, beds and sleep, the bell, golem
// summoning) and minecraft:iron_golem, the goal-driven guard it summons.
#pragma once

#include <memory>

#include "mobsdk/plugin/plugin.hpp"
#include "mobsdk/stdlib/villager.hpp"

namespace villager {

/// @brief Handles to what the plugin gave AI to.
struct VillagerContent {
    mobsdk::Handle<mobsdk::EntityTypeInfo> villager;                   ///< minecraft:villager
    mobsdk::Handle<mobsdk::EntityTypeInfo> iron_golem;                 ///< minecraft:iron_golem
    const mobsdk::stdlib::VillagerProfessions* professions = nullptr;  ///< vanilla's 15
};

/// @brief The plugin (id `villager`). The entity types are vanilla's and registered by the host
/// (their size and attributes); the plugin gives them their AI.
class VillagerPlugin final : public mobsdk::plugin::Plugin {
public:
    void register_content(mobsdk::plugin::PluginContext& context) override;
    /// @brief The handles, once register_content ran.
    const VillagerContent& content() const noexcept { return content_; }

    /// @brief Vanilla's speed modifier for every villager package (Villager.registerBrainGoals).
    static constexpr float speed = 0.5f;

private:
    VillagerContent content_;
};

/// @brief The villager's AI (the brain and its VillagerState), registered by VillagerPlugin; made
/// public so that tests and benchmarks can build villagers without the plugin machinery.
std::unique_ptr<mobsdk::MobAiFactory> make_villager_ai(mobsdk::plugin::PluginContext& context,
                                                       const mobsdk::stdlib::VillagerProfessions& professions);

/// @brief The iron golem's goals (vanilla's IronGolem.registerGoals, without players).
std::unique_ptr<mobsdk::MobAiFactory> make_iron_golem_ai(mobsdk::plugin::PluginContext& context);

/// @brief Vanilla's IronGolem.doHurtTarget damage roll: attack_damage / 2 + nextInt((int) attack_damage)
/// (7.5 + 0–14 for the golem's 15), or attack_damage itself when it is below 1.
float iron_golem_hit_damage(mobsdk::RandomSource& random, float attack_damage) noexcept;

}  // namespace villager
