// The adult villager's brain, package by package as seed 000 lists them (vanilla's
// VillagerGoalPackages, 1.19.3 with MC-258295 fixed), with the trading behaviours of 1.20.4. What
// needs raids, gifts or breeding is left out; docs/villagers.md lists each omission.
#include <memory>
#include <utility>
#include <vector>

#include "mobsdk/brain/activity.hpp"
#include "mobsdk/brain/behavior.hpp"
#include "mobsdk/brain/gate_behavior.hpp"
#include "mobsdk/brain/memory_types.hpp"
#include "mobsdk/brain/one_shot.hpp"
#include "mobsdk/stdlib/doors.hpp"
#include "mobsdk/stdlib/interaction.hpp"
#include "mobsdk/stdlib/movement.hpp"
#include "mobsdk/stdlib/panic.hpp"
#include "mobsdk/stdlib/poi.hpp"
#include "mobsdk/stdlib/sensors.hpp"
#include "mobsdk/stdlib/sleep.hpp"
#include "mobsdk/stdlib/trading.hpp"
#include "mobsdk/stdlib/village.hpp"
#include "mobsdk/stdlib/villager_trades.hpp"
#include "mobsdk/stdlib/work.hpp"
#include "mobsdk/world/vanilla_ids.hpp"
#include "villager_plugin.hpp"

namespace villager {

using namespace mobsdk;
using brain::BehaviorControl;
using brain::MemoryRequirement;
using brain::MemoryStatus;
using brain::PrioritizedBehaviors;
using brain::WeightedBehaviors;
using stdlib::VillagerState;

namespace {

// The merchant part of vanilla's Villager.customServerAiStep (the level-up pause after a trade),
// run once a tick from the core activity: the SDK gives a MobAiFactory no per-tick hook of its own.
class MerchantTimer final : public brain::OneShot {
public:
    MerchantTimer() { set_debug_name("VillagerMerchantTimer"); }
    bool trigger(Level& level, Mob& mob, std::int64_t) override {
        if (auto* state = mob.attachment_as<VillagerState>()) state->tick_merchant_timer(level.random());
        return false;
    }
};

class VillagerAi final : public MobAiFactory {
public:
    VillagerAi(plugin::PluginContext& context, const stdlib::VillagerProfessions& professions)
        : professions_(&professions),
          poi_types_(&context.world().poi_types),
          m_(context.vanilla().memories),
          job_site_holders_(brain::global_pos_holders(context.brain().memory_types, m_.job_site)),
          pois_(context.vanilla().poi_types),
          villager_(context.vanilla().entity_types.villager),
          player_(context.vanilla().entity_types.player),
          golem_{context.vanilla().entity_types.iron_golem, context.world().blocks} {
        const brain::VanillaActivities& act = context.vanilla().activities;
        core_ = act.core;
        idle_ = act.idle;
        work_ = act.work;
        play_ = act.play;
        rest_ = act.rest;
        meet_ = act.meet;
        panic_ = act.panic;
        hide_ = act.hide;
        schedule_ = &context.brain().schedules[context.vanilla().schedules.villager_default];
        // Vanilla's Villager.SENSOR_TYPES, without villager_babies (no baby villagers here).
        const stdlib::StandardSensors& s = context.vanilla().sensors;
        const std::vector<brain::SensorType> sensors = {
            s.nearest_living_entities, s.nearest_players, s.nearest_items, s.nearest_bed, s.hurt_by,
            s.villager_hostiles,       s.secondary_pois,  s.golem_detected};
        // Vanilla's Villager.MEMORY_TYPES (those this server models).
        const std::vector<brain::MemoryHandle> memories = {m_.home,
                                                           m_.job_site,
                                                           m_.potential_job_site,
                                                           m_.meeting_point,
                                                           m_.mobs,
                                                           m_.visible_mobs,
                                                           m_.nearest_players,
                                                           m_.nearest_visible_player,
                                                           m_.nearest_visible_targetable_player,
                                                           m_.nearest_visible_wanted_item,
                                                           m_.item_pickup_cooldown_ticks,
                                                           m_.walk_target,
                                                           m_.look_target,
                                                           m_.interaction_target,
                                                           m_.breed_target,
                                                           m_.path,
                                                           m_.doors_to_close,
                                                           m_.nearest_bed,
                                                           m_.hurt_by,
                                                           m_.hurt_by_entity,
                                                           m_.nearest_hostile,
                                                           m_.secondary_job_site,
                                                           m_.hiding_place,
                                                           m_.heard_bell_time,
                                                           m_.cant_reach_walk_target_since,
                                                           m_.last_slept,
                                                           m_.last_woken,
                                                           m_.last_worked_at_poi,
                                                           m_.golem_detected_recently};
        provider_ = std::make_unique<brain::BrainProvider>(context.brain(), memories, sensors);
    }

