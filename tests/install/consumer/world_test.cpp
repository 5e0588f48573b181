// Uses the installed world harness, as a plugin author's own tests would: a flat world, a zombie
// dropped from 5 blocks, ticked until it lands.
#include <cstdio>
#include <mobserver/world/harness.hpp>

int main() {
    mobsdk::server::WorldHarness h;
    auto& zombie = h.spawn("zombie", {0.5, mobsdk::server::WorldHarness::ground_y + 5.0, 0.5});
    h.tick(40);
    std::printf("zombie at y=%.1f on_ground=%d\n", zombie.position().y, zombie.on_ground() ? 1 : 0);
    return zombie.on_ground() ? 0 : 1;
}
