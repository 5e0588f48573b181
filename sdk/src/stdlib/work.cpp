// The work behaviours: WorkAtPoi and the farmer's WorkAtComposter, HarvestFarmland with the crops'
// loot, UseBonemeal with BoneMealItem.growCrop.
#include "mobsdk/stdlib/work.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <string>

#include "mobsdk/brain/brain.hpp"
#include "mobsdk/world/vanilla_ids.hpp"

namespace mobsdk::stdlib {

using brain::Brain;
using brain::MemoryStatus;
using brain::PositionTracker;
using brain::StandardMemories;
using brain::WalkTarget;

namespace {

bool closer_to_center_than(BlockPos pos, const Vec3& point, double distance) noexcept {
    return Vec3::at_center(pos).dist_sqr(point) < distance * distance;
}

// An item entity's random throw (vanilla's ItemEntity(level, x, y, z, stack) constructor).
Vec3 random_item_motion(RandomSource& random) {
    const double x = random.next_double() * 0.2 - 0.1;
    const double z = random.next_double() * 0.2 - 0.1;
    return {x, 0.2, z};
}

// Vanilla's Block.popResource: the stack lands near the block's centre.
void pop_resource(Level& level, BlockPos pos, const ItemStack& stack) {
    if (stack.empty()) return;
    RandomSource& r = level.random();
    const double half_item = 0.25 / 2.0;  // EntityType.ITEM is 0.25 high
    const double x = pos.x + 0.5 + (r.next_double() * 0.5 - 0.25);
    const double y = pos.y + 0.5 + (r.next_double() * 0.5 - 0.25) - half_item;
    const double z = pos.z + 0.5 + (r.next_double() * 0.5 - 0.25);
    const Vec3 motion = random_item_motion(r);
    level.drop_item({x, y, z}, stack, motion);
}

// The loot tables of the mature crops (blocks/wheat, carrots, potatoes, beetroots): the first pool,
// then the bonus pool (binomial_with_bonus_count: extra 3, p 0.5714286, no fortune).
void drop_mature_crop(Level& level, BlockPos pos, Handle<BlockInfo> crop, const FarmingBlocks& blocks) {
    RandomSource& r = level.random();
    const auto bonus = [&r] {
        std::int32_t n = 1;
        for (int i = 0; i < 3; ++i)
            if (r.next_float() < 0.5714286f) ++n;
        return n;
    };
    const VanillaItems& it = vanilla_items();
    std::array<ItemStack, 3> drops{};
    if (crop == blocks.wheat) {
        drops[0] = {it.wheat, 1};
        drops[1] = {it.wheat_seeds, bonus()};
    } else if (crop == blocks.carrots) {
        drops[0] = {it.carrot, 1};
        drops[1] = {it.carrot, bonus()};
    } else if (crop == blocks.potatoes) {
        drops[0] = {it.potato, 1};
        drops[1] = {it.potato, bonus()};
        if (r.next_float() < 0.02f) drops[2] = {it.poisonous_potato, 1};
    } else if (crop == blocks.beetroots) {
        drops[0] = {it.beetroot, 1};
        drops[1] = {it.beetroot_seeds, bonus()};
    }
    for (const ItemStack& s : drops) pop_resource(level, pos, s);
}

void shrink(ItemStack& stack) {
    if (--stack.count <= 0) stack = ItemStack{};
}

}  // namespace

// ---- FarmingBlocks ----

void FarmingBlocks::resolve(const BlockRegistry& registry) {
    if (registry_ == &registry) return;
    registry_ = &registry;
    const auto get = [&registry](std::string_view id) {
        return registry.blocks().find(id).value_or(Handle<BlockInfo>{});
    };
    composter = get("minecraft:composter");
    farmland = get("minecraft:farmland");
    wheat = get("minecraft:wheat");
    carrots = get("minecraft:carrots");
    potatoes = get("minecraft:potatoes");
    beetroots = get("minecraft:beetroots");
}

std::int32_t crop_age(const BlockRegistry& blocks, BlockState state) {
    // Vanilla's crops are AGE_7 (wheat, carrots, potatoes) or AGE_3 (beetroots).
    const VanillaBlockProperties& props = blocks.vanilla_properties();
    if (const auto age = blocks.get(state, props.age_7)) return *age;
    if (const auto age = blocks.get(state, props.age_3)) return *age;
    return blocks.get_or(state, props.age_15, -1);
}

bool grow_crop(Level& level, BlockPos pos, ItemStack& bone_meal, FarmingBlocks& blocks) {
    const BlockRegistry& registry = level.blocks();
    blocks.resolve(registry);
    const BlockState state = level.block_state(pos);
    const Handle<BlockInfo> crop = registry.block_of(state);
    if (!blocks.is_crop(crop)) return false;
    const std::int32_t age = crop_age(registry, state);
    const std::int32_t max = blocks.max_age(crop);
    if (age < 0 || age >= max) return false;
    // Vanilla's CropBlock.getBonemealAgeIncrease, Mth.nextInt(2, 5); BeetrootBlock divides it by 3.
    std::int32_t increase = level.random().next_int(4) + 2;
    if (crop == blocks.beetroots) increase /= 3;
    const std::int32_t grown = std::min(age + increase, max);
    const VanillaBlockProperties& props = registry.vanilla_properties();
    auto next = registry.with(state, props.age_7, grown);
    if (!next) next = registry.with(state, props.age_3, grown);
    if (next) level.set_block(pos, *next);
    shrink(bone_meal);
    return true;
}

// ---- WorkAtPoi ----

WorkAtPoi::WorkAtPoi(const StandardMemories& m)
    : Behavior({{m.job_site, MemoryStatus::VALUE_PRESENT}, {m.look_target, MemoryStatus::REGISTERED}}),
      job_site_(m.job_site),
      last_worked_(m.last_worked_at_poi),
      look_target_(m.look_target) {}

bool WorkAtPoi::check_extra_start_conditions(Level& level, Mob& mob) {
    if (level.game_time() - last_check_ < check_cooldown) return false;
    if (level.random().next_int(2) != 0) return false;
    last_check_ = level.game_time();
    const GlobalPos& site = *mob.brain()->get_memory(job_site_);
    return site.dimension == level.dimension() && closer_to_center_than(site.pos, mob.position(), distance);
}

bool WorkAtPoi::can_still_use(Level& level, Mob& mob, std::int64_t) {
    const GlobalPos* site = mob.brain()->get_memory(job_site_);
    return site != nullptr && site->dimension == level.dimension() &&
           closer_to_center_than(site->pos, mob.position(), distance);
}

void WorkAtPoi::start(Level& level, Mob& mob, std::int64_t time) {
    Brain& b = *mob.brain();
    b.set_memory(last_worked_, time);
    if (const GlobalPos* site = b.get_memory(job_site_)) b.set_memory(look_target_, PositionTracker::block(site->pos));
    use_workstation(level, mob);
    // Vanilla 1.20.4: a villager restocks its trades when it works.
    if (VillagerState* villager = mob.attachment_as<VillagerState>())
        if (villager->should_restock(level.game_time(), level.day_time())) villager->restock(level.game_time());
}

// ---- WorkAtComposter ----

void WorkAtComposter::use_workstation(Level& level, Mob& mob) {
    VillagerState* villager = mob.attachment_as<VillagerState>();
    const GlobalPos* site = mob.brain()->get_memory(job_site_);
    if (villager == nullptr || site == nullptr) return;
    const BlockRegistry& registry = level.blocks();
    blocks_.resolve(registry);
    const BlockPos pos = site->pos;
    BlockState state = level.block_state(pos);
    if (!blocks_.composter.valid() || !registry.is(state, blocks_.composter)) return;
    const VanillaItems& it = vanilla_items();

    // Vanilla's makeBread.
    if (villager->count_item(it.bread) <= max_bread) {
        const std::int32_t loaves = std::min(3, villager->count_item(it.wheat) / 3);
        if (loaves != 0) {
            villager->remove_item(it.wheat, loaves * 3);
            const ItemStack rest = villager->add_item({it.bread, loaves});
            if (!rest.empty()) {
                // Vanilla's spawnAtLocation(stack, 0.5F).
                const Vec3 p = mob.position();
                const Vec3 motion = random_item_motion(level.random());
                level.drop_item({p.x, p.y + 0.5, p.z}, rest, motion);
            }
        }
    }

    // Vanilla's compostItems.
    const Property<int> composter_level = registry.vanilla_properties().level_composter;
    if (registry.get_or(state, composter_level, -1) == 8) {
        // ComposterBlock.extractProduce (1.19.3): bone meal pops out of the top, the level goes to 0.
        RandomSource& r = level.random();
        const double dx = static_cast<double>(r.next_float() * 0.7f) + static_cast<double>(0.15f);
        const double dy = static_cast<double>(r.next_float() * 0.7f) + static_cast<double>(0.06f) + 0.6;
        const double dz = static_cast<double>(r.next_float() * 0.7f) + static_cast<double>(0.15f);
        const Vec3 motion = random_item_motion(r);
        level.drop_item({pos.x + dx, pos.y + dy, pos.z + dz}, {it.bone_meal, 1}, motion);
        if (const auto empty = registry.with(state, composter_level, 0)) {
            level.set_block(pos, *empty);
            state = *empty;
        }
    }
    std::int32_t budget = 20;
    std::array<std::int32_t, 2> seen{};  // wheat seeds, beetroot seeds
    for (std::size_t slot = VillagerState::inventory_size; slot-- > 0 && budget > 0;) {
        ItemStack& stack = villager->inventory[slot];
        if (stack.empty()) continue;
        const int kind = stack.item == it.wheat_seeds ? 0 : stack.item == it.beetroot_seeds ? 1 : -1;
        if (kind < 0) continue;
        const std::int32_t count = stack.count;
        seen[static_cast<std::size_t>(kind)] += count;
        const std::int32_t n = std::min(std::min(seen[static_cast<std::size_t>(kind)] - 10, budget), count);
        if (n <= 0) continue;
        budget -= n;
        for (std::int32_t i = 0; i < n; ++i) {
            // ComposterBlock.insertItem: below level 7 the item is used up; from level 0 it always
            // raises the level, above that with the item's chance (0.3 for both seeds).
            const std::int32_t lvl = registry.get_or(state, composter_level, -1);
            if (lvl >= 0 && lvl < 7) {
                if (lvl == 0 || level.random().next_double() < static_cast<double>(0.3f)) {
                    if (const auto next = registry.with(state, composter_level, lvl + 1)) {
                        level.set_block(pos, *next);
                        state = *next;
                    }
                }
                shrink(stack);
            }
            // Vanilla stops at 7; the composter's scheduled tick turns 7 into 8 (ready) 20 ticks
            // later, which belongs to the world, not to this behaviour.
            if (registry.get_or(state, composter_level, -1) == 7) return;
        }
    }
}

// ---- HarvestFarmland ----

HarvestFarmland::HarvestFarmland(const StandardMemories& m)
    : Behavior({{m.look_target, MemoryStatus::VALUE_ABSENT},
                {m.walk_target, MemoryStatus::VALUE_ABSENT},
                {m.secondary_job_site, MemoryStatus::VALUE_PRESENT}}),
      look_target_(m.look_target),
      walk_target_(m.walk_target) {}

bool HarvestFarmland::valid_pos(Level& level, BlockPos pos) {
    const BlockRegistry& registry = level.blocks();
    const BlockState state = level.block_state(pos);
    const Handle<BlockInfo> block = registry.block_of(state);
    if (blocks_.is_crop(block)) return crop_age(registry, state) == blocks_.max_age(block);
    return state == BlockState{} && blocks_.farmland.valid() &&
           registry.is(level.block_state(pos.below()), blocks_.farmland);
}

std::optional<BlockPos> HarvestFarmland::random_valid_farmland(Level& level) {
    if (valid_farmland_.empty()) return std::nullopt;
    return valid_farmland_[static_cast<std::size_t>(
        level.random().next_int(static_cast<std::int32_t>(valid_farmland_.size())))];
}

void HarvestFarmland::set_targets(Mob& mob, BlockPos pos) {
    Brain& b = *mob.brain();
    b.set_memory(walk_target_, WalkTarget(pos, speed_modifier, 1));
    b.set_memory(look_target_, PositionTracker::block(pos));
}

bool HarvestFarmland::check_extra_start_conditions(Level& level, Mob& mob) {
    const VillagerState* villager = mob.attachment_as<VillagerState>();
    if (villager == nullptr || !(villager->data.profession == vanilla_professions().farmer)) return false;
    blocks_.resolve(level.blocks());
    valid_farmland_.clear();
    const Vec3 p = mob.position();
    for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
            for (int k = -1; k <= 1; ++k) {
                const BlockPos pos = Vec3{p.x + i, p.y + j, p.z + k}.block_pos();
                if (valid_pos(level, pos)) valid_farmland_.push_back(pos);
            }
    above_farmland_pos_ = random_valid_farmland(level);
    return above_farmland_pos_.has_value();
}

bool HarvestFarmland::can_still_use(Level&, Mob&, std::int64_t) { return time_worked_so_far_ < harvest_duration; }

void HarvestFarmland::start(Level&, Mob& mob, std::int64_t time) {
    if (time > next_ok_start_time_ && above_farmland_pos_) {
        Brain& b = *mob.brain();
        b.set_memory(look_target_, PositionTracker::block(*above_farmland_pos_));
        b.set_memory(walk_target_, WalkTarget(*above_farmland_pos_, speed_modifier, 1));
    }
}

void HarvestFarmland::stop(Level&, Mob& mob, std::int64_t time) {
    Brain& b = *mob.brain();
    b.erase_memory(look_target_);
    b.erase_memory(walk_target_);
    time_worked_so_far_ = 0;
    next_ok_start_time_ = time + 40;
}

void HarvestFarmland::tick(Level& level, Mob& mob, std::int64_t time) {
    if (above_farmland_pos_ && !closer_to_center_than(*above_farmland_pos_, mob.position(), 1.0)) return;
    if (above_farmland_pos_ && time > next_ok_start_time_) {
        const BlockPos pos = *above_farmland_pos_;
        const BlockRegistry& registry = level.blocks();
        const BlockState state = level.block_state(pos);
        const Handle<BlockInfo> block = registry.block_of(state);
        const bool below_is_farmland =
            blocks_.farmland.valid() && registry.is(level.block_state(pos.below()), blocks_.farmland);
        const bool is_crop = blocks_.is_crop(block);
        // Vanilla reads the state once: after harvesting, planting waits for the next tick.
        if (is_crop && crop_age(registry, state) == blocks_.max_age(block)) {
            drop_mature_crop(level, pos, block, blocks_);
            level.set_block(pos, BlockState{});
        }
        VillagerState* villager = mob.attachment_as<VillagerState>();
        if (state == BlockState{} && below_is_farmland && villager != nullptr) {
            const VanillaItems& it = vanilla_items();
            for (ItemStack& stack : villager->inventory) {
                if (stack.empty()) continue;
                Handle<BlockInfo> plant;
                if (stack.item == it.wheat_seeds) plant = blocks_.wheat;
                else if (stack.item == it.potato) plant = blocks_.potatoes;
                else if (stack.item == it.carrot) plant = blocks_.carrots;
                else if (stack.item == it.beetroot_seeds) plant = blocks_.beetroots;
                if (!plant.valid()) continue;
                level.set_block(pos, registry.default_state(plant));
                shrink(stack);
                break;
            }
        }
        if (is_crop && crop_age(registry, state) < blocks_.max_age(block)) {
            std::erase(valid_farmland_, pos);
            above_farmland_pos_ = random_valid_farmland(level);
            if (above_farmland_pos_) {
                next_ok_start_time_ = time + 20;
                set_targets(mob, *above_farmland_pos_);
            }
        }
    }
    ++time_worked_so_far_;
}

// ---- UseBonemeal ----

UseBonemeal::UseBonemeal(const StandardMemories& m)
    : Behavior({{m.look_target, MemoryStatus::VALUE_ABSENT}, {m.walk_target, MemoryStatus::VALUE_ABSENT}}),
      look_target_(m.look_target),
      walk_target_(m.walk_target) {}

std::optional<BlockPos> UseBonemeal::pick_next_target(Level& level, const Mob& mob) {
    const BlockRegistry& registry = level.blocks();
    blocks_.resolve(registry);
    std::optional<BlockPos> picked;
    std::int32_t seen = 0;
    const BlockPos base = mob.block_position();
    for (int j = -1; j <= 1; ++j)
        for (int k = -1; k <= 1; ++k)
            for (int l = -1; l <= 1; ++l) {
                const BlockPos pos = base.offset(j, k, l);
                const BlockState state = level.block_state(pos);
                const Handle<BlockInfo> block = registry.block_of(state);
                if (!blocks_.is_crop(block) || crop_age(registry, state) >= blocks_.max_age(block)) continue;
                ++seen;
                if (level.random().next_int(seen) == 0) picked = pos;
            }
    return picked;
}

void UseBonemeal::set_current_crop_as_target(Mob& mob) {
    if (!crop_pos_) return;
    Brain& b = *mob.brain();
    b.set_memory(look_target_, PositionTracker::block(*crop_pos_));
    b.set_memory(walk_target_, WalkTarget(*crop_pos_, 0.5f, 1));
}

bool UseBonemeal::check_extra_start_conditions(Level& level, Mob& mob) {
    const std::int64_t tick_count = level.game_time();
    if (tick_count % 10 != 0 || (last_bonemealing_session_ != 0 && last_bonemealing_session_ + 160 > tick_count))
        return false;
    const VillagerState* villager = mob.attachment_as<VillagerState>();
    if (villager == nullptr || villager->count_item(vanilla_items().bone_meal) <= 0) return false;
    crop_pos_ = pick_next_target(level, mob);
    return crop_pos_.has_value();
}

bool UseBonemeal::can_still_use(Level&, Mob&, std::int64_t) {
    return time_worked_so_far_ < bonemealing_duration && crop_pos_.has_value();
}

void UseBonemeal::start(Level&, Mob& mob, std::int64_t time) {
    set_current_crop_as_target(mob);
    mob.set_equipment(EquipmentSlot::MainHand, ItemStack{vanilla_items().bone_meal, 1});
    next_work_cycle_time_ = time;
    time_worked_so_far_ = 0;
}

void UseBonemeal::stop(Level& level, Mob& mob, std::int64_t) {
    mob.set_equipment(EquipmentSlot::MainHand, ItemStack{});
    last_bonemealing_session_ = level.game_time();
}

void UseBonemeal::tick(Level& level, Mob& mob, std::int64_t time) {
    if (!crop_pos_) return;
    const BlockPos pos = *crop_pos_;
    if (time < next_work_cycle_time_ || !closer_to_center_than(pos, mob.position(), 1.0)) return;
    VillagerState* villager = mob.attachment_as<VillagerState>();
    ItemStack* bone_meal = nullptr;
    if (villager != nullptr)
        for (ItemStack& stack : villager->inventory)
            if (!stack.empty() && stack.item == vanilla_items().bone_meal) {
                bone_meal = &stack;
                break;
            }
    if (bone_meal != nullptr && grow_crop(level, pos, *bone_meal, blocks_)) {
        crop_pos_ = pick_next_target(level, mob);
        set_current_crop_as_target(mob);
        next_work_cycle_time_ = time + 40;
    }
    ++time_worked_so_far_;
}

}  // namespace mobsdk::stdlib
