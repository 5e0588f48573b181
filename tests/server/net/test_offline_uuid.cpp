// Offline identity: MD5 against RFC 1321's test vectors, the offline UUID of a known name, and
// vanilla's name rule.
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <string>

#include "mobserver/net/offline_uuid.hpp"

using namespace mobsdk::server;

namespace {
std::string hex(const std::array<std::uint8_t, 16>& d) {
    std::string out;
    char b[3];
    for (auto c : d) {
        std::snprintf(b, sizeof b, "%02x", c);
        out += b;
    }
    return out;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(offline_uuid)

BOOST_AUTO_TEST_CASE(md5_matches_rfc_1321) {
    BOOST_TEST(hex(md5("")) == "d41d8cd98f00b204e9800998ecf8427e");
    BOOST_TEST(hex(md5("abc")) == "900150983cd24fb0d6963f7d28e17f72");
    BOOST_TEST(hex(md5("message digest")) == "f96b697d7cb7938d525a2f31aaf161d0");
    BOOST_TEST(hex(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890")) ==
               "57edf4a22be3c955ac49da2e2107b67a");
}

BOOST_AUTO_TEST_CASE(offline_uuids_are_version_3_of_the_name) {
    // MD5("OfflinePlayer:Notch") = b50ad385829da141a2167e7d7539ba7f; version 3 and the IETF
    // variant set give vanilla's (and every offline server's) UUID for Notch.
    BOOST_TEST(hex(md5("OfflinePlayer:Notch")) == "b50ad385829da141a2167e7d7539ba7f");
    BOOST_TEST(offline_player_uuid("Notch").str() == "b50ad385-829d-3141-a216-7e7d7539ba7f");
    BOOST_TEST(offline_player_uuid("notch").str() != offline_player_uuid("Notch").str());  // case counts
}

BOOST_AUTO_TEST_CASE(player_names_follow_vanilla) {
    BOOST_TEST(valid_player_name("Notch"));
    BOOST_TEST(valid_player_name("a"));
    BOOST_TEST(valid_player_name("Sixteen_Letters1"));
    BOOST_TEST(!valid_player_name(""));
    BOOST_TEST(!valid_player_name("Seventeen_Letters"));
    BOOST_TEST(!valid_player_name("bad name"));
    BOOST_TEST(!valid_player_name("é"));
}

BOOST_AUTO_TEST_SUITE_END()
