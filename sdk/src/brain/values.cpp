#include "mobsdk/brain/values.hpp"

#include <algorithm>

namespace mobsdk::brain {

// ---- PositionTracker ----

PositionTracker PositionTracker::block(BlockPos pos) noexcept {
    PositionTracker t;
    t.kind_ = Kind::Block;
    t.block_ = pos;
    return t;
}

PositionTracker PositionTracker::block(const Vec3& pos) noexcept {
    return block(pos.block_pos());
}

PositionTracker PositionTracker::entity(const Entity& entity, bool track_eye_height) {
    return PositionTracker::entity(entity.ref(), track_eye_height, entity.position(),
                                   entity.eye_height());
}

PositionTracker PositionTracker::entity(const EntityRef& ref, bool track_eye_height,
                                        const Vec3& last_known, double eye_height) noexcept {
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

bool NearestVisibleLivingEntities::contains(const EntityRef& entity) const noexcept {
    return std::find(visible_.begin(), visible_.end(), entity) != visible_.end();
}

}  // namespace mobsdk::brain
