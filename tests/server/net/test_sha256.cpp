// SHA-256 against the FIPS 180-2 examples and the NIST padding edges, and vanilla's obfuscateSeed.
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "mobserver/net/sha256.hpp"

using namespace mobsdk::server;

namespace {

std::string hex_of(std::string_view text) {
    const auto d = sha256({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (const std::uint8_t b : d) {
        out.push_back(digits[b >> 4]);
        out.push_back(digits[b & 15]);
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sha256)

BOOST_AUTO_TEST_CASE(fips_180_examples) {
    BOOST_TEST(hex_of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    BOOST_TEST(hex_of("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    BOOST_TEST(hex_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    BOOST_TEST(hex_of(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_CASE(padding_edges) {
    // 55 bytes still fit the length in one block; 56 need a second; 64 fill one exactly.
    BOOST_TEST(hex_of(std::string(55, 'a')) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    BOOST_TEST(hex_of(std::string(56, 'a')) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    BOOST_TEST(hex_of(std::string(64, 'a')) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

BOOST_AUTO_TEST_CASE(obfuscated_seed_is_guavas_hash_long) {
    // Guava's sha256().hashLong(seed).asLong(): little-endian in, the first 8 bytes little-endian out.
    BOOST_TEST(obfuscate_seed(0) == 8794265229978523055LL);
    BOOST_TEST(obfuscate_seed(1) == -6467378160175308932LL);
    BOOST_TEST(obfuscate_seed(-1) == 6759447113877070610LL);
    BOOST_TEST(obfuscate_seed(42) == -4111196313959201555LL);
}

BOOST_AUTO_TEST_SUITE_END()
