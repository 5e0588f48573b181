// Tests of gzip/zlib/none detection, round trips, and the refusal of truncated, corrupt and
// oversized (zip bomb) streams.
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <numeric>
#include <string>
#include <vector>

#include "mobsdk/nbt/compression.hpp"

using namespace mobsdk::nbt;

namespace {

std::vector<std::uint8_t> sample(std::size_t n) {
    std::vector<std::uint8_t> v(n);
    std::uint32_t x = 12345;
    for (auto& b : v) {
        x = x * 1103515245u + 12345u;
        b = static_cast<std::uint8_t>((x >> 16) % 7);  // compressible but not trivial
    }
    return v;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(compression)

BOOST_AUTO_TEST_CASE(names) {
    BOOST_CHECK_EQUAL(compression_name(Compression::None), "none");
    BOOST_CHECK_EQUAL(compression_name(Compression::Gzip), "gzip");
    BOOST_CHECK_EQUAL(compression_name(Compression::Zlib), "zlib");
}

BOOST_AUTO_TEST_CASE(detects_gzip_zlib_and_none) {
    const auto data = sample(1000);
    BOOST_CHECK(detect_compression(compress(data, Compression::Gzip)) == Compression::Gzip);
    for (int level = 0; level <= 9; ++level)  // each level gives another FLG byte (01, 5E, 9C, DA)
        BOOST_CHECK(detect_compression(compress(data, Compression::Zlib, level)) == Compression::Zlib);
    const std::vector<std::uint8_t> nbt = {0x0A, 0x00, 0x00, 0x00};
    BOOST_CHECK(detect_compression(nbt) == Compression::None);
    BOOST_CHECK(detect_compression({}) == Compression::None);
    const std::vector<std::uint8_t> one = {0x1F};
    BOOST_CHECK(detect_compression(one) == Compression::None);
    const std::vector<std::uint8_t> bad_check = {0x78, 0x9D};  // header checksum wrong
    BOOST_CHECK(detect_compression(bad_check) == Compression::None);
    const std::vector<std::uint8_t> big_window = {0x88, 0x98};  // window 2^16: not zlib
    BOOST_CHECK(detect_compression(big_window) == Compression::None);
}

BOOST_AUTO_TEST_CASE(round_trips_each_method) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{300000}}) {
        const auto data = sample(n);
        for (Compression c : {Compression::None, Compression::Gzip, Compression::Zlib}) {
            const auto packed = compress(data, c);
            if (c == Compression::None) BOOST_CHECK(packed == data);
            auto back = decompress(packed, c, n + 10);
            BOOST_REQUIRE_MESSAGE(back, compression_name(c) << " " << n << ": " << (back ? "" : back.error().message));
            BOOST_CHECK(*back == data);
        }
    }
    // A stream that inflates to exactly max_output is fine.
    const auto data = sample(5000);
    BOOST_CHECK(decompress(compress(data, Compression::Gzip), Compression::Gzip, 5000));
}

BOOST_AUTO_TEST_CASE(highly_compressible_data_grows_the_buffer) {
    const std::vector<std::uint8_t> zeros(3u << 20, 0);  // inflates to ~1000x its compressed size
    auto back = decompress(compress(zeros, Compression::Zlib, 9), Compression::Zlib, 4u << 20);
    BOOST_REQUIRE(back);
    BOOST_CHECK(*back == zeros);
}

BOOST_AUTO_TEST_CASE(none_respects_the_limit) {
    const auto data = sample(100);
    auto r = decompress(data, Compression::None, 99);
    BOOST_REQUIRE(!r);
    BOOST_CHECK_EQUAL(r.error().offset, 0u);
    BOOST_CHECK_EQUAL(r.error().message, "data of 100 bytes exceeds the limit of 99 bytes");
}

BOOST_AUTO_TEST_CASE(truncated_streams_fail_at_their_end) {
    const auto data = sample(20000);
    for (Compression c : {Compression::Gzip, Compression::Zlib}) {
        const auto packed = compress(data, c);
        // Every prefix fails, never crashes; the offset is within the prefix.
        for (std::size_t len = 0; len < packed.size(); len += (len < 64 ? 1 : 37)) {
            std::span<const std::uint8_t> prefix(packed.data(), len);
            auto r = decompress(prefix, c, 1u << 20);
            BOOST_REQUIRE_MESSAGE(!r, compression_name(c) << " prefix " << len << " accepted");
            BOOST_CHECK_LE(r.error().offset, len);
        }
        std::span<const std::uint8_t> most(packed.data(), packed.size() - 1);
        auto r = decompress(most, c, 1u << 20);
        BOOST_REQUIRE(!r);
        BOOST_CHECK_EQUAL(r.error().offset, packed.size() - 1);
        BOOST_CHECK(contains(r.error().message, "truncated " + std::string(compression_name(c)) +
                                                    " stream (input ended before the end marker)"));
    }
}

