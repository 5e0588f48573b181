// The fluent builder (seed 001's BehaviorTreeBuilder) and TreeDraft (its Create()/AddChild()):
// the same tree either way, node numbering, and every misuse reported with a BtError.
#include <boost/test/unit_test.hpp>

#include "script.hpp"

using namespace bt_test;

namespace {

// The seed's example character: patrols; on seeing an enemy, runs away if its health is low,
// otherwise attacks while the enemy is not dead — and runs away mid-attack if its health drops.
BehaviorTree seed_example(Script& sc) {
    return BehaviorTreeBuilder()
        .active_selector()
        .sequence()
        .condition(sc.condition("see"))
        .name("see")
        .back()
        .active_selector()
        .sequence()
        .condition(sc.condition("low"))
        .name("low")
        .back()
        .action(sc.action("runaway"))
        .name("runaway")
        .back()
        .back()
        .monitor(Policy::RequireAll, Policy::RequireOne)
        .condition(sc.condition("dead"), true)
        .name("dead")
        .back()
        .action(sc.action("attack"))
        .name("attack")
        .back()
        .back()
        .back()
        .back()
        .action(sc.action("patrol"))
        .name("patrol")
        .end();
}

constexpr const char* seed_example_text =
    "active_selector(sequence(condition \"see\", active_selector(sequence(condition \"low\", action \"runaway\"), "
    "monitor[all,one](!condition \"dead\", action \"attack\"))), action \"patrol\")";

// The same tree made node by node, in another order, as the seed's Create() and AddChild() would.
BehaviorTree seed_example_by_hand(Script& sc, std::vector<NodeId>* placed = nullptr) {
    TreeDraft d;
    const NodeId patrol = d.action(sc.action("patrol"));
    const NodeId attack = d.action(sc.action("attack"));
    const NodeId dead = d.condition(sc.condition("dead"), true);
    const NodeId monitor = d.monitor(Policy::RequireAll, Policy::RequireOne);
    const NodeId runaway = d.action(sc.action("runaway"));
    const NodeId low = d.condition(sc.condition("low"));
    const NodeId flee = d.sequence();
    const NodeId fight = d.active_selector();
    const NodeId see = d.condition(sc.condition("see"));
    const NodeId engage = d.sequence();
    const NodeId root = d.active_selector();
    d.set_name(patrol, "patrol");
    d.set_name(attack, "attack");
    d.set_name(dead, "dead");
    d.set_name(runaway, "runaway");
    d.set_name(low, "low");
    d.set_name(see, "see");
    d.add_child(monitor, dead);
    d.add_child(monitor, attack);
    d.add_child(flee, low);
    d.add_child(flee, runaway);
    d.add_child(fight, flee);
    d.add_child(fight, monitor);
    d.add_child(engage, see);
    d.add_child(engage, fight);
    d.add_child(root, engage);
    d.add_child(root, patrol);
    BOOST_TEST(d.size() == 11u);
    BOOST_TEST(d.kind(monitor) == NodeKind::Monitor);
    return d.build(root, placed);
}

// Ticks a tree through the seed's story and returns the log of each tick.
std::vector<std::string> story(BehaviorTree& t, Script& sc) {
    World w;
    std::vector<std::string> out;
    sc.truths = {{"see", false}, {"low", false}, {"dead", false}};
    sc.results = {{"patrol", Status::Running}, {"attack", Status::Running}, {"runaway", Status::Running}};
    auto step = [&] {
        const Status s = t.tick(w.ctx);
        out.push_back(sc.take() + " => " + to_string(s));
    };
    step();                   // patrols
    sc.truths["see"] = true;  // an enemy: attack (health is fine)
    step();
    step();
    sc.truths["low"] = true;  // health drops mid-attack: run away
    step();
    sc.results["runaway"] = Status::Success;  // got away
    step();
    sc.truths["see"] = false;  // nothing in sight: patrol again
    step();
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(builder)

BOOST_AUTO_TEST_CASE(builds_the_seeds_example_in_preorder) {
    Script sc;
    BehaviorTree t = seed_example(sc);
    BOOST_TEST(t.describe() == seed_example_text);
    BOOST_TEST(t.size() == 11u);
    // Node n is the builder's n-th node call.
    BOOST_TEST(t.kind(0) == NodeKind::ActiveSelector);
    BOOST_TEST(t.name(2) == "see");
    BOOST_TEST(t.kind(7) == NodeKind::Monitor);
    BOOST_TEST(t.name(10) == "patrol");
    BOOST_TEST((t.children(0) == std::vector<NodeId>{1, 10}));
    BOOST_TEST((t.children(3) == std::vector<NodeId>{4, 7}));
    BOOST_TEST((t.children(7) == std::vector<NodeId>{8, 9}));
    BOOST_TEST(t.children(9).empty());
    BOOST_TEST(t.parent(9) == 7u);
    BOOST_TEST(t.parent(0) == 0u);
}

BOOST_AUTO_TEST_CASE(the_seeds_example_behaves_as_the_seed_describes) {
    Script sc;
    BehaviorTree t = seed_example(sc);
    const std::vector<std::string> log = story(t, sc);
    BOOST_TEST(log[0] == "see?no patrol.init patrol=Running => Running");
    BOOST_TEST(log[1] == "see?yes low?no dead?no attack.init attack=Running patrol.term(Aborted) => Running");
    // The engage branch is running: `see` is not asked again, the inner active selector re-checks.
    BOOST_TEST(log[2] == "low?no dead?no attack=Running => Running");
    BOOST_TEST(log[3] == "low?yes runaway.init runaway=Running attack.term(Aborted) => Running");
    // Got away: the branch succeeds, and the root with it; next time round it starts from the top.
    BOOST_TEST(log[4] == "runaway=Success runaway.term(Success) => Success");
    BOOST_TEST(log[5] == "see?no patrol.init patrol=Running => Running");
}

BOOST_AUTO_TEST_CASE(builder_and_hand_built_draft_make_the_same_tree) {
    Script by_builder, by_hand;
    BehaviorTree a = seed_example(by_builder);
    std::vector<NodeId> placed;
    BehaviorTree b = seed_example_by_hand(by_hand, &placed);
    BOOST_TEST(a.describe() == b.describe());
    BOOST_TEST(story(a, by_builder) == story(b, by_hand));
    // Draft ids map to tree ids in pre-order: the root (made last, draft 10) is node 0, patrol
    // (made first) is the last node.
    BOOST_TEST(placed.size() == 11u);
    BOOST_TEST(placed[10] == 0u);
    BOOST_TEST(placed[0] == 10u);
}

BOOST_AUTO_TEST_CASE(a_single_leaf_is_a_tree_and_the_builder_can_be_reused) {
    Script sc;
    World w;
    BehaviorTreeBuilder b;
    BehaviorTree one = b.action(sc.action("a")).end();
    BehaviorTree two = b.condition(sc.condition("c")).end();
    BOOST_TEST(one.describe() == "action");
    BOOST_TEST(two.describe() == "condition");
    BOOST_TEST(one.tick(w.ctx) == Status::Success);
    BOOST_TEST(two.tick(w.ctx) == Status::Success);
}

BOOST_AUTO_TEST_CASE(describe_shows_every_kind_and_parameter) {
    Script sc;
    BehaviorTree t = BehaviorTreeBuilder()
                         .selector()
                         .parallel(Policy::RequireOne, Policy::RequireAll)
                         .repeat(3)
                         .action(sc.action("a"))
                         .back()
                         .back()
                         .inverter()
                         .condition(sc.condition("c"))
                         .back()
                         .back()
                         .back()
                         .decorator([](TickContext&, Child& c) { return c.tick(); })
                         .action(sc.action("b"))
                         .end();
    BOOST_TEST(t.describe() ==
               "selector(parallel[one,all](repeat[3](action), inverter(condition)), decorator(action))");
}

BOOST_AUTO_TEST_CASE(a_leaf_must_be_closed_before_the_next_node) {
    Script sc;
    BehaviorTreeBuilder b;
    b.sequence().condition(sc.condition("c"));
    try {
        b.action(sc.action("a"));
        BOOST_FAIL("expected BtError");
    } catch (const BtError& e) {
        BOOST_TEST(std::string(e.what()).find("close a leaf with back()") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(misuse_is_reported) {
    Script sc;
    BOOST_CHECK_THROW(BehaviorTreeBuilder().end(), BtError);
    BOOST_CHECK_THROW(BehaviorTreeBuilder().back(), BtError);
    BOOST_CHECK_THROW(BehaviorTreeBuilder().name("x"), BtError);
    BOOST_CHECK_THROW(BehaviorTreeBuilder().action(sc.action("a")).back().back(), BtError);
    // A second root.
    BOOST_CHECK_THROW(BehaviorTreeBuilder().action(sc.action("a")).back().action(sc.action("b")), BtError);
    // A composite or decorator with no child.
    BOOST_CHECK_THROW(BehaviorTreeBuilder().sequence().end(), BtError);
    BOOST_CHECK_THROW(BehaviorTreeBuilder().selector().action(sc.action("a")).back().inverter().end(), BtError);
    // A decorator with two children.
    BOOST_CHECK_THROW(BehaviorTreeBuilder().repeat(2).action(sc.action("a")).back().action(sc.action("b")), BtError);
}

BOOST_AUTO_TEST_CASE(draft_misuse_is_reported) {
    Script sc;
    {
        TreeDraft d;
        BOOST_CHECK_THROW(d.build(0), BtError);  // no nodes
        const NodeId s = d.sequence();
        const NodeId a = d.action(sc.action("a"));
        const NodeId b = d.action(sc.action("b"));
        BOOST_CHECK_THROW(d.add_child(s, s), BtError);
        BOOST_CHECK_THROW(d.add_child(a, b), BtError);  // a leaf has no children
        BOOST_CHECK_THROW(d.add_child(s, 99), BtError);
        BOOST_CHECK_THROW(d.kind(99), BtError);
        d.add_child(s, a);
        BOOST_CHECK_THROW(d.add_child(s, a), BtError);  // already has a parent
        BOOST_CHECK_THROW(d.build(a), BtError);         // the root has a parent
        try {
            d.build(s);  // b is not under the root
            BOOST_FAIL("expected BtError");
        } catch (const BtError& e) {
            BOOST_TEST(std::string(e.what()).find("action (node 2) was made but is not under the root") !=
                       std::string::npos);
        }
    }
    {
        TreeDraft d;
        const NodeId r = d.repeat(2);
        d.add_child(r, d.action(sc.action("a")));
        BOOST_CHECK_THROW(d.add_child(r, d.action(sc.action("b"))), BtError);
    }
}

BOOST_AUTO_TEST_SUITE_END()
