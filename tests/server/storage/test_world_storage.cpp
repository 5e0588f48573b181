// WorldStorage over a temporary level folder: round trips of blocks, POIs and entities, the save
// journal (a crash after it is written replays, a torn one is discarded), corrupt chunks copied
// aside and never overwritten, and the cap on open region files.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <iterator>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "mobsdk/world/poi_type.hpp"
#include "mobsdk/world/registries.hpp"
#include "mobserver/storage/chunk_codec.hpp"
#include "mobserver/storage/world_storage.hpp"
#include "mobserver/world/chunk_map.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

struct Fixture {
    WorldRegistries reg;
    VanillaBlocks blocks = register_vanilla_blocks(reg.blocks);
    VanillaPoiTypes poi = register_vanilla_poi_types(reg.poi_types);
    Fixture() { reg.freeze(); }

    std::unique_ptr<LevelChunk> chunk(ChunkPos pos) {
        auto c = std::make_unique<LevelChunk>(pos, reg.blocks);
        FlatGenerator::vanilla_default(reg.blocks).generate(*c);
        c->recount();
        c->recompute_heightmaps();
        // Something that tells chunks apart: stone at a position derived from the chunk.
        c->set_block({pos.min_block_x() + (pos.x & 15), -50, pos.min_block_z() + (pos.z & 15)},
                     reg.blocks.default_state(blocks.stone));
        return c;
    }
};

nbt::Compound villager(std::int32_t n) {
    return nbt::Compound{{"id", "minecraft:villager"}, {"UUID", nbt::IntArray{n, 2, 3, 4}}, {"Health", 20.0f}};
}

std::vector<fs::path> files_starting(const fs::path& dir, const std::string& prefix) {
    std::vector<fs::path> out;
    if (!fs::exists(dir)) return out;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind(prefix, 0) == 0) out.push_back(e.path());
    return out;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Two chunks in two region files (blocks and entities), the villager in `a`.
std::vector<ChunkSaveEntry> two_columns(const LevelChunk& a, const LevelChunk& b, bool villager_in_a) {
    std::vector<ChunkSaveEntry> batch(2);
    batch[0].pos = a.pos();
    batch[0].blocks = &a;
    batch[0].entities = villager_in_a ? std::vector<nbt::Compound>{villager(7)} : std::vector<nbt::Compound>{};
    batch[1].pos = b.pos();
    batch[1].blocks = &b;
    batch[1].entities = villager_in_a ? std::vector<nbt::Compound>{} : std::vector<nbt::Compound>{villager(7)};
    return batch;
}

std::size_t entity_count(WorldStorage& s, ChunkPos pos) {
    std::vector<std::string> w;
    const auto e = s.load_entities(pos, w);
    BOOST_TEST(w.empty());
    BOOST_REQUIRE(e.has_value());
    return e->size();
}

/// Saves both columns with the villager in `a`, then the save in which it has walked to `b`, with
/// the process "dying" right after that save's journal is synced.
void save_then_crash_after_journal(WorldStorage& storage, const LevelChunk& a, const LevelChunk& b) {
    auto first = two_columns(a, b, true);
    BOOST_REQUIRE(storage.save(first, 1).empty());
    storage.crash_after_journal_for_test(true);
    auto second = two_columns(a, b, false);
    BOOST_REQUIRE(storage.save(second, 2).empty());
}

}  // namespace

BOOST_FIXTURE_TEST_SUITE(world_storage, Fixture)

BOOST_AUTO_TEST_CASE(missing_column_loads_empty_and_creates_nothing) {
    TempDir dir("storage-missing");
    WorldStorage storage(dir.path / "world", reg.poi_types);
    const ChunkLoadResult r = storage.load({3, 4}, reg.blocks);
    BOOST_TEST(!r.blocks);
    BOOST_TEST(!r.poi.has_value());
    BOOST_TEST(r.entities.empty());
    BOOST_TEST(r.warnings.empty());
    BOOST_TEST(!fs::exists(dir.path / "world" / "region"));
    BOOST_TEST(storage.startup_warnings().empty());
}

