// Shared by the behaviour-tree tests: leaves whose results the test scripts by name and whose
// node-contract callbacks are written to a log, and a fake level and mob to tick them in.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/bt/builder.hpp"
#include "mobsdk/bt/tree.hpp"
#include "mobsdk/testing/fake_world.hpp"

namespace bt_test {

using namespace mobsdk;
using namespace mobsdk::bt;

/// What the leaves return and what they did.
struct Script {
    std::map<std::string, Status> results;  // an action's update result (default Success)
    std::map<std::string, bool> truths;     // a condition's value (default true)
    std::vector<std::string> log;

    /// The log since the last take(), space-separated, then cleared.
    std::string take() {
        std::string out;
        for (const auto& line : log) out += (out.empty() ? "" : " ") + line;
        log.clear();
        return out;
    }

    /// An action with all three hooks, logging `name.init`, `name=Status`, `name.term(Status)`.
    struct Action {
        Script* script;
        std::string name;
        void on_initialise(TickContext&) { script->log.push_back(name + ".init"); }
        Status update(TickContext&) {
            auto it = script->results.find(name);
            const Status s = it == script->results.end() ? Status::Success : it->second;
            script->log.push_back(name + "=" + to_string(s));
            return s;
        }
        void on_terminate(TickContext&, Status s) { script->log.push_back(name + ".term(" + to_string(s) + ")"); }
    };
    Action action(std::string name) { return Action{this, std::move(name)}; }

    /// A condition logging `name?` and its raw value (before any negation).
    auto condition(std::string name) {
        return [this, name](TickContext&) {
            auto it = truths.find(name);
            const bool v = it == truths.end() ? true : it->second;
            log.push_back(name + (v ? "?yes" : "?no"));
            return v;
        };
    }
};

/// A fake level and a brainless fake mob, and a context for them.
struct World {
    testing::FakeLevel level{42};
    testing::FakeMob mob{Uuid{1, 1}};
    TickContext ctx{level, mob};
};

}  // namespace bt_test