    std::unique_ptr<MobAttachment> make_attachment(Level&, Mob&) const override {
        return std::make_unique<VillagerState>(*professions_);
    }

    std::unique_ptr<brain::Brain> make_brain(Level& level, Mob& mob) const override {
        auto b = provider_->make_brain(level.random());
        populate(level, mob, *b);
        return b;
    }

    void refresh_brain(Level& level, Mob& mob, brain::Brain& b) const override {
        b.remove_all_behaviors(level, mob);
        populate(level, mob, b);
        // A new profession gets its first offers now (vanilla rolls them when first asked for;
        // here they are rolled when the profession is taken, with the level's random, so that
        // saving never rolls). The unemployed and nitwits have none.
        if (auto* state = mob.attachment_as<VillagerState>()) {
            if (stdlib::villager_trades(state->data.profession.path(), 1).empty()) state->offers.reset();
            else state->get_offers(level.random());
        }
    }

private:
    bool is_farmer(Mob& mob) const {
        const auto* state = mob.attachment_as<VillagerState>();
        return state && state->data.profession == mobsdk::vanilla_professions().farmer;
    }

    // Vanilla's Villager.registerBrainGoals for an adult.
    void populate(Level& level, Mob& mob, brain::Brain& b) const {
        const bool farmer = is_farmer(mob);
        b.set_schedule(schedule_);
        b.add_activity_with_conditions(work_, work_package(farmer), {{m_.job_site, MemoryStatus::VALUE_PRESENT}});
        b.add_activity(core_, core_package());
        b.add_activity_with_conditions(meet_, meet_package(), {{m_.meeting_point, MemoryStatus::VALUE_PRESENT}});
        b.add_activity(rest_, rest_package());
        b.add_activity(idle_, idle_package());
        b.add_activity(panic_, panic_package());
        b.add_activity(hide_, hide_package());
        b.set_core_activities({core_});
        b.set_default_activity(idle_);
        b.set_active_activity_if_possible(idle_);
        b.update_activity_from_schedule(level.day_time(), level.game_time());
    }

    // Vanilla's getMinimalLookBehavior: priority 5, look at a villager (2), a player (2), or nothing
    // for 30–60 ticks (8).
    std::pair<std::int32_t, std::unique_ptr<BehaviorControl>> minimal_look() const {
        WeightedBehaviors w;
        w.emplace_back(stdlib::set_entity_look_target(m_, 8.0f, villager_), 2);
        w.emplace_back(stdlib::set_entity_look_target(m_, 8.0f, player_), 2);
        w.emplace_back(std::make_unique<brain::DoNothing>(30, 60), 8);
        return {5, std::make_unique<brain::RunOne>(std::move(w))};
    }

    // Vanilla's getFullLookBehavior: priority 5, a cat (8), a villager (2), a player (2), creatures,
    // water creatures, axolotls, underwater creatures, water ambients and monsters (1 each) within 8,
    // or nothing for 30–60 ticks (2). This server filters by type, not category: villagers, and any
    // visible mob for the categories (weight 6 together); cats do not exist.
    std::pair<std::int32_t, std::unique_ptr<BehaviorControl>> full_look() const {
        WeightedBehaviors w;
        w.emplace_back(stdlib::set_entity_look_target(m_, 8.0f, villager_), 2);
        w.emplace_back(stdlib::set_entity_look_target(m_, 8.0f, player_), 2);
        w.emplace_back(stdlib::set_entity_look_target(m_, 8.0f), 6);
        w.emplace_back(std::make_unique<brain::DoNothing>(30, 60), 2);
        return {5, std::make_unique<brain::RunOne>(std::move(w))};
    }