BOOST_AUTO_TEST_CASE(save_and_load_round_trip) {
    TempDir dir("storage-roundtrip");
    const ChunkPos pos{-3, 40};
    auto c = chunk(pos);
    std::map<std::int32_t, PoiSection> sections;
    const BlockPos bed{-40, -60, 650};
    sections[-4].records[bed] = PoiEntry{bed, poi.home, 1};
    {
        WorldStorage storage(dir.path / "world", reg.poi_types);
        ChunkSaveEntry e;
        e.pos = pos;
        e.blocks = c.get();
        e.poi = sections;
        e.entities = std::vector<nbt::Compound>{villager(1), villager(2)};
        BOOST_TEST(storage.save({&e, 1}, 500).empty());
        BOOST_TEST(storage.stats().chunks_written == 3u);
        BOOST_TEST(!fs::exists(dir.path / "world" / WorldStorage::journal_name));
    }
    BOOST_TEST(fs::exists(dir.path / "world" / "region" / "r.-1.1.mca"));
    BOOST_TEST(fs::exists(dir.path / "world" / "entities" / "r.-1.1.mca"));
    BOOST_TEST(fs::exists(dir.path / "world" / "poi" / "r.-1.1.mca"));

    WorldStorage storage(dir.path / "world", reg.poi_types);
    ChunkLoadResult r = storage.load(pos, reg.blocks);
    BOOST_TEST(r.warnings.empty());
    BOOST_REQUIRE(r.blocks);
    for (std::int32_t y = min_y; y < 0; ++y)
        for (std::int32_t z = 0; z < 16; ++z)
            for (std::int32_t x = 0; x < 16; ++x) {
                const BlockPos p{pos.min_block_x() + x, y, pos.min_block_z() + z};
                if (r.blocks->get_block(p) != c->get_block(p)) BOOST_TEST_FAIL("block differs at y " << y);
            }
    BOOST_REQUIRE(r.poi.has_value());
    BOOST_TEST((*r.poi == sections));
    BOOST_REQUIRE(r.entities.size() == 2u);
    BOOST_TEST((r.entities[1] == villager(2)));

    // The block chunk on disk is vanilla's, at the header index of (-3 & 31, 40 & 31).
    auto region = RegionFile::open(dir.path / "world" / "region" / "r.-1.1.mca", false);
    BOOST_REQUIRE(region.has_value());
    auto root = region->read(29, 8);
    BOOST_REQUIRE(root.has_value());
    BOOST_REQUIRE(root->has_value());
    BOOST_TEST((**root).get<std::int64_t>("LastUpdate") == 500);
    BOOST_TEST((**root).get<std::int32_t>("xPos") == -3);
}

BOOST_AUTO_TEST_CASE(absent_parts_are_kept_and_empty_entities_remove_the_chunk) {
    TempDir dir("storage-parts");
    WorldStorage storage(dir.path / "world", reg.poi_types);
    const ChunkPos pos{1, 1};
    auto c = chunk(pos);
    ChunkSaveEntry e;
    e.pos = pos;
    e.blocks = c.get();
    e.entities = std::vector<nbt::Compound>{villager(1)};
    BOOST_REQUIRE(storage.save({&e, 1}, 0).empty());

    ChunkSaveEntry blocks_only;
    blocks_only.pos = pos;
    blocks_only.blocks = c.get();
    BOOST_REQUIRE(storage.save({&blocks_only, 1}, 0).empty());
    BOOST_TEST(entity_count(storage, pos) == 1u);

    ChunkSaveEntry none;
    none.pos = pos;
    none.entities = std::vector<nbt::Compound>{};
    BOOST_REQUIRE(storage.save({&none, 1}, 0).empty());
    BOOST_TEST(entity_count(storage, pos) == 0u);
    auto region = RegionFile::open(storage.region_path(ChunkKind::Entities, pos), false);
    BOOST_REQUIRE(region.has_value());
    BOOST_TEST(!region->contains(1, 1));  // vanilla writes nothing for a column without entities
    BOOST_TEST(storage.load(pos, reg.blocks).blocks != nullptr);
}

BOOST_AUTO_TEST_CASE(journal_encodes_and_detects_damage) {
    const std::vector<WorldStorage::JournalEntry> entries{
        {ChunkKind::Entities, -1, 2, 1023, (300u << 8) | 2u, 1700000000}, {ChunkKind::Poi, 5, -6, 0, 0, 0}};
    const auto bytes = WorldStorage::encode_journal(entries);
    BOOST_TEST(bytes.size() == 8u + 2u * 19u + 4u);
    BOOST_TEST(bytes[0] == 'M');
    auto back = WorldStorage::decode_journal(bytes);
    BOOST_REQUIRE(back.has_value());
    BOOST_TEST((*back == entries));

    auto torn = bytes;
    torn.pop_back();
    BOOST_TEST(contains(WorldStorage::decode_journal(torn).error(), "expected 50"));
    auto flipped = bytes;
    flipped[20] ^= 1;
    BOOST_TEST(contains(WorldStorage::decode_journal(flipped).error(), "checksum"));
    BOOST_TEST(contains(WorldStorage::decode_journal(std::vector<std::uint8_t>(4, 0)).error(), "too short"));
}

