// The villager plugin: minecraft:villager with the adult brain of seed 000 (every package, the
// villager_default schedule, professions from job sites, beds and sleep, the bell, golem
// summoning) and minecraft:iron_golem, the goal-driven guard it summons.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/goal/goal.hpp"
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

/// @brief The iron golem's goals (vanilla's IronGolem.registerGoals).
std::unique_ptr<mobsdk::MobAiFactory> make_iron_golem_ai(mobsdk::plugin::PluginContext& context);

/// @brief Vanilla's OfferFlowerGoal (MOVE, LOOK), the golem's priority 5: by day, on a 1 in 8000
/// draw per evaluation, the nearest villager whose feet are within 6 blocks of the golem's (in its
/// box grown by (6, 2, 6)); the golem holds out a poppy (entity event 11) and looks at the villager
/// for 400 ticks (200 evaluations: it ticks every other tick), then puts it away (event 34).
class OfferFlowerGoal final : public mobsdk::goal::Goal {
public:
    /// @brief Vanilla's OFFER_TICKS.
    static constexpr std::int32_t offer_ticks = 400;
    /// @brief The goal, offering to villagers of `villager`.
    explicit OfferFlowerGoal(mobsdk::Handle<mobsdk::EntityTypeInfo> villager);
    /// @brief Day, the 1 in 8000 draw, a villager near.
    bool can_use(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief While the offer lasts.
    bool can_continue_to_use(mobsdk::Level& level, mobsdk::Mob& mob) override { return tick_ > 0; }
    /// @brief Holds out the flower.
    void start(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Puts it away.
    void stop(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief Looks at the villager (30°/30°).
    void tick(mobsdk::Level& level, mobsdk::Mob& mob) override;
    /// @brief "OfferFlowerGoal".
    std::string debug_string() const override { return "OfferFlowerGoal"; }
    /// @brief The villager offered to, while running.
    std::optional<mobsdk::EntityRef> villager() const noexcept { return villager_; }
    /// @brief Evaluations of offering left.
    std::int32_t ticks_left() const noexcept { return tick_; }

private:
    mobsdk::Handle<mobsdk::EntityTypeInfo> villager_type_;
    std::optional<mobsdk::EntityRef> villager_;
    std::int32_t tick_ = 0;
    std::vector<mobsdk::EntityRef> scratch_;
};

/// @brief Vanilla's IronGolem.doHurtTarget damage roll: attack_damage / 2 + nextInt((int) attack_damage)
/// (7.5 + 0–14 for the golem's 15), or attack_damage itself when it is below 1.
float iron_golem_hit_damage(mobsdk::RandomSource& random, float attack_damage) noexcept;

}  // namespace villager