    PrioritizedBehaviors core_package() const {
        PrioritizedBehaviors p;
        p.emplace_back(0, std::make_unique<stdlib::Swim>(0.8f));
        p.emplace_back(0, std::make_unique<stdlib::InteractWithDoor>(m_));
        p.emplace_back(0, std::make_unique<stdlib::LookAtTargetSink>(m_, 45, 90));
        p.emplace_back(0, std::make_unique<MerchantTimer>());
        p.emplace_back(0, std::make_unique<stdlib::VillagerPanicTrigger>(m_, panic_, golem_));
        p.emplace_back(0, stdlib::wake_up(m_, rest_));
        p.emplace_back(0, stdlib::react_to_bell(m_, hide_));
        p.emplace_back(0,
                       stdlib::validate_nearby_poi(m_, stdlib::PoiFilter::held_job_site(*professions_), m_.job_site));
        p.emplace_back(0, stdlib::validate_nearby_poi(m_, stdlib::PoiFilter::acquirable_job_site(*professions_),
                                                      m_.potential_job_site));
        p.emplace_back(1, std::make_unique<stdlib::MoveToTargetSink>(m_));
        p.emplace_back(2, stdlib::poi_competitor_scan(m_, *professions_, job_site_holders_));
        p.emplace_back(3, std::make_unique<stdlib::LookAndFollowTradingPlayerSink>(m_, VillagerPlugin::speed));
        p.emplace_back(5, stdlib::go_to_wanted_item(m_, VillagerPlugin::speed, false, 4));
        p.emplace_back(
            6, std::make_unique<stdlib::AcquirePoi>(*poi_types_, stdlib::PoiFilter::acquirable_job_site(*professions_),
                                                    m_.job_site, m_.potential_job_site, true));
        p.emplace_back(7, std::make_unique<stdlib::GoToPotentialJobSite>(m_, activities(), VillagerPlugin::speed));
        p.emplace_back(8, stdlib::yield_job_site(m_, *poi_types_, *professions_, VillagerPlugin::speed));
        p.emplace_back(
            10, std::make_unique<stdlib::AcquirePoi>(*poi_types_, stdlib::PoiFilter::of({pois_.home}), m_.home, false));
        p.emplace_back(10, std::make_unique<stdlib::AcquirePoi>(*poi_types_, stdlib::PoiFilter::of({pois_.meeting}),
                                                                m_.meeting_point, true));
        p.emplace_back(10, stdlib::assign_profession_from_job_site(m_, *professions_));
        p.emplace_back(10, stdlib::reset_profession(m_));
        return p;
    }

    PrioritizedBehaviors idle_package() const {
        PrioritizedBehaviors p;
        WeightedBehaviors one;
        one.emplace_back(stdlib::interact_with(m_, villager_, 8, m_.interaction_target, VillagerPlugin::speed, 2), 2);
        one.emplace_back(stdlib::village_bound_random_stroll(m_, VillagerPlugin::speed), 1);
        one.emplace_back(stdlib::set_walk_target_from_look_target(m_, VillagerPlugin::speed, 2), 1);
        one.emplace_back(std::make_unique<stdlib::JumpOnBed>(m_, VillagerPlugin::speed), 1);
        one.emplace_back(std::make_unique<brain::DoNothing>(30, 60), 1);
        p.emplace_back(2, std::make_unique<brain::RunOne>(std::move(one)));
        p.emplace_back(3, stdlib::set_look_and_interact(m_, player_, 4));
        p.emplace_back(3, std::make_unique<stdlib::ShowTradesToPlayer>(m_, 400, 1600));
        p.push_back(full_look());
        p.emplace_back(99, stdlib::update_activity_from_schedule());
        return p;
    }

    PrioritizedBehaviors work_package(bool farmer) const {
        PrioritizedBehaviors p;
        p.push_back(minimal_look());
        WeightedBehaviors one;
        if (farmer) one.emplace_back(std::make_unique<stdlib::WorkAtComposter>(m_), 7);
        else one.emplace_back(std::make_unique<stdlib::WorkAtPoi>(m_), 7);
        one.emplace_back(stdlib::stroll_around_poi(m_, m_.job_site, 0.4f, 4), 2);
        one.emplace_back(stdlib::stroll_to_poi(m_, m_.job_site, 0.4f, 1, 10), 5);
        one.emplace_back(
            stdlib::stroll_to_poi_list(m_, m_.secondary_job_site, VillagerPlugin::speed, 1, 6, m_.job_site), 5);
        one.emplace_back(std::make_unique<stdlib::HarvestFarmland>(m_), farmer ? 2 : 5);
        one.emplace_back(std::make_unique<stdlib::UseBonemeal>(m_), farmer ? 4 : 7);
        p.emplace_back(5, std::make_unique<brain::RunOne>(std::move(one)));
        p.emplace_back(10, std::make_unique<stdlib::ShowTradesToPlayer>(m_, 400, 1600));
        p.emplace_back(10, stdlib::set_look_and_interact(m_, player_, 4));
        p.emplace_back(2,
                       stdlib::set_walk_target_from_block_memory(m_, m_.job_site, VillagerPlugin::speed, 9, 100, 1200));
        p.emplace_back(99, stdlib::update_activity_from_schedule());
        return p;
    }