BOOST_AUTO_TEST_CASE(crash_after_the_journal_replays_the_whole_batch) {
    TempDir dir("storage-replay");
    const fs::path level = dir.path / "world";
    // Two columns in different region files: (0, 0) in r.0.0, (40, 0) in r.1.0.
    auto a = chunk({0, 0});
    auto b = chunk({40, 0});
    {
        WorldStorage storage(level, reg.poi_types);
        // The villager walks from a to b; the process dies right after the journal is synced.
        save_then_crash_after_journal(storage, *a, *b);
        BOOST_TEST(fs::exists(level / WorldStorage::journal_name));
    }
    {
        // On disk, the headers still name the old state: the villager is in a only.
        auto ra = RegionFile::open(level / "entities" / "r.0.0.mca", false);
        BOOST_REQUIRE(ra.has_value());
        BOOST_TEST(ra->contains(0, 0));
        auto rb = RegionFile::open(level / "entities" / "r.1.0.mca", false);
        BOOST_REQUIRE(rb.has_value());  // the staged chunk is in the file, but not in its header
        BOOST_TEST(!rb->contains(8, 0));
    }
    const auto journal = read_bytes(level / WorldStorage::journal_name);
    {
        WorldStorage storage(level, reg.poi_types);
        BOOST_TEST(storage.stats().journals_replayed == 1u);
        BOOST_REQUIRE(storage.startup_warnings().size() == 1u);
        BOOST_TEST(contains(storage.startup_warnings()[0], "replayed 4 header entries"));
        BOOST_TEST(!fs::exists(level / WorldStorage::journal_name));
        BOOST_TEST(entity_count(storage, {0, 0}) == 0u);
        BOOST_TEST(entity_count(storage, {40, 0}) == 1u);
        const ChunkLoadResult ra = storage.load({0, 0}, reg.blocks);
        BOOST_TEST(ra.warnings.empty());
        BOOST_TEST(ra.blocks != nullptr);
    }
    // Replaying the same journal again (a crash before its deletion reached the disk) changes nothing.
    write_bytes(level / WorldStorage::journal_name, journal);
    WorldStorage again(level, reg.poi_types);
    BOOST_TEST(again.stats().journals_replayed == 1u);
    BOOST_TEST(entity_count(again, {0, 0}) == 0u);
    BOOST_TEST(entity_count(again, {40, 0}) == 1u);
    BOOST_TEST(again.load({40, 0}, reg.blocks).blocks != nullptr);
}

BOOST_AUTO_TEST_CASE(the_same_object_replays_before_its_next_save) {
    TempDir dir("storage-replay-same");
    const fs::path level = dir.path / "world";
    auto a = chunk({0, 0});
    auto b = chunk({40, 0});
    WorldStorage storage(level, reg.poi_types);
    save_then_crash_after_journal(storage, *a, *b);
    // The next save lands the journaled batch first, then its own.
    ChunkSaveEntry blocks_only;
    blocks_only.pos = {0, 0};
    blocks_only.blocks = a.get();
    BOOST_REQUIRE(storage.save({&blocks_only, 1}, 3).empty());
    BOOST_TEST(storage.stats().journals_replayed == 1u);
    BOOST_TEST(entity_count(storage, {0, 0}) == 0u);
    BOOST_TEST(entity_count(storage, {40, 0}) == 1u);
}

BOOST_AUTO_TEST_CASE(torn_journal_leaves_the_old_state) {
    TempDir dir("storage-torn");
    const fs::path level = dir.path / "world";
    auto a = chunk({0, 0});
    auto b = chunk({40, 0});
    {
        WorldStorage storage(level, reg.poi_types);
        save_then_crash_after_journal(storage, *a, *b);
    }
    // The crash came while the journal was written: its last bytes never reached the disk.
    auto bytes = read_bytes(level / WorldStorage::journal_name);
    BOOST_REQUIRE(bytes.size() > 10);
    bytes.resize(bytes.size() - 7);
    write_bytes(level / WorldStorage::journal_name, bytes);

    WorldStorage storage(level, reg.poi_types);
    BOOST_TEST(storage.stats().journals_discarded == 1u);
    BOOST_TEST(storage.stats().journals_replayed == 0u);
    BOOST_REQUIRE(storage.startup_warnings().size() == 1u);
    BOOST_TEST(contains(storage.startup_warnings()[0], "discarded"));
    BOOST_TEST(!fs::exists(level / WorldStorage::journal_name));
    BOOST_TEST(entity_count(storage, {0, 0}) == 1u);
    BOOST_TEST(entity_count(storage, {40, 0}) == 0u);

    // The orphaned staged sectors are free again and get reused; everything still reads.
    auto second = two_columns(*a, *b, false);
    BOOST_REQUIRE(storage.save(second, 3).empty());
    BOOST_TEST(entity_count(storage, {0, 0}) == 0u);
    BOOST_TEST(entity_count(storage, {40, 0}) == 1u);
    BOOST_TEST(storage.load({40, 0}, reg.blocks).blocks != nullptr);
}

