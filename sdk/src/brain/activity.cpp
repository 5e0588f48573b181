#include "mobsdk/brain/activity.hpp"

namespace mobsdk::brain {

VanillaActivities register_vanilla_activities(Registry<ActivityInfo>& r) {
    auto reg = [&](const char* id) { return r.register_entry(id, ActivityInfo{}); };
    VanillaActivities a;
    a.core = reg("core");
    a.idle = reg("idle");
    a.work = reg("work");
    a.play = reg("play");
    a.rest = reg("rest");
    a.meet = reg("meet");
    a.panic = reg("panic");
    a.raid = reg("raid");
    a.pre_raid = reg("pre_raid");
    a.hide = reg("hide");
    a.fight = reg("fight");
    a.celebrate = reg("celebrate");
    a.admire_item = reg("admire_item");
    a.avoid = reg("avoid");
    a.ride = reg("ride");
    a.play_dead = reg("play_dead");
    a.long_jump = reg("long_jump");
    a.ram = reg("ram");
    a.tongue = reg("tongue");
    a.swim = reg("swim");
    a.lay_spawn = reg("lay_spawn");
    a.sniff = reg("sniff");
    a.investigate = reg("investigate");
    a.roar = reg("roar");
    a.emerge = reg("emerge");
    a.dig = reg("dig");
    return a;
}

}  // namespace mobsdk::brain
