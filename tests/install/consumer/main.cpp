// Uses the installed SDK: a registry and an NBT round trip through SNBT and binary.
#include <cstdio>
#include <mobsdk/core/registry.hpp>
#include <mobsdk/nbt/io.hpp>
#include <mobsdk/nbt/snbt.hpp>

int main() {
    struct Activity {};
    mobsdk::Registry<Activity> activities(mobsdk::ResourceLocation::of("activity"));
    auto work = activities.register_entry("work", {}, "consumer");
    auto tag = mobsdk::nbt::parse_snbt(R"({activity:"minecraft:work",pos:[I;1,2,3]})");
    if (!tag) return 1;
    auto bytes = mobsdk::nbt::encode(*tag, "", mobsdk::nbt::Compression::Gzip);
    if (!bytes) return 2;
    auto back = mobsdk::nbt::read_any(*bytes);
    if (!back || !(back->root.tag == *tag)) return 3;
    std::printf("%s %s\n", activities.id_of(work).str().c_str(), mobsdk::nbt::to_snbt(back->root.tag).c_str());
    return 0;
}