BOOST_AUTO_TEST_CASE(corrupt_chunk_is_copied_aside_and_never_overwritten) {
    TempDir dir("storage-corrupt");
    const fs::path level = dir.path / "world";
    const ChunkPos pos{3, -7};
    auto c = chunk(pos);
    WorldStorage storage(level, reg.poi_types);
    ChunkSaveEntry e;
    e.pos = pos;
    e.blocks = c.get();
    BOOST_REQUIRE(storage.save({&e, 1}, 0).empty());
    storage.flush();

    // Damage the compression byte of the stored chunk.
    const fs::path file = storage.region_path(ChunkKind::Blocks, pos);
    BOOST_TEST(file.filename() == "r.0.-1.mca");
    std::uint32_t sector = 0, count = 0;
    {
        auto region = RegionFile::open(file, false);
        BOOST_REQUIRE(region.has_value());
        std::tie(sector, count) = region->sectors_of(pos.x, pos.z);
    }
    auto bytes = read_bytes(file);
    bytes[sector * 4096 + 4] = 7;
    write_bytes(file, bytes);
    const std::vector<std::uint8_t> damaged(
        bytes.begin() + sector * 4096, bytes.begin() + std::min<std::size_t>(bytes.size(), (sector + count) * 4096));

    ChunkLoadResult r = storage.load(pos, reg.blocks);
    BOOST_TEST(!r.blocks);
    BOOST_REQUIRE(r.warnings.size() == 1u);
    BOOST_TEST(contains(r.warnings[0],
                        "region/r.0.-1.mca chunk [3, -7]: unknown compression type 7; copied aside to "
                        "region/r.0.-1.mca.corrupt-3--7-"));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 1u);
    const auto copies = files_starting(level / "region", "r.0.-1.mca.corrupt-3--7-");
    BOOST_REQUIRE(copies.size() == 1u);
    BOOST_TEST((read_bytes(copies[0]) == damaged));

    // Loading again neither copies again nor uses the chunk.
    r = storage.load(pos, reg.blocks);
    BOOST_TEST(!r.blocks);
    BOOST_REQUIRE(r.warnings.size() == 1u);
    BOOST_TEST(contains(r.warnings[0], "already copied aside"));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 1u);

    // The regenerated chunk goes to other sectors; the copy keeps the old bytes.
    BOOST_REQUIRE(storage.save({&e, 1}, 0).empty());
    r = storage.load(pos, reg.blocks);
    BOOST_TEST(r.warnings.empty());
    BOOST_TEST(r.blocks != nullptr);
    BOOST_TEST((read_bytes(copies[0]) == damaged));
}

BOOST_AUTO_TEST_CASE(chunk_that_does_not_parse_is_copied_aside) {
    TempDir dir("storage-badnbt");
    const fs::path level = dir.path / "world";
    const ChunkPos pos{5, 5};
    {
        // A chunk stored under the wrong position, and an entity chunk without Position.
        fs::create_directories(level / "region");
        fs::create_directories(level / "entities");
        auto region = RegionFile::open(level / "region" / "r.0.0.mca", true);
        BOOST_REQUIRE(region.has_value());
        auto c = chunk({6, 5});
        BOOST_REQUIRE(region->write(5, 5, write_chunk_nbt(*c, 0), 1).has_value());
        auto ents = RegionFile::open(level / "entities" / "r.0.0.mca", true);
        BOOST_REQUIRE(ents.has_value());
        BOOST_REQUIRE(ents->write(5, 5, nbt::Compound{{"DataVersion", std::int32_t{3700}}}, 1).has_value());
    }
    WorldStorage storage(level, reg.poi_types);
    const ChunkLoadResult r = storage.load(pos, reg.blocks);
    BOOST_TEST(!r.blocks);
    BOOST_TEST(r.entities.empty());
    BOOST_REQUIRE(r.warnings.size() == 2u);
    BOOST_TEST(contains(r.warnings[0], "xPos/zPos (6, 5) is not the chunk it is stored for (5, 5)"));
    BOOST_TEST(contains(r.warnings[1], "entities/r.0.0.mca chunk [5, 5]: missing Position"));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 2u);
    BOOST_TEST(files_starting(level / "region", "r.0.0.mca.corrupt-5-5-").size() == 1u);
    BOOST_TEST(files_starting(level / "entities", "r.0.0.mca.corrupt-5-5-").size() == 1u);
}

BOOST_AUTO_TEST_CASE(unknown_blocks_load_as_air_with_a_warning) {
    TempDir dir("storage-unknown");
    const fs::path level = dir.path / "world";
    auto c = chunk({0, 0});
    nbt::Compound root = write_chunk_nbt(*c, 0);
    root.get<nbt::List>("sections")[0]
        .as_compound()
        .get<nbt::Compound>("block_states")
        .get<nbt::List>("palette")[0]
        .as_compound()
        .put("Name", "minecraft:future_block");
    fs::create_directories(level / "region");
    {
        auto region = RegionFile::open(level / "region" / "r.0.0.mca", true);
        BOOST_REQUIRE(region->write(0, 0, root, 1).has_value());
    }
    WorldStorage storage(level, reg.poi_types);
    const ChunkLoadResult r = storage.load({0, 0}, reg.blocks);
    BOOST_REQUIRE(r.blocks);
    BOOST_TEST(r.blocks->get_block({0, -64, 0}) == BlockState{});
    BOOST_REQUIRE(r.warnings.size() == 1u);
    BOOST_TEST(contains(r.warnings[0],
                        "region/r.0.0.mca chunk [0, 0]: sections[Y=-4].block_states.palette[0]: "
                        "unknown block 'minecraft:future_block'"));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 0u);
}

