// Brigadier's parse (parseNodes), execute and getSmartUsage over our node tree.
#include "mobserver/command/dispatcher.hpp"

#include <algorithm>
#include <exception>
#include <optional>

namespace mobsdk::server {

namespace {

bool sorts_before(const CommandNode& a, const CommandNode& b) {
    const bool al = a.kind() == CommandNode::Kind::Literal, bl = b.kind() == CommandNode::Kind::Literal;
    if (al != bl) return al;
    return a.name() < b.name();
}

struct ParseState {
    CommandContext context;
    const CommandNode* last = nullptr;  // the last node parsed (its command runs)
    std::size_t node_count = 0;         // vanilla's "context range is empty" is node_count == 0
};

struct ParseResults {
    ParseState state;
    StringReader reader;
    std::vector<CommandError> errors;
};

ParseResults parse_nodes(const CommandNode& node, const StringReader& original, const ParseState& so_far,
                         const CommandSource& source) {
    std::vector<CommandError> errors;
    std::vector<ParseResults> potentials;
    const std::size_t cursor = original.cursor();

    // Brigadier's getRelevantNodes: a literal matching the next word exactly shadows everything
    // else; otherwise only the arguments are tried.
    std::vector<const CommandNode*> relevant;
    bool has_literals = false;
    for (const auto& c : node.children()) has_literals |= c->kind() == CommandNode::Kind::Literal;
    if (has_literals) {
        std::size_t end = cursor;
        const std::string& s = original.string();
        while (end < s.size() && s[end] != ' ') ++end;
        const std::string_view word = std::string_view(s).substr(cursor, end - cursor);
        const CommandNode* lit = nullptr;
        for (const auto& c : node.children())
            if (c->kind() == CommandNode::Kind::Literal && c->name() == word) lit = c.get();
        if (lit) relevant.push_back(lit);
    }
    if (relevant.empty())
        for (const auto& c : node.children())
            if (c->kind() == CommandNode::Kind::Argument) relevant.push_back(c.get());

    for (const CommandNode* child : relevant) {
        // A node the source may not use is not there for it (Brigadier's canUse): a command above
        // its level reads as an unknown one.
        if (!child->can_use(source)) continue;
        ParseState state = so_far;
        StringReader reader = original;
        if (child->kind() == CommandNode::Kind::Literal) {
            reader.set_cursor(cursor + child->name().size());
        } else {
            auto value = child->type()->parse(reader);
            if (!value) {
                errors.push_back(std::move(value.error()));
                continue;
            }
            state.context.add(child->name(), std::move(*value));
        }
        if (reader.can_read() && reader.peek() != ' ') {
            errors.push_back(reader.error("Expected whitespace to end one argument, but found trailing data"));
            continue;
        }
        state.last = child;
        ++state.node_count;
        const CommandNode* next = child->redirect_target() ? child->redirect_target() : child;
        if (reader.can_read(child->redirect_target() ? 1 : 2)) {
            reader.skip();
            potentials.push_back(parse_nodes(*next, reader, state, source));
        } else {
            potentials.push_back(ParseResults{std::move(state), std::move(reader), {}});
        }
    }

    if (!potentials.empty()) {
        std::stable_sort(potentials.begin(), potentials.end(), [](const ParseResults& a, const ParseResults& b) {
            if (!a.reader.can_read() && b.reader.can_read()) return true;
            if (a.reader.can_read() && !b.reader.can_read()) return false;
            return a.errors.empty() && !b.errors.empty();
        });
        return std::move(potentials.front());
    }
    return ParseResults{so_far, original, std::move(errors)};
}

std::string_view strip_slash(std::string_view line) {
    return !line.empty() && line.front() == '/' ? line.substr(1) : line;
}

}  // namespace

CommandNode& CommandNode::add(std::unique_ptr<CommandNode> node) {
    auto at = std::find_if(children_.begin(), children_.end(),
                           [&](const std::unique_ptr<CommandNode>& c) { return sorts_before(*node, *c); });
    return **children_.insert(at, std::move(node));
}

const CommandNode* CommandNode::child(std::string_view name) const noexcept {
    for (const auto& c : children_)
        if (c->name() == name) return c.get();
    return nullptr;
}

CommandNode& CommandNode::literal(std::string name) {
    for (auto& c : children_)
        if (c->kind() == Kind::Literal && c->name() == name) return *c;
    return add(std::make_unique<CommandNode>(Kind::Literal, std::move(name)));
}

CommandNode& CommandNode::argument(std::string name, std::shared_ptr<const ArgumentType> type) {
    for (auto& c : children_)
        if (c->kind() == Kind::Argument && c->name() == name) return *c;
    return add(std::make_unique<CommandNode>(Kind::Argument, std::move(name), std::move(type)));
}

Result<ParsedCommand, CommandError> CommandDispatcher::parse(std::string_view line, CommandSource& source) const {
    const std::string input(strip_slash(line));
    StringReader reader(input);
    ParseState start{CommandContext(source, input), nullptr, 0};
    ParseResults results = parse_nodes(root_, reader, start, source);
    if (results.reader.can_read()) {
        if (results.errors.size() == 1) return unexpected(std::move(results.errors.front()));
        if (results.state.node_count == 0)
            return unexpected(results.reader.error("Unknown or incomplete command, see below for error"));
        return unexpected(results.reader.error("Incorrect argument for command"));
    }
    if (results.state.last == nullptr || !results.state.last->command())
        return unexpected(results.reader.error("Unknown or incomplete command, see below for error"));
    return ParsedCommand{std::move(results.state.context), results.state.last};
}

CommandOutcome CommandDispatcher::execute(std::string_view line, CommandSource& source) const {
    auto report = [&](const CommandError& e) {
        source.send_failure(e.message);
        if (e.has_context()) source.send_failure(e.context());
    };
    auto parsed = parse(line, source);
    if (!parsed) {
        report(parsed.error());
        return {};
    }
    try {
        auto result = parsed->node->command()(parsed->context);
        if (!result) {
            report(result.error());
            return {};
        }
        return {true, *result};
    } catch (const std::exception&) {
        // A bug or an unexpected world error must not take the server down (vanilla's command.failed).
        source.send_failure("An unexpected error occurred trying to execute that command");
        return {};
    }
}

namespace {

std::optional<std::string> smart_usage_of(const CommandNode& node, const CommandNode& root, const CommandSource& source,
                                          bool optional, bool deep) {
    if (!node.can_use(source)) return std::nullopt;
    const std::string self = optional ? "[" + node.usage_text() + "]" : node.usage_text();
    const bool child_optional = static_cast<bool>(node.command());
    const char* open = child_optional ? "[" : "(";
    const char* close = child_optional ? "]" : ")";
    if (deep) return self;
    if (const CommandNode* r = node.redirect_target())
        return self + " " + (r == &root ? std::string("...") : "-> " + r->usage_text());
    std::vector<const CommandNode*> children;
    for (const auto& c : node.children())
        if (c->can_use(source)) children.push_back(c.get());
    if (children.size() == 1) {
        if (auto usage = smart_usage_of(*children.front(), root, source, child_optional, child_optional))
            return self + " " + *usage;
    } else if (children.size() > 1) {
        std::vector<std::string> child_usage;
        for (const CommandNode* c : children) {
            auto u = smart_usage_of(*c, root, source, child_optional, true);
            if (u && std::find(child_usage.begin(), child_usage.end(), *u) == child_usage.end())
                child_usage.push_back(*u);
        }
        if (child_usage.size() == 1)
            return self + " " + (child_optional ? "[" + child_usage.front() + "]" : child_usage.front());
        if (child_usage.size() > 1) {
            std::string b = open;
            for (std::size_t i = 0; i < children.size(); ++i) {
                if (i > 0) b += '|';
                b += children[i]->usage_text();
            }
            return self + " " + b + close;
        }
    }
    return self;
}

}  // namespace

std::vector<std::pair<const CommandNode*, std::string>> CommandDispatcher::smart_usage(
    const CommandNode& node, const CommandSource& source) const {
    std::vector<std::pair<const CommandNode*, std::string>> out;
    for (const auto& c : node.children())
        if (auto u = smart_usage_of(*c, root_, source, false, false)) out.emplace_back(c.get(), *u);
    return out;
}

const CommandNode* CommandDispatcher::deepest_node(std::string_view line, CommandSource& source,
                                                   std::string& parsed_text) const {
    const std::string input(strip_slash(line));
    StringReader reader(input);
    ParseState start{CommandContext(source, input), nullptr, 0};
    ParseResults results = parse_nodes(root_, reader, start, source);
    parsed_text = input;
    return results.state.last;
}

}  // namespace mobsdk::server
