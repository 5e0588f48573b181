// Entity selectors: parsing (options, errors at vanilla's positions) and selection in a world.
#include <boost/test/unit_test.hpp>

#include "mobserver/command/selector.hpp"
#include "mobserver/world/harness.hpp"

using namespace mobsdk;
using namespace mobsdk::server;

namespace {

struct World3 {
    WorldHarness h;
    CollectingSource src{"Server", Vec3{0.5, -60.0, 0.5}};
    ServerMob* z1;  // zombie at x=2.5, tagged "a"
    ServerMob* v;   // villager at x=5.5, named Bob, tags "a","b"
    ServerMob* z2;  // zombie at x=-9.5, no tags
    World3() {
        z1 = &h.spawn("zombie", {2.5, -60, 0.5});
        z1->data().tags = {"a"};
        v = &h.spawn("villager", {5.5, -60, 0.5});
        v->data().tags = {"a", "b"};
        v->data().custom_name = "Bob";
        z2 = &h.spawn("zombie", {-9.5, -60, 0.5});
    }
    Result<EntitySelector, CommandError> parse(const char* text) {
        StringReader r(text);
        return parse_selector(r, h.registries().entity_types);
    }
    std::vector<EntityHandle> find(const char* text) {
        auto s = parse(text);
        BOOST_REQUIRE_MESSAGE(s.has_value(), text << ": " << (s ? "" : s.error().describe()));
        return s->find(h.world(), src);
    }
    std::vector<EntityHandle> hs(std::initializer_list<ServerMob*> mobs) {
        std::vector<EntityHandle> out;
        for (auto* m : mobs) out.push_back(m->handle());
        return out;
    }
    std::string error(const char* text) {
        auto s = parse(text);
        return s ? std::string("(parsed)") : s.error().describe();
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(selector)

BOOST_AUTO_TEST_CASE(at_e_in_insertion_order_with_filters) {
    World3 w;
    BOOST_TEST(w.find("@e") == w.hs({w.z1, w.v, w.z2}));
    BOOST_TEST(w.find("@e[type=zombie]") == w.hs({w.z1, w.z2}));
    BOOST_TEST(w.find("@e[type=minecraft:villager]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[type=!zombie]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[type=!zombie,type=!villager]").empty());
    BOOST_TEST(w.find("@e[tag=a]") == w.hs({w.z1, w.v}));
    BOOST_TEST(w.find("@e[tag=a,tag=b]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[tag=!b]") == w.hs({w.z1, w.z2}));
    BOOST_TEST(w.find("@e[tag=]") == w.hs({w.z2}));
    BOOST_TEST(w.find("@e[tag=!]") == w.hs({w.z1, w.v}));
    BOOST_TEST(w.find("@e[name=Bob]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[name=Zombie]") == w.hs({w.z1, w.z2}));  // the type's name counts, as vanilla's getName
    BOOST_TEST(w.find("@e[name=!Bob]") == w.hs({w.z1, w.z2}));
    BOOST_TEST(w.find("@e[name=\"Bob\"]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[ limit = 2 ]") == w.hs({w.z1, w.v}));
}

BOOST_AUTO_TEST_CASE(sorting_distance_and_position) {
    World3 w;
    BOOST_TEST(w.find("@e[sort=nearest]") == w.hs({w.z1, w.v, w.z2}));
    BOOST_TEST(w.find("@e[sort=furthest,limit=1]") == w.hs({w.z2}));
    BOOST_TEST(w.find("@e[sort=nearest,x=-20]") == w.hs({w.z2, w.z1, w.v}));
    BOOST_TEST(w.find("@e[distance=..3]") == w.hs({w.z1}));
    BOOST_TEST(w.find("@e[distance=3..]") == w.hs({w.v, w.z2}));
    BOOST_TEST(w.find("@e[distance=4..6]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[distance=5]") == w.hs({w.v}));
    BOOST_TEST(w.find("@e[x=5,y=-60,z=0,dx=1,dy=1,dz=1]") == w.hs({w.v}));
    // sort=random shuffles with the world random: a permutation of all three.
    auto r = w.find("@e[sort=random]");
    std::sort(r.begin(), r.end(), [](EntityHandle a, EntityHandle b) { return a.index < b.index; });
    BOOST_TEST(r.size() == 3u);
}

BOOST_AUTO_TEST_CASE(uuid_name_self_and_players) {
    World3 w;
    const std::string uuid = w.v->uuid().str();
    BOOST_TEST(w.find(uuid.c_str()) == w.hs({w.v}));
    BOOST_TEST(w.find("Bob") == w.hs({w.v}));
    BOOST_TEST(w.find("Alice").empty());
    BOOST_TEST(w.find("@s").empty());  // the console is no entity
    w.src.set_entity(w.z2->handle());
    BOOST_TEST(w.find("@s") == w.hs({w.z2}));
    BOOST_TEST(w.find("@s[type=villager]").empty());
    BOOST_TEST(w.find("@a").empty());  // players only: this server has none
    BOOST_TEST(w.find("@p").empty());
    BOOST_TEST(w.find("@r").empty());
    BOOST_TEST(parse_java_uuid("1-2-3-4-5").has_value());
    BOOST_TEST(!parse_java_uuid("1-2-3-4").has_value());
    BOOST_TEST(!parse_java_uuid("g-2-3-4-5").has_value());
}

BOOST_AUTO_TEST_CASE(errors_are_vanillas) {
    World3 w;
    BOOST_TEST(w.error("@x") == "Unknown selector type '@x'\n@x<--[HERE]");
    BOOST_TEST(w.error("@") == "Missing selector type\n@<--[HERE]");
    BOOST_TEST(w.error("@e[foo=1]") == "Unknown option 'foo'\n@e[foo=1]<--[HERE]");
    BOOST_TEST(w.error("@e[limit=0]") == "Limit must be at least 1\n@e[limit=0]<--[HERE]");
    BOOST_TEST(w.error("@e[limit=1,limit=2]") == "Option 'limit' isn't applicable here\n...it=1,limit=2]<--[HERE]");
    BOOST_TEST(w.error("@s[sort=nearest]") == "Option 'sort' isn't applicable here\n@s[sort=nearest]<--[HERE]");
    BOOST_TEST(w.error("@e[type=zombie,type=pig]") ==
               "Option 'type' isn't applicable here\n...ombie,type=pig]<--[HERE]");
    BOOST_TEST(w.error("@a[type=zombie]") == "Option 'type' isn't applicable here\n@a[type=zombie]<--[HERE]");
    BOOST_TEST(w.error("@e[type=creeper]") ==
               "Invalid or unknown entity type 'minecraft:creeper'\n@e[type=creeper]<--[HERE]");
    BOOST_TEST(w.error("@e[sort=up]") == "Invalid or unknown sort type 'up'\n@e[sort=up]<--[HERE]");
    BOOST_TEST(w.error("@e[distance=-1..]") == "Distance cannot be negative\n...[distance=-1..]<--[HERE]");
    BOOST_TEST(w.error("@e[distance=5..1]") == "Min cannot be bigger than max\n...[distance=5..1]<--[HERE]");
    BOOST_TEST(w.error("@e[distance=]") == "Expected value or range of values\n...[distance=]<--[HERE]");
    BOOST_TEST(w.error("@e[limit]") == "Expected value for option 'limit'\n@e[limit]<--[HERE]");
    BOOST_TEST(w.error("@e[limit=1") == "Expected end of options\n@e[limit=1<--[HERE]");
    BOOST_TEST(w.error("@e[limit=1 x]") == "Expected end of options\n...e[limit=1 x]<--[HERE]");
    BOOST_TEST(w.error("abcdefghijklmnopq") == "Invalid name or UUID\nabcdefghijklmnopq<--[HERE]");
}

BOOST_AUTO_TEST_CASE(single_entity_argument_refuses_multiple) {
    World3 w;
    auto arg = entity_arg(w.h.registries().entity_types, true);
    StringReader ok("@e[limit=1]");
    BOOST_TEST(arg->parse(ok).has_value());
    StringReader many("@e[type=zombie]");
    auto e = arg->parse(many);
    BOOST_REQUIRE(!e);
    BOOST_TEST(e.error().message == "Only one entity is allowed, but the provided selector allows more than one");
    BOOST_TEST(e.error().cursor == 0u);
    auto sel = w.parse("@e[type=pig]");
    BOOST_TEST(select_entities(*sel, w.h.world(), w.src).error().message == "No entity was found");
}

BOOST_AUTO_TEST_CASE(display_names) {
    BOOST_TEST(type_display_name(ResourceLocation::of("minecraft:iron_golem")) == "Iron Golem");
    BOOST_TEST(type_display_name(ResourceLocation::of("villager")) == "Villager");
}

BOOST_AUTO_TEST_SUITE_END()