BOOST_AUTO_TEST_CASE(newer_and_unfinished_chunks_are_refused_and_left_as_they_are) {
    TempDir dir("storage-refused");
    const fs::path level = dir.path / "world";
    nbt::Compound newer = write_chunk_nbt(*chunk({0, 0}), 0);
    newer.put("DataVersion", std::int32_t{3839});  // 1.20.6
    nbt::Compound unfinished = write_chunk_nbt(*chunk({2, 0}), 0);
    unfinished.put("Status", "minecraft:features");
    fs::create_directories(level / "region");
    fs::create_directories(level / "entities");
    {
        auto region = RegionFile::open(level / "region" / "r.0.0.mca", true);
        BOOST_REQUIRE(region->write(0, 0, newer, 1).has_value());
        BOOST_REQUIRE(region->write(2, 0, unfinished, 1).has_value());
        auto ents = RegionFile::open(level / "entities" / "r.0.0.mca", true);
        BOOST_REQUIRE(ents->write(0, 0, write_entities_nbt({0, 0}, {villager(1)}), 1).has_value());
    }
    WorldStorage storage(level, reg.poi_types);
    ChunkLoadResult r = storage.load({0, 0}, reg.blocks);
    BOOST_TEST(!r.blocks);
    BOOST_TEST((r.refused == ChunkRefusal::Version));
    BOOST_TEST(contains(r.error, "region/r.0.0.mca chunk [0, 0]: DataVersion 3839 is newer than 1.20.4's (3700)"));
    std::vector<std::string> warnings;
    BOOST_TEST(!storage.load_entities({0, 0}, warnings).has_value());  // its entities are not rewritten either
    r = storage.load({2, 0}, reg.blocks);
    BOOST_TEST((r.refused == ChunkRefusal::Unfinished));
    BOOST_TEST(contains(r.error, "Status is 'minecraft:features'"));

    // A save of a neighbour in the same files leaves both as they were.
    auto other = chunk({1, 0});
    ChunkSaveEntry e;
    e.pos = {1, 0};
    e.blocks = other.get();
    e.entities = std::vector<nbt::Compound>{villager(2)};
    BOOST_TEST(storage.save(std::span<const ChunkSaveEntry>(&e, 1), 10).empty());
    storage.flush();
    auto region = RegionFile::open(level / "region" / "r.0.0.mca", false);
    BOOST_TEST((**region->read(0, 0) == newer));
    BOOST_TEST((**region->read(2, 0) == unfinished));
    auto ents = RegionFile::open(level / "entities" / "r.0.0.mca", false);
    BOOST_TEST((**ents->read(0, 0) == write_entities_nbt({0, 0}, {villager(1)})));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 0u);
    BOOST_TEST(files_starting(level / "region", "r.0.0.mca.corrupt").empty());

    // An entity chunk of a newer version refuses its column too.
    {
        auto ents2 = RegionFile::open(level / "entities" / "r.0.0.mca", false);
        nbt::Compound newer_entities = write_entities_nbt({3, 0}, {villager(3)});
        newer_entities.put("DataVersion", std::int32_t{3955});
        BOOST_REQUIRE(ents2->write(3, 0, newer_entities, 1).has_value());
    }
    WorldStorage again(level, reg.poi_types);
    r = again.load({3, 0}, reg.blocks);
    BOOST_TEST((r.refused == ChunkRefusal::Version));
    BOOST_TEST(contains(r.error, "entities/r.0.0.mca chunk [3, 0]: DataVersion 3955 is newer"));
}

