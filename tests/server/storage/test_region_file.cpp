// Region files: round trips, sector reuse, hand-built files in the three compressions, every kind
// of corruption reported as an error naming the chunk, and a crash between the two write phases.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/storage/region_file.hpp"
#include "server/temp_dir.hpp"

using namespace mobsdk;
using namespace mobsdk::server;
using namespace mobsdk::server::test;
namespace fs = std::filesystem;

namespace {

/// Bytes that deflate barely shrinks, so a chunk's size in sectors is predictable.
nbt::ByteArray noise(std::size_t n, std::uint32_t seed) {
    nbt::ByteArray out(n);
    std::uint32_t s = seed * 2654435761u + 1;
    for (auto& b : out) {
        s = s * 1664525u + 1013904223u;
        b = static_cast<std::int8_t>(s >> 24);
    }
    return out;
}

nbt::Compound make_chunk(int x, int z, std::size_t noise_bytes = 0) {
    nbt::Compound c{{"xPos", std::int32_t{x}}, {"zPos", std::int32_t{z}}, {"Status", std::string("minecraft:full")}};
    if (noise_bytes > 0) c.put("Noise", noise(noise_bytes, static_cast<std::uint32_t>(x * 97 + z)));
    return c;
}

void put_be32(std::vector<std::uint8_t>& v, std::size_t at, std::uint32_t x) {
    v[at] = static_cast<std::uint8_t>(x >> 24);
    v[at + 1] = static_cast<std::uint8_t>(x >> 16);
    v[at + 2] = static_cast<std::uint8_t>(x >> 8);
    v[at + 3] = static_cast<std::uint8_t>(x);
}

/// A region file assembled byte by byte, the way vanilla lays it out.
struct RawRegion {
    std::vector<std::uint8_t> bytes = std::vector<std::uint8_t>(8192, 0);

    void locate(int x, int z, std::uint32_t sector, std::uint32_t count) {
        put_be32(bytes, static_cast<std::size_t>((x + z * 32) * 4), (sector << 8) | count);
    }
    /// Chunk record (length, type, payload) at `sector`, the file padded to whole sectors.
    void record(std::uint32_t sector, std::uint32_t length, std::uint8_t type, const std::vector<std::uint8_t>& payload,
                bool pad = true) {
        const std::size_t at = std::size_t{sector} * 4096;
        const std::size_t end = at + 5 + payload.size();
        if (bytes.size() < end) bytes.resize(end, 0);
        put_be32(bytes, at, length);
        bytes[at + 4] = type;
        std::copy(payload.begin(), payload.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at + 5));
        if (pad && bytes.size() % 4096 != 0) bytes.resize((bytes.size() / 4096 + 1) * 4096, 0);
    }
    /// A well-formed chunk in `compression` at `sector`, located at (x, z); returns its sectors.
    std::uint32_t chunk(int x, int z, std::uint32_t sector, const nbt::Compound& c, nbt::Compression compression,
                        std::uint8_t type) {
        auto payload = nbt::encode(nbt::Tag(c), "", compression);
        BOOST_REQUIRE(payload);
        record(sector, static_cast<std::uint32_t>(payload->size() + 1), type, *payload);
        const auto count = static_cast<std::uint32_t>((5 + payload->size() + 4095) / 4096);
        locate(x, z, sector, count);
        return count;
    }
};

/// The error text of a failed result, "" otherwise (Boost evaluates messages even on success).
template <typename R>
std::string why(const R& r) {
    return r ? std::string() : r.error().describe();
}

/// Opens the hand-built region and returns the error of reading (x, z), which must fail.
RegionError read_error(const fs::path& path, const RawRegion& raw, int x, int z) {
    write_bytes(path, raw.bytes);
    auto file = RegionFile::open(path, false);
    BOOST_REQUIRE_MESSAGE(file, "open failed");
    auto r = file->read(x, z);
    BOOST_REQUIRE_MESSAGE(!r, "reading chunk " << x << "," << z << " should fail");
    return r.error();
}

