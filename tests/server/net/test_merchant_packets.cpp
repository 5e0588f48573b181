// The merchant screen's packets (1.20.4): Open Screen, Merchant Offers and Close Container as the
// server sends them, byte for byte, and Select Trade as it reads it.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "mobserver/net/game_packets.hpp"
#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/play_packets.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

std::string bytes(std::initializer_list<int> list) {
    std::string s;
    for (int b : list) s.push_back(static_cast<char>(b));
    return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(merchant_packets)

BOOST_AUTO_TEST_CASE(open_screen_names_the_merchant_menu_and_its_title) {
    const std::string key = "entity.minecraft.villager.farmer";
    std::string expected =
        bytes({0x31, 0x01, 0x13, 0x0A, 0x08, 0x00, 0x09}) + "translate" + bytes({0x00, 0x20}) + key + bytes({0x00});
    BOOST_TEST(encode_open_screen(1, merchant_menu_type, key) == expected);
    BOOST_TEST(encode_close_container(1) == bytes({0x12, 0x01}));
}

BOOST_AUTO_TEST_CASE(merchant_offers_are_written_in_vanillas_layout) {
    NetworkMerchantOffer o;
    o.cost_a = NetworkSlot{5, 1, std::nullopt};
    o.result = NetworkSlot{7, 6, std::nullopt};
    o.uses = 2;
    o.max_uses = 16;
    o.xp = 1;
    o.special_price = -2;
    o.price_multiplier = 0.05f;
    o.demand = 3;
    const std::vector<NetworkMerchantOffer> offers = {o};
    const std::string expected = bytes({0x2B, 0x01, 0x01,                                // id, window, one offer
                                        0x01, 0x05, 0x01, 0x00,                          // cost A: 1 × item 5
                                        0x01, 0x07, 0x06, 0x00,                          // result: 6 × item 7
                                        0x00,                                            // cost B: empty
                                        0x00,                                            // not out of stock
                                        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x10,  // uses, max uses
                                        0x00, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFE,  // xp, special price
                                        0x3D, 0x4C, 0xCC, 0xCD, 0x00, 0x00, 0x00, 0x03,  // multiplier, demand
                                        0x02, 0x0A, 0x01, 0x01});  // level, experience, regular, restocks
    BOOST_TEST(encode_merchant_offers(1, offers, 2, 10, true, true) == expected);
}

BOOST_AUTO_TEST_CASE(select_trade_reads_the_offer_index) {
    PacketWriter select(0x2A);
    select.varint(3);
    auto decoded = decode_serverbound(GameState::Play, select.body());
    BOOST_TEST(decoded.has_value());
    BOOST_TEST(std::get<SelectTrade>(*decoded).index == 3);
    PacketWriter extra(0x2A);
    extra.varint(1).u8(0);
    BOOST_TEST(!decode_serverbound(GameState::Play, extra.body()).has_value());  // bytes left over
}

BOOST_AUTO_TEST_SUITE_END()