BOOST_AUTO_TEST_CASE(an_older_column_is_saved_with_its_versions_and_what_it_does_not_know) {
    TempDir dir("storage-older");
    const fs::path level = dir.path / "world";
    nbt::Compound blocks_nbt = write_chunk_nbt(*chunk({0, 0}), 0);
    blocks_nbt.put("DataVersion", std::int32_t{3337});
    using C = nbt::Compound;
    const C shrine{{"pos", nbt::IntArray{1, 70, 1}}, {"type", "examplemod:shrine"}, {"free_tickets", 1}};
    const C poi_nbt{{"DataVersion", 3120},
                    {"Sections", C{{"4", C{{"Valid", std::int8_t{1}}, {"Records", nbt::List{nbt::Tag(shrine)}}}}}}};
    for (const char* folder : {"region", "poi", "entities"}) fs::create_directories(level / folder);
    {
        BOOST_REQUIRE(RegionFile::open(level / "region" / "r.0.0.mca", true)->write(0, 0, blocks_nbt, 1).has_value());
        BOOST_REQUIRE(RegionFile::open(level / "poi" / "r.0.0.mca", true)->write(0, 0, poi_nbt, 1).has_value());
        BOOST_REQUIRE(RegionFile::open(level / "entities" / "r.0.0.mca", true)
                          ->write(0, 0, write_entities_nbt({0, 0}, {villager(1)}, 2975), 1)
                          .has_value());
    }
    WorldStorage storage(level, reg.poi_types);
    ChunkLoadResult r = storage.load({0, 0}, reg.blocks);
    BOOST_REQUIRE(r.blocks);
    BOOST_REQUIRE(r.poi.has_value());
    BOOST_TEST(r.poi->at(4).records.empty());
    r.blocks->set_block({2, -50, 2}, reg.blocks.default_state(blocks.stone));
    ChunkSaveEntry e;
    e.pos = {0, 0};
    e.blocks = r.blocks.get();
    e.poi = *r.poi;
    e.entities = std::vector<nbt::Compound>{villager(1), villager(2)};
    BOOST_TEST(storage.save({&e, 1}, 5).empty());
    storage.flush();
    const C blocks_out = **RegionFile::open(level / "region" / "r.0.0.mca", false)->read(0, 0);
    const C poi_out = **RegionFile::open(level / "poi" / "r.0.0.mca", false)->read(0, 0);
    const C entities_out = **RegionFile::open(level / "entities" / "r.0.0.mca", false)->read(0, 0);
    BOOST_TEST(blocks_out.get<std::int32_t>("DataVersion") == 3337);
    BOOST_TEST(poi_out.get<std::int32_t>("DataVersion") == 3120);
    BOOST_TEST((poi_out.get<C>("Sections").get<C>("4").get<nbt::List>("Records")[0].as_compound() == shrine));
    BOOST_TEST(entities_out.get<std::int32_t>("DataVersion") == 2975);
    BOOST_TEST(entities_out.get<nbt::List>("Entities").size() == 2u);
}

BOOST_AUTO_TEST_CASE(an_entity_list_is_not_written_into_a_refused_column_never_loaded) {
    TempDir dir("storage-never-loaded");
    const fs::path level = dir.path / "world";
    nbt::Compound newer = write_chunk_nbt(*chunk({0, 0}), 0);
    newer.put("DataVersion", std::int32_t{3955});
    fs::create_directories(level / "region");
    BOOST_REQUIRE(RegionFile::open(level / "region" / "r.0.0.mca", true)->write(0, 0, newer, 1).has_value());
    WorldStorage storage(level, reg.poi_types);
    std::vector<std::string> warnings;
    auto list = storage.load_entities({0, 0}, warnings);  // as for an entity that walked in
    BOOST_REQUIRE(!list.has_value());
    BOOST_TEST(contains(list.error(), "is left as it is on disk"));
    BOOST_TEST(!fs::exists(level / "entities" / "r.0.0.mca"));
}

BOOST_AUTO_TEST_CASE(truncated_region_file_is_moved_aside) {
    TempDir dir("storage-truncated");
    const fs::path level = dir.path / "world";
    fs::create_directories(level / "region");
    write_bytes(level / "region" / "r.0.0.mca", std::vector<std::uint8_t>(100, 1));
    WorldStorage storage(level, reg.poi_types);
    ChunkLoadResult r = storage.load({1, 1}, reg.blocks);
    BOOST_REQUIRE(r.warnings.size() == 1u);
    BOOST_TEST(contains(r.warnings[0], "truncated header"));
    BOOST_TEST(contains(r.warnings[0], "moved aside to r.0.0.mca.corrupt-"));
    BOOST_TEST(files_starting(level / "region", "r.0.0.mca.corrupt-").size() == 1u);
    auto c = chunk({1, 1});
    ChunkSaveEntry e;
    e.pos = {1, 1};
    e.blocks = c.get();
    BOOST_REQUIRE(storage.save({&e, 1}, 0).empty());
    BOOST_TEST(storage.load({1, 1}, reg.blocks).blocks != nullptr);
}