BOOST_AUTO_TEST_CASE(corrupt_streams_fail_with_an_offset) {
    const auto data = sample(10000);
    auto packed = compress(data, Compression::Zlib);
    // Break the Adler-32 checksum at the end.
    packed.back() ^= 0xFF;
    auto r = decompress(packed, Compression::Zlib, 1u << 20);
    BOOST_REQUIRE(!r);
    BOOST_CHECK(contains(r.error().message, "corrupt zlib stream: incorrect data check"));
    BOOST_CHECK_LE(r.error().offset, packed.size());
    BOOST_CHECK_GE(r.error().offset, packed.size() - 4);

    auto gz = compress(data, Compression::Gzip);
    gz[gz.size() - 8] ^= 0x01;  // CRC-32
    auto g = decompress(gz, Compression::Gzip, 1u << 20);
    BOOST_REQUIRE(!g);
    BOOST_CHECK(contains(g.error().message, "corrupt gzip stream: incorrect data check"));

    // An invalid block type right after the header.
    const std::vector<std::uint8_t> bad_block = {0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF};
    auto b = decompress(bad_block, Compression::Zlib, 1u << 20);
    BOOST_REQUIRE(!b);
    BOOST_CHECK(contains(b.error().message, "corrupt zlib stream: invalid block type"));
    BOOST_CHECK_LE(b.error().offset, bad_block.size());

    // A gzip header fed to the zlib decoder.
    auto h = decompress(compress(data, Compression::Gzip), Compression::Zlib, 1u << 20);
    BOOST_REQUIRE(!h);
    BOOST_CHECK(contains(h.error().message, "corrupt zlib stream: incorrect header check"));
    BOOST_CHECK_EQUAL(h.error().offset, 2u);
}

BOOST_AUTO_TEST_CASE(trailing_garbage_is_an_error) {
    auto packed = compress(sample(100), Compression::Zlib);
    const std::size_t end = packed.size();
    packed.push_back(0x00);
    packed.push_back(0x01);
    auto r = decompress(packed, Compression::Zlib, 1000);
    BOOST_REQUIRE(!r);
    BOOST_CHECK_EQUAL(r.error().offset, end);
    BOOST_CHECK_EQUAL(r.error().message, "2 unexpected bytes after the end of the zlib stream");
}

BOOST_AUTO_TEST_CASE(zip_bomb_is_refused_quickly) {
    const std::vector<std::uint8_t> zeros(100u << 20, 0);  // 100 MiB
    for (Compression c : {Compression::Gzip, Compression::Zlib}) {
        const auto bomb = compress(zeros, c, 9);
        BOOST_CHECK_LT(bomb.size(), 200000u);
        const auto t0 = std::chrono::steady_clock::now();
        auto r = decompress(bomb, c, 1u << 20);
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        BOOST_REQUIRE(!r);
        BOOST_CHECK_EQUAL(r.error().message, "decompressed data exceeds the limit of 1048576 bytes");
        BOOST_CHECK_LT(r.error().offset, bomb.size());
        BOOST_CHECK_LT(ms, 2000);
    }
}

BOOST_AUTO_TEST_CASE(concatenated_gzip_members_are_read_as_one) {
    const auto a = sample(3000);
    std::vector<std::uint8_t> b(2000);
    std::iota(b.begin(), b.end(), 0);
    auto joined = compress(a, Compression::Gzip);
    const auto second = compress(b, Compression::Gzip);
    joined.insert(joined.end(), second.begin(), second.end());
    auto r = decompress(joined, Compression::Gzip, 10000);
    BOOST_REQUIRE(r);
    auto expected = a;
    expected.insert(expected.end(), b.begin(), b.end());
    BOOST_CHECK(*r == expected);
    // The second member counts against the same limit.
    BOOST_CHECK(!decompress(joined, Compression::Gzip, 4000));
    // A truncated second member is still an error.
    joined.erase(joined.end() - 3, joined.end());
    BOOST_CHECK(!decompress(joined, Compression::Gzip, 10000));
}

BOOST_AUTO_TEST_CASE(empty_input_is_an_error_for_compressed_methods) {
    for (Compression c : {Compression::Gzip, Compression::Zlib}) {
        auto r = decompress({}, c, 100);
        BOOST_REQUIRE(!r);
        BOOST_CHECK_EQUAL(r.error().offset, 0u);
    }
    auto none = decompress({}, Compression::None, 100);
    BOOST_REQUIRE(none);
    BOOST_CHECK(none->empty());
}

BOOST_AUTO_TEST_SUITE_END()
