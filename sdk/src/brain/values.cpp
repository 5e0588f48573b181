#include "mobsdk/brain/values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace mobsdk::brain {

// ---- PositionTracker ----

PositionTracker PositionTracker::block(BlockPos pos) noexcept {
    PositionTracker t;
    t.kind_ = Kind::Block;
    t.block_ = pos;
    return t;
}

PositionTracker PositionTracker::block(const Vec3& pos) noexcept { return block(pos.block_pos()); }

PositionTracker PositionTracker::entity(const Entity& entity, bool track_eye_height) {
    return PositionTracker::entity(entity.ref(), track_eye_height, entity.position(), entity.eye_height());
}

PositionTracker PositionTracker::entity(const EntityRef& ref, bool track_eye_height, const Vec3& last_known,
                                        double eye_height) noexcept {
    PositionTracker t;
    t.kind_ = Kind::Entity;
    t.entity_ = ref;
    t.track_eye_height_ = track_eye_height;
    t.last_seen_ = last_known;
    t.last_eye_height_ = eye_height;
    return t;
}

Entity* PositionTracker::resolve(Level& level) const {
    if (kind_ != Kind::Entity) return nullptr;
    Entity* e = level.resolve(entity_);
    if (e) {
        last_seen_ = e->position();
        last_eye_height_ = e->eye_height();
    }
    return e;
}

std::optional<Vec3> PositionTracker::try_current_position(Level& level) const {
    if (kind_ == Kind::Block) return Vec3::at_center(block_);
    const Entity* e = resolve(level);
    if (!e) return std::nullopt;
    return track_eye_height_ ? e->eye_position() : e->position();
}

Vec3 PositionTracker::current_position(Level& level) const {
    if (auto p = try_current_position(level)) return *p;
    // Gone: where it was last seen, as vanilla's tracker, which still holds the removed entity.
    return track_eye_height_ ? last_seen_ + Vec3{0, last_eye_height_, 0} : last_seen_;
}

BlockPos PositionTracker::current_block_position(Level& level) const {
    if (kind_ == Kind::Block) return block_;
    if (const Entity* e = resolve(level)) return e->block_position();
    return last_seen_.block_pos();
}

bool PositionTracker::is_visible_by(Level& level, const Mob& /*observer*/) const {
    if (kind_ == Kind::Block) return true;
    const Entity* e = resolve(level);
    return e && e->is_alive();
}

bool PositionTracker::is_visible_by(Level& level, const Mob& observer,
                                    const NearestVisibleLivingEntities* visible_mobs) const {
    if (kind_ == Kind::Block) return true;
    return is_visible_by(level, observer) && visible_mobs && visible_mobs->contains(entity_);
}

bool operator==(const PositionTracker& a, const PositionTracker& b) noexcept {
    if (a.kind_ != b.kind_) return false;
    if (a.kind_ == PositionTracker::Kind::Block) return a.block_ == b.block_;
    return a.entity_ == b.entity_ && a.track_eye_height_ == b.track_eye_height_;
}

// ---- NearestVisibleLivingEntities ----

NearestVisibleLivingEntities::NearestVisibleLivingEntities(EntityList nearby, EntityList visible)
    : nearby_(std::move(nearby)) {
    assign(nearby_, visible);
}

void NearestVisibleLivingEntities::assign(std::span<const EntityRef> nearby, std::span<const EntityRef> visible) {
    // Check before changing anything: a value that throws keeps its old contents.
    std::vector<std::uint8_t> answers(nearby.size(), unseen);
    std::size_t v = 0;
    for (std::size_t i = 0; i < nearby.size() && v < visible.size(); ++i)
        if (nearby[i] == visible[v]) {
            answers[i] = seen;
            ++v;
        }
    if (v < visible.size()) {
        std::ostringstream message;
        message << "NearestVisibleLivingEntities: visible entity " << visible[v].uuid
                << " is not in the nearby list, or not in its order";
        throw std::invalid_argument(message.str());
    }
    if (nearby.data() != nearby_.data()) nearby_.assign(nearby.begin(), nearby.end());
    answers_ = std::move(answers);
    visible_.assign(visible.begin(), visible.end());
    visible_complete_ = true;
    level_ = nullptr;
    observer_ = EntityRef{};
    test_ = nullptr;
    context_ = 0;
}

void NearestVisibleLivingEntities::assign_lazy(std::span<const EntityRef> nearby, Level& level,
                                               const EntityRef& observer, VisibilityTest test, std::uint64_t context) {
    nearby_.assign(nearby.begin(), nearby.end());
    answers_.assign(nearby_.size(), untested);
    visible_.clear();
    visible_complete_ = nearby_.empty();
    level_ = &level;
    observer_ = observer;
    test_ = test;
    context_ = context;
}