BOOST_AUTO_TEST_CASE(unchanged_poi_and_entity_chunks_are_not_rewritten) {
    TempDir dir("storage-unchanged");
    const fs::path level = dir.path / "world";
    const ChunkPos pos{2, 3};
    auto c = chunk(pos);
    std::map<std::int32_t, PoiSection> sections;
    const BlockPos bed{40, -60, 50};
    sections[-4].records[bed] = PoiEntry{bed, poi.home, 1};
    ChunkSaveEntry e;
    e.pos = pos;
    e.blocks = c.get();
    e.poi = sections;
    e.entities = std::vector<nbt::Compound>{villager(1)};
    auto sizes = [&] {
        std::vector<std::uintmax_t> out;
        for (const char* kind : {"region", "entities", "poi"}) out.push_back(fs::file_size(level / kind / "r.0.0.mca"));
        return out;
    };
    {
        WorldStorage storage(level, reg.poi_types);
        BOOST_REQUIRE(storage.save({&e, 1}, 5).empty());
        BOOST_TEST(storage.stats().chunks_written == 3u);
        const auto before = sizes();
        // The same POIs and entities again (blocks unchanged, so not passed, as World does).
        ChunkSaveEntry again = e;
        again.blocks = nullptr;
        BOOST_REQUIRE(storage.save({&again, 1}, 6).empty());
        BOOST_TEST(storage.stats().chunks_written == 3u);
        BOOST_TEST(storage.stats().chunks_unchanged == 2u);
        BOOST_TEST(storage.stats().last_batch_bytes == 12u);  // an empty journal's worth: nothing staged
        BOOST_TEST((sizes() == before));
    }
    // After a restart, what was read counts as known: reading the column and saving it unchanged
    // writes nothing; a changed entity list rewrites that chunk only.
    WorldStorage storage(level, reg.poi_types);
    const ChunkLoadResult r = storage.load(pos, reg.blocks);
    BOOST_REQUIRE(r.error.empty());
    ChunkSaveEntry same;
    same.pos = pos;
    same.poi = *r.poi;
    same.entities = r.entities;
    BOOST_REQUIRE(storage.save({&same, 1}, 7).empty());
    BOOST_TEST(storage.stats().chunks_written == 0u);
    BOOST_TEST(storage.stats().chunks_unchanged == 2u);
    same.entities->push_back(villager(2));
    BOOST_REQUIRE(storage.save({&same, 1}, 8).empty());
    BOOST_TEST(storage.stats().chunks_written == 1u);
    BOOST_TEST(storage.stats().chunks_unchanged == 3u);
    BOOST_TEST(entity_count(storage, pos) == 2u);
    // Going back to the first list is a change too (the disk holds two villagers now).
    same.entities->pop_back();
    BOOST_REQUIRE(storage.save({&same, 1}, 9).empty());
    BOOST_TEST(storage.stats().chunks_written == 2u);
    BOOST_TEST(entity_count(storage, pos) == 1u);
}

BOOST_AUTO_TEST_CASE(a_failed_save_releases_its_sectors_and_gives_back_file_growth) {
    TempDir dir("storage-full");
    const fs::path level = dir.path / "world";
    WorldStorage storage(level, reg.poi_types);
    auto first = chunk({0, 0});
    ChunkSaveEntry e0;
    e0.pos = {0, 0};
    e0.blocks = first.get();
    e0.entities = std::vector<nbt::Compound>{villager(1)};
    BOOST_REQUIRE(storage.save({&e0, 1}, 1).empty());
    const auto region_before = fs::file_size(level / "region" / "r.0.0.mca");
    const auto entities_before = fs::file_size(level / "entities" / "r.0.0.mca");

    // Three new columns in r.0.0 and one in a region file of its own; the disk "fills" at the fourth.
    std::vector<std::unique_ptr<LevelChunk>> chunks;
    std::vector<ChunkSaveEntry> batch;
    for (const ChunkPos p : {ChunkPos{1, 0}, ChunkPos{2, 0}, ChunkPos{3, 0}, ChunkPos{40, 0}}) {
        chunks.push_back(chunk(p));
        ChunkSaveEntry e;
        e.pos = p;
        e.blocks = chunks.back().get();
        e.entities = std::vector<nbt::Compound>{villager(p.x + 10)};
        batch.push_back(std::move(e));
    }
    storage.fail_staging_after_for_test(7);  // after the blocks of [40, 0], in a file this save created
    const std::string err = storage.save(batch, 2);
    BOOST_TEST(contains(err, "No space left on device"), err);
    BOOST_TEST(contains(err, "this save needs "), err);
    BOOST_TEST(contains(err, " bytes are free on the file system of " + level.string()), err);
    BOOST_TEST(storage.stats().batches_failed == 1u);
    BOOST_TEST(storage.stats().bytes_given_back > 0u);
    // Every file is back to its size, the region file the save created is gone, no journal.
    BOOST_TEST(fs::file_size(level / "region" / "r.0.0.mca") == region_before);
    BOOST_TEST(fs::file_size(level / "entities" / "r.0.0.mca") == entities_before);
    BOOST_TEST(!fs::exists(level / "region" / "r.1.0.mca"));
    BOOST_TEST(!fs::exists(level / "entities" / "r.1.0.mca"));
    BOOST_TEST(!fs::exists(level / WorldStorage::journal_name));
    BOOST_TEST(entity_count(storage, {1, 0}) == 0u);
    BOOST_TEST(entity_count(storage, {0, 0}) == 1u);

    // The next save has the space again and writes the batch into the same sectors a save that
    // never failed would have used.
    BOOST_REQUIRE(storage.save(batch, 2).empty());
    TempDir ref_dir("storage-full-ref");
    {
        WorldStorage ref(ref_dir.path / "world", reg.poi_types);
        BOOST_REQUIRE(ref.save({&e0, 1}, 1).empty());
        BOOST_REQUIRE(ref.save(batch, 2).empty());
    }
    for (const char* f : {"region/r.0.0.mca", "entities/r.0.0.mca", "region/r.1.0.mca"})
        BOOST_TEST(fs::file_size(level / f) == fs::file_size(ref_dir.path / "world" / f), f);
    for (const auto& c : chunks) {
        BOOST_TEST(storage.load(c->pos(), reg.blocks).blocks != nullptr);
        BOOST_TEST(entity_count(storage, c->pos()) == 1u);
    }
}