    PrioritizedBehaviors meet_package() const {
        PrioritizedBehaviors p;
        brain::WeightedTriggers triggers;
        triggers.emplace_back(stdlib::stroll_around_poi(m_, m_.meeting_point, 0.4f, 40), 2);
        triggers.emplace_back(stdlib::socialize_at_bell(m_, villager_), 2);
        p.emplace_back(2, brain::TriggerGate::trigger_one_shuffled(std::move(triggers)));
        p.emplace_back(10, std::make_unique<stdlib::ShowTradesToPlayer>(m_, 400, 1600));
        p.emplace_back(10, stdlib::set_look_and_interact(m_, player_, 4));
        p.emplace_back(
            2, stdlib::set_walk_target_from_block_memory(m_, m_.meeting_point, VillagerPlugin::speed, 6, 100, 200));
        p.emplace_back(3, stdlib::validate_nearby_poi(m_, stdlib::PoiFilter::of({pois_.meeting}), m_.meeting_point));
        p.push_back(full_look());
        p.emplace_back(99, stdlib::update_activity_from_schedule());
        return p;
    }

    PrioritizedBehaviors rest_package() const {
        PrioritizedBehaviors p;
        p.emplace_back(2, stdlib::set_walk_target_from_block_memory(m_, m_.home, VillagerPlugin::speed, 1, 150, 1200));
        p.emplace_back(3, stdlib::validate_nearby_poi(m_, stdlib::PoiFilter::of({pois_.home}), m_.home));
        p.emplace_back(3, std::make_unique<stdlib::SleepInBed>(m_, rest_));
        WeightedBehaviors one;
        one.emplace_back(std::make_unique<stdlib::SetClosestHomeAsWalkTarget>(m_, pois_.home, VillagerPlugin::speed),
                         1);
        one.emplace_back(stdlib::inside_brownian_walk(m_, VillagerPlugin::speed), 4);
        one.emplace_back(stdlib::go_to_closest_village(m_, VillagerPlugin::speed, 4), 2);
        one.emplace_back(std::make_unique<brain::DoNothing>(20, 40), 2);
        p.emplace_back(5, std::make_unique<brain::RunOne>(
                              std::vector<MemoryRequirement>{{m_.home, MemoryStatus::VALUE_ABSENT}}, std::move(one)));
        p.push_back(minimal_look());
        p.emplace_back(99, stdlib::update_activity_from_schedule());
        return p;
    }

    PrioritizedBehaviors panic_package() const {
        const float panic_speed = VillagerPlugin::speed * 1.5f;
        PrioritizedBehaviors p;
        p.emplace_back(0, stdlib::villager_calm_down(m_));
        p.emplace_back(1, stdlib::set_walk_target_away_from_entity(m_, m_.nearest_hostile, panic_speed, 6, false));
        p.emplace_back(1, stdlib::set_walk_target_away_from_entity(m_, m_.hurt_by_entity, panic_speed, 6, false));
        p.emplace_back(3, stdlib::village_bound_random_stroll(m_, panic_speed, 2, 2));
        p.push_back(minimal_look());
        return p;
    }

    PrioritizedBehaviors hide_package() const {
        PrioritizedBehaviors p;
        p.emplace_back(0, stdlib::set_hidden_state(m_, 15, 3));
        p.emplace_back(1, stdlib::locate_hiding_place(m_, pois_.home, 32, VillagerPlugin::speed * 1.25f, 2));
        p.push_back(minimal_look());
        return p;
    }

    brain::VanillaActivities activities() const {
        brain::VanillaActivities a{};
        a.core = core_;
        a.idle = idle_;
        a.work = work_;
        a.play = play_;
        a.rest = rest_;
        a.meet = meet_;
        a.panic = panic_;
        a.hide = hide_;
        return a;
    }

    const stdlib::VillagerProfessions* professions_;
    const Registry<PoiTypeInfo>* poi_types_;
    brain::StandardMemories m_;
    const brain::GlobalPosHolders* job_site_holders_;  // the host's JOB_SITE watcher, if it has one
    VanillaPoiTypes pois_;
    Handle<EntityTypeInfo> villager_, player_;
    stdlib::GolemSummoning golem_;
    brain::Activity core_, idle_, work_, play_, rest_, meet_, panic_, hide_;
    const brain::Schedule* schedule_ = nullptr;
    std::unique_ptr<brain::BrainProvider> provider_;
};

}  // namespace

std::unique_ptr<MobAiFactory> make_villager_ai(plugin::PluginContext& context,
                                               const stdlib::VillagerProfessions& professions) {
    return std::make_unique<VillagerAi>(context, professions);
}

}  // namespace villager