bool NearestVisibleLivingEntities::test_at(std::size_t index) const {
    bool visible = false;
    if (level_ != nullptr && test_ != nullptr) {
        Mob* observer = level_->resolve_mob(observer_);
        const Entity* target = level_->resolve(nearby_[index]);
        visible = observer != nullptr && target != nullptr && test_(*level_, *observer, *target, context_);
    }
    answers_[index] = visible ? seen : unseen;
    return visible;
}

std::size_t NearestVisibleLivingEntities::tested_count() const noexcept {
    return static_cast<std::size_t>(
        std::count_if(answers_.begin(), answers_.end(), [](std::uint8_t a) { return a != untested; }));
}

const EntityList& NearestVisibleLivingEntities::visible() const {
    if (!visible_complete_) {
        visible_.clear();
        for (std::size_t i = 0; i < nearby_.size(); ++i)
            if (is_visible(i)) visible_.push_back(nearby_[i]);
        visible_complete_ = true;
    }
    return visible_;
}

bool NearestVisibleLivingEntities::contains(const EntityRef& entity) const {
    const auto it = std::find(nearby_.begin(), nearby_.end(), entity);
    return it != nearby_.end() && is_visible(static_cast<std::size_t>(it - nearby_.begin()));
}

bool operator==(const NearestVisibleLivingEntities& a, const NearestVisibleLivingEntities& b) noexcept {
    return a.nearby_ == b.nearby_ && a.answers_ == b.answers_ && a.level_ == b.level_ && a.observer_ == b.observer_ &&
           a.test_ == b.test_ && a.context_ == b.context_;
}

// ---- how the values read (the `brain` command) ----

namespace {

std::string distance_from(const FormatContext& context, const Vec3& at) {
    if (!context.origin) return {};
    char buf[48];
    std::snprintf(buf, sizeof buf, ", %.2f away", std::sqrt(context.origin->dist_sqr(at)));
    return buf;
}

}  // namespace

std::string format_memory_value(const PositionTracker& tracker, const FormatContext& context) {
    if (!tracker.is_entity()) return "block " + format_block_pos(tracker.block_pos());
    std::string out = "entity ";
    // Resolved by hand, not through current_position: that would refresh the tracker's cache.
    if (context.level && context.level->resolve(tracker.entity_ref()))
        out += format_entity(tracker.entity_ref(), context);
    else
        out += tracker.entity_ref().uuid.str() + " (not loaded, last seen in " + format_block_pos(tracker.block_pos()) +
               ")";
    if (tracker.track_eye_height()) out += ", eyes";
    return out;
}

std::string format_memory_value(const WalkTarget& target, const FormatContext& context) {
    std::string out = "to ";
    if (target.target.is_entity()) {
        out += format_memory_value(target.target, context);
    } else {
        const BlockPos b = target.target.block_pos();
        out += format_block_pos(b);
        out += distance_from(context, Vec3{b.x + 0.5, b.y + 0.5, b.z + 0.5});
    }
    out += ", speed " + detail::format_number(target.speed_modifier);
    out += ", close enough within " + std::to_string(target.close_enough_dist);
    return out;
}

std::string format_memory_value(const DamageSource& source, const FormatContext& context) {
    std::string out = source.type.str();
    if (source.attacker) out += " by " + format_entity(*source.attacker, context);
    if (source.direct_entity && source.direct_entity != source.attacker)
        out += ", direct " + format_entity(*source.direct_entity, context);
    if (source.source_position) out += ", from " + format_vec3(*source.source_position);
    return out;
}

std::string format_memory_value(const NearestVisibleLivingEntities& entities, const FormatContext& context) {
    const EntityList& nearby = entities.nearby();
    std::size_t visible = 0;
    std::size_t untested = 0;
    for (std::size_t i = 0; i < nearby.size(); ++i) {
        const std::optional<bool> v = entities.known_visibility(i);
        if (!v) ++untested;
        else if (*v) ++visible;
    }
    std::string out = std::to_string(nearby.size()) + " nearby, " + std::to_string(visible) + " visible";
    if (untested > 0) out += ", " + std::to_string(untested) + " untested";
    for (std::size_t i = 0; i < nearby.size(); ++i) {
        if (i == context.max_items) {
            out += "; …";
            break;
        }
        out += i == 0 ? ": " : "; ";
        const std::optional<bool> v = entities.known_visibility(i);
        out += format_entity(nearby[i], context) + (!v ? " [untested]" : *v ? " [visible]" : " [not visible]");
    }
    return out;
}

}  // namespace mobsdk::brain