BOOST_AUTO_TEST_CASE(a_region_file_that_cannot_be_opened_is_an_error_not_an_absent_chunk) {
    TempDir dir("storage-unreadable");
    const fs::path level = dir.path / "world";
    const ChunkPos pos{4, 4};
    auto c = chunk(pos);
    {
        WorldStorage storage(level, reg.poi_types);
        ChunkSaveEntry e;
        e.pos = pos;
        e.blocks = c.get();
        e.entities = std::vector<nbt::Compound>{villager(1)};
        BOOST_REQUIRE(storage.save({&e, 1}, 1).empty());
    }
    // open() fails with EISDIR, as it would with EACCES or EIO: the file's bytes are not damaged,
    // they cannot be reached.
    const fs::path entities = level / "entities" / "r.0.0.mca";
    fs::rename(entities, level / "entities.bak");
    fs::create_directory(entities);

    WorldStorage storage(level, reg.poi_types);
    const ChunkLoadResult r = storage.load(pos, reg.blocks);
    BOOST_TEST(contains(r.error, "entities/r.0.0.mca: cannot open: Is a directory"), r.error);
    BOOST_TEST(!r.blocks);  // nothing of the column: it must not be loaded
    BOOST_TEST(r.entities.empty());
    std::vector<std::string> w;
    const auto listed = storage.load_entities(pos, w);
    BOOST_REQUIRE(!listed.has_value());
    BOOST_TEST(contains(listed.error(), "cannot open"));
    BOOST_TEST(storage.stats().corrupt_moved_aside == 0u);
    BOOST_TEST(files_starting(level / "entities", "r.0.0.mca.corrupt").empty());

    // Writing the column's entity list fails, whether a new list or an empty one.
    ChunkSaveEntry e;
    e.pos = pos;
    e.entities = std::vector<nbt::Compound>{villager(2)};
    BOOST_TEST(contains(storage.save({&e, 1}, 2), "cannot open"));
    e.entities = std::vector<nbt::Compound>{};
    BOOST_TEST(contains(storage.save({&e, 1}, 2), "cannot open"));
    BOOST_TEST(fs::is_directory(entities));

    // Once the file can be read again, the stored villager is there.
    fs::remove(entities);
    fs::rename(level / "entities.bak", entities);
    const ChunkLoadResult back = storage.load(pos, reg.blocks);
    BOOST_TEST(back.error.empty());
    BOOST_TEST(back.blocks != nullptr);
    BOOST_REQUIRE(back.entities.size() == 1u);
    BOOST_TEST((back.entities[0] == villager(1)));

    // The same for the block chunks' file.
    const fs::path region = level / "region" / "r.0.0.mca";
    fs::rename(region, level / "region.bak");
    fs::create_directory(region);
    storage.flush();
    const ChunkLoadResult blocks = storage.load(pos, reg.blocks);
    BOOST_TEST(contains(blocks.error, "region/r.0.0.mca: cannot open"), blocks.error);
    ChunkSaveEntry b;
    b.pos = pos;
    b.blocks = c.get();
    BOOST_TEST(!storage.save({&b, 1}, 3).empty());
}

BOOST_AUTO_TEST_CASE(region_files_are_closed_least_recently_used) {
    TempDir dir("storage-lru");
    const fs::path level = dir.path / "world";
    WorldStorageOptions options;
    options.max_open_regions = 2;
    WorldStorage storage(level, reg.poi_types, options);
    // One column in each of four region files, saved in one batch: all four stay open while it runs.
    std::vector<std::unique_ptr<LevelChunk>> chunks;
    std::vector<ChunkSaveEntry> batch;
    for (const ChunkPos p : {ChunkPos{0, 0}, ChunkPos{32, 0}, ChunkPos{0, 32}, ChunkPos{-1, -1}}) {
        chunks.push_back(chunk(p));
        ChunkSaveEntry e;
        e.pos = p;
        e.blocks = chunks.back().get();
        batch.push_back(std::move(e));
    }
    BOOST_REQUIRE(storage.save(batch, 0).empty());
    BOOST_TEST(storage.open_regions() <= 2u);
    BOOST_TEST(storage.stats().region_opens == 4u);
    const auto opens = storage.stats().region_opens;

    // The two most recent (r.0.1 and r.-1.-1) are still open; r.0.0 has to be reopened.
    BOOST_REQUIRE(storage.load({-1, -1}, reg.blocks).blocks);
    BOOST_TEST(storage.stats().region_opens == opens);
    BOOST_REQUIRE(storage.load({0, 0}, reg.blocks).blocks);
    BOOST_TEST(storage.stats().region_opens == opens + 1);
    BOOST_TEST(storage.open_regions() <= 2u);
    for (const auto& c : chunks) {
        const ChunkLoadResult r = storage.load(c->pos(), reg.blocks);
        BOOST_TEST(r.blocks != nullptr);
        BOOST_TEST(storage.open_regions() <= 2u);
    }
    storage.flush();
    BOOST_TEST(storage.open_regions() == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