void check_error(const RegionError& e, int x, int z, const std::string& fragment) {
    BOOST_TEST_MESSAGE(e.describe());
    BOOST_CHECK_EQUAL(e.x, x);
    BOOST_CHECK_EQUAL(e.z, z);
    BOOST_CHECK_MESSAGE(e.message.find(fragment) != std::string::npos,
                        "'" << e.message << "' should contain '" << fragment << "'");
    const std::string where = "chunk [" + std::to_string(x) + ", " + std::to_string(z) + "]";
    BOOST_CHECK_MESSAGE(e.describe().find(where) != std::string::npos, e.describe());
    BOOST_CHECK_MESSAGE(e.describe().find("r.0.0.mca") != std::string::npos, e.describe());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(region_file)

BOOST_AUTO_TEST_CASE(new_file_has_an_empty_header) {
    TempDir dir("region-new");
    auto file = RegionFile::open(dir / "r.0.0.mca", true);
    BOOST_REQUIRE(file);
    BOOST_CHECK_EQUAL(fs::file_size(dir / "r.0.0.mca"), 8192u);
    BOOST_CHECK(file->chunks().empty());
    BOOST_CHECK_EQUAL(file->sector_count(), 2u);
    auto r = file->read(5, 5);
    BOOST_REQUIRE(r);
    BOOST_CHECK(!r->has_value());
}

BOOST_AUTO_TEST_CASE(missing_file_without_create_is_an_error) {
    TempDir dir("region-missing");
    auto file = RegionFile::open(dir / "r.0.0.mca", false);
    BOOST_REQUIRE(!file);
    BOOST_CHECK_EQUAL(file.error().x, -1);
    BOOST_CHECK(file.error().message.find("cannot open") != std::string::npos);
    BOOST_CHECK(!fs::exists(dir / "r.0.0.mca"));
}

BOOST_AUTO_TEST_CASE(round_trip_several_chunks) {
    TempDir dir("region-roundtrip");
    const auto path = dir / "r.0.0.mca";
    auto file = RegionFile::open(path, true);
    BOOST_REQUIRE(file);
    const int coords[][2] = {{0, 0}, {31, 31}, {5, 17}, {1, 0}, {12, 3}};
    for (auto [x, z] : coords) {
        BOOST_REQUIRE(file->write(x, z, make_chunk(x, z, std::size_t(x * 300 + z * 7)), 1000 + x));
        BOOST_CHECK_EQUAL(fs::file_size(path) % 4096, 0u);
    }
    for (auto [x, z] : coords) {
        auto r = file->read(x, z);
        BOOST_REQUIRE_MESSAGE(r, why(r));
        BOOST_REQUIRE(r->has_value());
        BOOST_CHECK(**r == make_chunk(x, z, std::size_t(x * 300 + z * 7)));
        BOOST_CHECK_EQUAL(file->timestamp(x, z), 1000 + x);
    }
    // Listed in header order: index = x + z * 32.
    const std::vector<RegionChunkPos> expected{{0, 0}, {1, 0}, {12, 3}, {5, 17}, {31, 31}};
    BOOST_CHECK(file->chunks() == expected);
    BOOST_CHECK_EQUAL(file->free_sector_count(), 0u);
    auto absent = file->read(2, 2);
    BOOST_REQUIRE(absent);
    BOOST_CHECK(!absent->has_value());
}

BOOST_AUTO_TEST_CASE(absolute_coordinates_are_masked) {
    TempDir dir("region-mask");
    auto file = RegionFile::open(dir / "r.1.-1.mca", true);
    BOOST_REQUIRE(file);
    // Chunk (33, -1) lies in region (1, -1) at local (1, 31).
    BOOST_REQUIRE(file->write(33, -1, make_chunk(33, -1), 7));
    BOOST_CHECK(file->contains(1, 31));
    auto r = file->read(1, 31);
    BOOST_REQUIRE(r && r->has_value());
    BOOST_CHECK((*r)->get<std::int32_t>("xPos") == 33);
    BOOST_CHECK(file->chunks() == (std::vector<RegionChunkPos>{{1, 31}}));
}

BOOST_AUTO_TEST_CASE(larger_overwrite_moves_and_old_sectors_are_reused) {
    TempDir dir("region-grow");
    const auto path = dir / "r.0.0.mca";
    auto file = RegionFile::open(path, true);
    BOOST_REQUIRE(file);
    BOOST_REQUIRE(file->write(0, 0, make_chunk(0, 0), 1));
    BOOST_REQUIRE(file->write(1, 0, make_chunk(1, 0), 1));
    BOOST_CHECK(file->sectors_of(0, 0) == std::make_pair(2u, 1u));
    BOOST_CHECK(file->sectors_of(1, 0) == std::make_pair(3u, 1u));

    // ~10 KB of noise needs 3 sectors; it must not land on sector 2, which holds the old version.
    const auto big = make_chunk(0, 0, 10000);
    BOOST_REQUIRE(file->write(0, 0, big, 2));
    BOOST_CHECK(file->sectors_of(0, 0) == std::make_pair(4u, 3u));
    BOOST_CHECK_EQUAL(fs::file_size(path), 7u * 4096);
    BOOST_CHECK_EQUAL(file->free_sector_count(), 1u);  // sector 2, freed after the switch

    // A one-sector chunk takes the freed sector (first fit), the file does not grow.
    BOOST_REQUIRE(file->write(2, 0, make_chunk(2, 0), 3));
    BOOST_CHECK(file->sectors_of(2, 0) == std::make_pair(2u, 1u));
    BOOST_CHECK_EQUAL(fs::file_size(path), 7u * 4096);
    BOOST_CHECK_EQUAL(file->free_sector_count(), 0u);

    // Shrinking still writes elsewhere first, then frees the three old sectors.
    BOOST_REQUIRE(file->write(0, 0, make_chunk(0, 0), 4));
    BOOST_CHECK(file->sectors_of(0, 0) == std::make_pair(7u, 1u));
    BOOST_CHECK_EQUAL(file->free_sector_count(), 3u);
    BOOST_CHECK_EQUAL(fs::file_size(path) % 4096, 0u);
    // A two-sector chunk fits in the three-sector hole.
    BOOST_REQUIRE(file->write(3, 0, make_chunk(3, 0, 5000), 5));
    BOOST_CHECK(file->sectors_of(3, 0) == std::make_pair(4u, 2u));

    for (int x = 0; x < 4; ++x) {
        auto r = file->read(x, 0);
        BOOST_REQUIRE(r && r->has_value());
    }
    auto r = file->read(3, 0);
    BOOST_CHECK(**r == make_chunk(3, 0, 5000));
}

BOOST_AUTO_TEST_CASE(remove_clears_the_entry_and_frees_sectors) {
    TempDir dir("region-remove");
    const auto path = dir / "r.0.0.mca";
    auto file = RegionFile::open(path, true);
    BOOST_REQUIRE(file);
    BOOST_REQUIRE(file->write(4, 4, make_chunk(4, 4, 6000), 9));
    BOOST_REQUIRE(file->remove(4, 4));
    BOOST_CHECK(!file->contains(4, 4));
    BOOST_CHECK_EQUAL(file->timestamp(4, 4), 0);
    BOOST_CHECK_EQUAL(file->free_sector_count(), 2u);
    auto r = file->read(4, 4);
    BOOST_REQUIRE(r);
    BOOST_CHECK(!r->has_value());
    BOOST_REQUIRE(file->remove(4, 4));  // removing an absent chunk is fine

    auto reopened = RegionFile::open(path, false);
    BOOST_REQUIRE(reopened);
    BOOST_CHECK(reopened->chunks().empty());
    BOOST_CHECK_EQUAL(reopened->free_sector_count(), 2u);
}

BOOST_AUTO_TEST_CASE(reads_hand_written_gzip_zlib_and_uncompressed_chunks) {
    TempDir dir("region-hand");
    const auto path = dir / "r.0.0.mca";
    RawRegion raw;
    const auto a = make_chunk(0, 0, 100);
    const auto b = make_chunk(1, 0, 5000);
    const auto c = make_chunk(2, 0, 50);
    std::uint32_t s = 2;
    s += raw.chunk(0, 0, s, a, nbt::Compression::Gzip, 1);
    s += raw.chunk(1, 0, s, b, nbt::Compression::Zlib, 2);
    raw.chunk(2, 0, s, c, nbt::Compression::None, 3);
    write_bytes(path, raw.bytes);

    auto file = RegionFile::open(path, false);
    BOOST_REQUIRE(file);
    for (auto [x, expected] : {std::pair{0, &a}, std::pair{1, &b}, std::pair{2, &c}}) {
        auto r = file->read(x, 0);
        BOOST_REQUIRE_MESSAGE(r, why(r));
        BOOST_REQUIRE(r->has_value());
        BOOST_CHECK(**r == *expected);
    }
}

BOOST_AUTO_TEST_CASE(truncated_header_fails_to_open) {
    TempDir dir("region-trunc");
    const auto path = dir / "r.0.0.mca";
    write_bytes(path, std::vector<std::uint8_t>(5000, 0));
    auto file = RegionFile::open(path, true);  // create does not paper over a damaged file
    BOOST_REQUIRE(!file);
    BOOST_CHECK_EQUAL(file.error().x, -1);
    BOOST_CHECK(file.error().message.find("truncated header") != std::string::npos);
    BOOST_CHECK(file.error().describe().find("r.0.0.mca") != std::string::npos);
    BOOST_CHECK_EQUAL(fs::file_size(path), 5000u);
}

BOOST_AUTO_TEST_CASE(malformed_locations_name_the_chunk) {
    TempDir dir("region-loc");
    const auto path = dir / "r.0.0.mca";
    {
        RawRegion raw;
        raw.record(2, 10, 3, std::vector<std::uint8_t>(9, 0));
        raw.locate(2, 3, 1, 1);  // sector 1 is the timestamp table
        check_error(read_error(path, raw, 2, 3), 2, 3, "points into the header");
    }
    {
        RawRegion raw;
        raw.record(2, 10, 3, std::vector<std::uint8_t>(9, 0));
        raw.locate(4, 0, 2, 0);
        check_error(read_error(path, raw, 4, 0), 4, 0, "sector count is 0");
    }
    {
        RawRegion raw;
        raw.record(2, 10, 3, std::vector<std::uint8_t>(9, 0));  // file of 3 sectors
        raw.locate(7, 9, 2, 3);
        check_error(read_error(path, raw, 7, 9), 7, 9, "data (sectors 2-4) lies past the end of the file (3 sectors)");
    }
    {
        RawRegion raw;
        const auto good = make_chunk(9, 9);
        raw.chunk(9, 9, 2, good, nbt::Compression::Zlib, 2);
        raw.record(3, 10, 3, std::vector<std::uint8_t>(9, 0));
        raw.locate(0, 0, 2, 2);
        raw.locate(1, 0, 3, 1);
        write_bytes(path, raw.bytes);
        auto file = RegionFile::open(path, false);
        BOOST_REQUIRE(file);
        auto e1 = file->read(1, 0);
        BOOST_REQUIRE(!e1);
        check_error(e1.error(), 1, 0, "overlaps chunk [0, 0]");
        auto e0 = file->read(0, 0);
        BOOST_REQUIRE(!e0);
        check_error(e0.error(), 0, 0, "overlaps chunk [1, 0]");
        // Chunk (9, 9) shares sector 2 with (0, 0) too.
        auto e9 = file->read(9, 9);
        BOOST_REQUIRE(!e9);
        check_error(e9.error(), 9, 9, "overlaps chunk [0, 0]");
        // A write lands elsewhere and repairs the entry; the disputed sectors stay reserved.
        BOOST_REQUIRE(file->write(1, 0, make_chunk(1, 0), 5));
        BOOST_CHECK(file->sectors_of(1, 0) == std::make_pair(4u, 1u));
        auto ok = file->read(1, 0);
        BOOST_REQUIRE(ok && ok->has_value());
        BOOST_CHECK(file->chunks().size() == 3u);
    }
}

BOOST_AUTO_TEST_CASE(malformed_records_name_the_chunk) {
    TempDir dir("region-rec");
    const auto path = dir / "r.0.0.mca";
    auto one = [&](std::uint32_t length, std::uint8_t type, std::vector<std::uint8_t> payload,
                   const std::string& fragment, int x = 3, int z = 5, bool pad = true) {
        RawRegion raw;
        raw.record(2, length, type, payload, pad);
        raw.locate(x, z, 2, 1);
        check_error(read_error(path, raw, x, z), x, z, fragment);
    };
    one(0, 2, {}, "chunk length is 0");
    one(5000, 2, std::vector<std::uint8_t>(10, 0), "length 5000 exceeds its 1 sectors");
    one(0xFFFFFFFFu, 2, {}, "exceeds its 1 sectors", 31, 31);
    one(10, 7, std::vector<std::uint8_t>(9, 0), "unknown compression type 7");
    one(10, 0, std::vector<std::uint8_t>(9, 0), "unknown compression type 0");
    one(10, 4, std::vector<std::uint8_t>(9, 0), "LZ4");
    one(1, 0x82, {}, "external .mcc file", 0, 31);
    one(10, 2, std::vector<std::uint8_t>(9, 0x55), "cannot inflate zlib");
    one(10, 1, std::vector<std::uint8_t>(9, 0x55), "cannot inflate gzip");
    // Type 3 with a compound that never ends.
    one(5, 3, {10, 0, 0, 1}, "bad NBT");
    // Length within the sector count but past the bytes the file really has (unpadded last sector).
    one(1000, 3, std::vector<std::uint8_t>(20, 0), "runs past the end of the file", 8, 8, false);
    // A root that is not a compound.
    std::vector<std::uint8_t> int_root;
    BOOST_REQUIRE(nbt::write(nbt::Tag(std::int32_t{5}), "", int_root));
    one(static_cast<std::uint32_t>(int_root.size() + 1), 3, int_root, "root tag is TAG_Int");
}

BOOST_AUTO_TEST_CASE(bad_chunks_do_not_hide_good_ones) {
    TempDir dir("region-mixed");
    const auto path = dir / "r.0.0.mca";
    RawRegion raw;
    const auto good = make_chunk(0, 0, 200);
    raw.chunk(0, 0, 2, good, nbt::Compression::Zlib, 2);
    raw.record(3, 10, 9, std::vector<std::uint8_t>(9, 0));
    raw.locate(1, 0, 3, 1);
    raw.locate(2, 0, 90, 1);
    write_bytes(path, raw.bytes);
    auto file = RegionFile::open(path, false);
    BOOST_REQUIRE(file);
    auto r = file->read(0, 0);
    BOOST_REQUIRE(r && r->has_value());
    BOOST_CHECK(**r == good);
    BOOST_CHECK(!file->read(1, 0));
    BOOST_CHECK(!file->read(2, 0));
    BOOST_CHECK_EQUAL(file->chunks().size(), 3u);
    // Overwriting a bad chunk makes it readable again.
    BOOST_REQUIRE(file->write(2, 0, make_chunk(2, 0), 1));
    auto fixed = file->read(2, 0);
    BOOST_REQUIRE(fixed && fixed->has_value());
}

BOOST_AUTO_TEST_CASE(oversized_chunk_is_refused) {
    TempDir dir("region-huge");
    const auto path = dir / "r.0.0.mca";
    auto file = RegionFile::open(path, true);
    BOOST_REQUIRE(file);
    // 1.1 MB of noise cannot fit in 255 sectors (1,044,480 bytes).
    auto r = file->write(6, 6, make_chunk(6, 6, 1'100'000), 1);
    BOOST_REQUIRE(!r);
    check_error(r.error(), 6, 6, ".mcc");
    BOOST_CHECK(!file->contains(6, 6));
    BOOST_CHECK_EQUAL(fs::file_size(path), 8192u);
}

BOOST_AUTO_TEST_CASE(read_limit_applies_to_decompressed_size) {
    TempDir dir("region-limit");
    const auto path = dir / "r.0.0.mca";
    {
        auto file = RegionFile::open(path, true);
        BOOST_REQUIRE(file);
        nbt::Compound zeros{{"Zeros", nbt::ByteArray(200'000, 0)}};  // deflates to a few hundred bytes
        BOOST_REQUIRE(file->write(0, 0, zeros, 1));
    }
    RegionReadOptions small;
    small.max_chunk_nbt_bytes = 100'000;
    auto file = RegionFile::open(path, false, small);
    BOOST_REQUIRE(file);
    auto r = file->read(0, 0);
    BOOST_REQUIRE(!r);
    check_error(r.error(), 0, 0, "zlib");
}

BOOST_AUTO_TEST_CASE(crash_between_data_and_header_keeps_the_old_version) {
    TempDir dir("region-crash");
    const auto path = dir / "r.0.0.mca";
    const auto copy = dir / "r.0.0.mca.crashed";
    auto file = RegionFile::open(path, true);
    BOOST_REQUIRE(file);
    const auto v1 = make_chunk(3, 3, 100);
    const auto v2 = make_chunk(3, 3, 9000);
    BOOST_REQUIRE(file->write(3, 3, v1, 100));

    auto pending = file->stage_write(3, 3, v2, 200);
    BOOST_REQUIRE(pending);
    BOOST_CHECK_NE(pending->sector, 2u);  // never over the old version
    // The disk as a crash right now would leave it.
    write_bytes(copy, read_bytes(path));
    BOOST_CHECK_EQUAL(fs::file_size(copy) % 4096, 0u);
    BOOST_REQUIRE(file->commit(*pending));

    auto crashed = RegionFile::open(copy, false);
    BOOST_REQUIRE(crashed);
    auto old = crashed->read(3, 3);
    BOOST_REQUIRE(old && old->has_value());
    BOOST_CHECK(**old == v1);
    BOOST_CHECK_EQUAL(crashed->timestamp(3, 3), 100);
    // The orphaned new sectors are free again after the crash and get reused.
    BOOST_CHECK_EQUAL(crashed->free_sector_count(), pending->count);
    BOOST_REQUIRE(crashed->write(4, 4, make_chunk(4, 4), 1));
    BOOST_CHECK_EQUAL(crashed->sectors_of(4, 4).first, pending->sector);

    auto done = file->read(3, 3);
    BOOST_REQUIRE(done && done->has_value());
    BOOST_CHECK(**done == v2);
    BOOST_CHECK_EQUAL(file->timestamp(3, 3), 200);
}

BOOST_AUTO_TEST_CASE(reopen_reads_everything_back) {
    TempDir dir("region-reopen");
    const auto path = dir / "r.0.0.mca";
    std::vector<std::pair<RegionChunkPos, nbt::Compound>> expected;
    std::uint32_t free_before = 0;
    {
        auto file = RegionFile::open(path, true);
        BOOST_REQUIRE(file);
        for (int i = 0; i < 60; ++i) {
            const int x = i % 32, z = (i / 32) * 5 + 1;
            BOOST_REQUIRE(file->write(x, z, make_chunk(x, z, std::size_t(i % 5) * 3000), i));
        }
        // Overwrite some with other sizes, remove others.
        for (int i = 0; i < 60; i += 3) {
            const int x = i % 32, z = (i / 32) * 5 + 1;
            BOOST_REQUIRE(file->write(x, z, make_chunk(x, z, std::size_t((i + 2) % 5) * 3000), i + 1000));
        }
        for (int i = 1; i < 60; i += 10) BOOST_REQUIRE(file->remove(i % 32, (i / 32) * 5 + 1));
        for (auto pos : file->chunks()) {
            auto r = file->read(pos.x, pos.z);
            BOOST_REQUIRE(r && r->has_value());
            expected.emplace_back(pos, std::move(**r));
        }
        free_before = file->free_sector_count();
        BOOST_CHECK_EQUAL(fs::file_size(path) % 4096, 0u);
        BOOST_CHECK_EQUAL(fs::file_size(path), std::uint64_t{file->sector_count()} * 4096);
    }
    BOOST_CHECK_EQUAL(expected.size(), 54u);
    auto file = RegionFile::open(path, false);
    BOOST_REQUIRE(file);
    BOOST_CHECK_EQUAL(file->chunks().size(), expected.size());
    BOOST_CHECK_EQUAL(file->free_sector_count(), free_before);
    for (const auto& [pos, chunk] : expected) {
        auto r = file->read(pos.x, pos.z);
        BOOST_REQUIRE_MESSAGE(r, why(r));
        BOOST_REQUIRE(r->has_value());
        BOOST_CHECK(**r == chunk);
        BOOST_CHECK_EQUAL((*r)->get<std::int32_t>("xPos"), pos.x);
    }
    BOOST_CHECK_EQUAL(file->timestamp(0, 1), 1000);  // i = 0 was overwritten with i + 1000
}

// The journal's primitives: an unsynced stage, a raw header entry set (as replay does, twice),
// and the raw sectors of a chunk for copying it aside.
BOOST_AUTO_TEST_CASE(header_entries_set_directly_and_raw_reads) {
    TempDir dir("region-header-entry");
    const auto path = dir / "r.0.0.mca";
    std::uint32_t location = 0;
    {
        auto file = RegionFile::open(path, true);
        BOOST_REQUIRE(file);
        BOOST_REQUIRE(file->write(1, 2, make_chunk(1, 2, 100), 5));
        const auto old = file->sectors_of(1, 2);
        auto pending = file->stage_write(1, 2, make_chunk(1, 2, 6000), 9, false);
        BOOST_REQUIRE(pending);
        BOOST_REQUIRE(file->sync());
        BOOST_CHECK(!file->read_raw(3, 3)->size());  // absent: nothing to copy
        location = (pending->sector << 8) | pending->count;
        BOOST_REQUIRE(file->set_header_entry(pending->index, location, 9));
        BOOST_REQUIRE(file->set_header_entry(pending->index, location, 9));  // idempotent
        BOOST_REQUIRE(file->sync());
        BOOST_CHECK_EQUAL(file->location(1, 2), location);
        BOOST_CHECK_EQUAL(file->timestamp(1, 2), 9);
        // The old sectors are free again, the new ones are not.
        auto again = file->stage_write(4, 4, make_chunk(4, 4), 1);
        BOOST_REQUIRE(again);
        BOOST_CHECK_EQUAL(again->sector, old.first);
        const auto raw = file->read_raw(1, 2);
        BOOST_REQUIRE(raw);
        BOOST_CHECK_EQUAL(raw->size(), std::size_t{pending->count} * 4096);
        BOOST_CHECK_EQUAL((*raw)[4], RegionFile::compression_zlib);
        // Entries outside the file or in the header are refused; 0 removes.
        BOOST_CHECK(!file->set_header_entry(7, (1u << 8) | 1u, 1));
        BOOST_CHECK(!file->set_header_entry(7, (500u << 8) | 1u, 1));
        BOOST_CHECK(!file->set_header_entry(1024, 0, 0));
        BOOST_REQUIRE(file->set_header_entry(7, 0, 0));
    }
    auto file = RegionFile::open(path, false);
    BOOST_REQUIRE(file);
    auto r = file->read(1, 2);
    BOOST_REQUIRE_MESSAGE(r, why(r));
    BOOST_REQUIRE(r->has_value());
    BOOST_CHECK(**r == make_chunk(1, 2, 6000));
    BOOST_CHECK_EQUAL(file->location(1, 2), location);
}

BOOST_AUTO_TEST_SUITE_END()
