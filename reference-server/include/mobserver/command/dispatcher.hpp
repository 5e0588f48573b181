// A small Brigadier: a tree of literal and argument nodes, parsed with Brigadier's rules (the
// literal that matches the next word wins, otherwise each argument is tried and the parse that
// reads furthest without errors is kept), executed against a CommandSource, and usage text
// generated from the tree as vanilla's `help` prints it.
#pragma once

#include <any>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mobsdk/core/result.hpp"
#include "mobserver/command/command_error.hpp"
#include "mobserver/command/command_source.hpp"
#include "mobserver/command/string_reader.hpp"

namespace mobsdk::server {

/// @brief How an argument node reads its text (vanilla's ArgumentType). Parsing must not touch the
/// world: a command that fails to parse changes nothing.
class ArgumentType {
public:
    virtual ~ArgumentType() = default;
    /// @brief Reads the argument at the reader's cursor; the value is fetched with CommandContext::get.
    virtual Result<std::any, CommandError> parse(StringReader& reader) const = 0;
};

/// @brief The arguments parsed for one command line, and its source.
class CommandContext {
public:
    /// @brief A context for `input` run by `source`.
    CommandContext(CommandSource& source, std::string input) : source_(&source), input_(std::move(input)) {}
    /// @brief Who runs the command.
    CommandSource& source() const noexcept { return *source_; }
    /// @brief The command line.
    const std::string& input() const noexcept { return input_; }
    /// @brief True when the argument was given.
    bool has(std::string_view name) const noexcept {
        for (const auto& a : args_)
            if (a.first == name) return true;
        return false;
    }
    /// @brief The value of an argument; std::logic_error when the tree has no such argument here
    /// or its type is not T (a bug in the command, not in the input).
    template <class T>
    const T& get(std::string_view name) const {
        for (const auto& a : args_)
            if (a.first == name) {
                if (const T* v = std::any_cast<T>(&a.second)) return *v;
                throw std::logic_error("command argument '" + std::string(name) + "' has another type");
            }
        throw std::logic_error("command argument '" + std::string(name) + "' was not parsed");
    }
    /// @brief Adds a parsed argument (the dispatcher does this).
    void add(std::string name, std::any value) { args_.emplace_back(std::move(name), std::move(value)); }

private:
    CommandSource* source_;
    std::string input_;
    std::vector<std::pair<std::string, std::any>> args_;
};

/// @brief What a command returns: its result number (vanilla's int), or an error shown to the source.
using CommandResultValue = Result<int, CommandError>;
/// @brief A command's body (runs once per command line; not a hot path).
using Command = std::function<CommandResultValue(CommandContext&)>;

/// @brief One node of the command tree.
class CommandNode {
public:
    /// @brief Root, a fixed word, or a typed argument.
    enum class Kind { Root, Literal, Argument };

    /// @brief A node (use literal()/argument() on a parent to make one).
    CommandNode(Kind kind, std::string name, std::shared_ptr<const ArgumentType> type = {})
        : kind_(kind), name_(std::move(name)), type_(std::move(type)) {}
    CommandNode(const CommandNode&) = delete;
    CommandNode& operator=(const CommandNode&) = delete;

    /// @brief The literal child `name`, made if missing (registering twice merges, as Brigadier).
    CommandNode& literal(std::string name);
    /// @brief The argument child `name` of `type`, made if missing.
    CommandNode& argument(std::string name, std::shared_ptr<const ArgumentType> type);
    /// @brief Makes this node executable: the command line may end here.
    CommandNode& executes(Command command) {
        command_ = std::move(command);
        return *this;
    }
    /// @brief Only sources of permission level `level` or more may use this node (vanilla's
    /// `requires(source -> source.hasPermission(level))`); to the others it does not exist.
    CommandNode& requires_level(std::int32_t level) noexcept {
        level_ = level;
        return *this;
    }
    /// @brief Makes this node continue as `target` (vanilla's `tp` → `teleport`).
    CommandNode& redirect(CommandNode& target) {
        redirect_ = &target;
        return *this;
    }

    /// @brief Its kind.
    Kind kind() const noexcept { return kind_; }
    /// @brief The literal word or the argument's name.
    const std::string& name() const noexcept { return name_; }
    /// @brief The argument type (null for literals).
    const ArgumentType* type() const noexcept { return type_.get(); }
    /// @brief The permission level a source needs to use this node (0: everyone).
    std::int32_t required_level() const noexcept { return level_; }
    /// @brief True when `source` may use this node (Brigadier's canUse).
    bool can_use(const CommandSource& source) const { return source.permission_level() >= level_; }
    /// @brief The body, if the line may end here.
    const Command& command() const noexcept { return command_; }
    /// @brief The node it redirects to, or null.
    const CommandNode* redirect_target() const noexcept { return redirect_; }
    /// @brief The children: literals first, then arguments, each by name (Brigadier's order).
    const std::vector<std::unique_ptr<CommandNode>>& children() const noexcept { return children_; }
    /// @brief The child named `name`, or null.
    const CommandNode* child(std::string_view name) const noexcept;
    /// @brief `name` for a literal, `<name>` for an argument.
    std::string usage_text() const { return kind_ == Kind::Argument ? "<" + name_ + ">" : name_; }

private:
    CommandNode& add(std::unique_ptr<CommandNode> node);

    Kind kind_;
    std::string name_;
    std::shared_ptr<const ArgumentType> type_;
    Command command_;
    CommandNode* redirect_ = nullptr;
    std::int32_t level_ = 0;
    std::vector<std::unique_ptr<CommandNode>> children_;
};

/// @brief The outcome of one command line.
struct CommandOutcome {
    bool success = false;  ///< parsed and ran without error
    int result = 0;        ///< the command's result number (0 on failure)
};

/// @brief The outcome of parsing a line, before anything runs.
struct ParsedCommand {
    CommandContext context;             ///< the arguments
    const CommandNode* node = nullptr;  ///< the executable node reached
};

/// @brief The command tree and its parser (vanilla's CommandDispatcher).
class CommandDispatcher {
public:
    CommandDispatcher() : root_(CommandNode::Kind::Root, "") {}
    /// @brief The root; register commands with `root().literal("name")…`.
    CommandNode& root() noexcept { return root_; }
    /// @brief The root.
    const CommandNode& root() const noexcept { return root_; }

    /// @brief Parses a line completely (nothing runs): the context and the node to execute, or the
    /// error vanilla would show. A leading '/' is not part of the syntax (the console strips it).
    Result<ParsedCommand, CommandError> parse(std::string_view line, CommandSource& source) const;
    /// @brief Parses and runs a line; errors go to the source as vanilla shows them (the message,
    /// then the context line).
    CommandOutcome execute(std::string_view line, CommandSource& source) const;

    /// @brief Vanilla's getSmartUsage for each child of `node` that `source` may use: (child, usage)
    /// in child order.
    std::vector<std::pair<const CommandNode*, std::string>> smart_usage(const CommandNode& node,
                                                                        const CommandSource& source) const;
    /// @brief The deepest node reached by parsing `line` (for `help <command>`), or null.
    const CommandNode* deepest_node(std::string_view line, CommandSource& source, std::string& parsed_text) const;

private:
    CommandNode root_;
};

}  // namespace mobsdk::server
