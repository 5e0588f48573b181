// build/bin/nbt: print NBT files as SNBT and convert between SNBT and binary NBT.
// Errors are one line naming the file, the offset (or line and column) and the problem.
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "mobsdk/nbt/io.hpp"
#include "mobsdk/nbt/path.hpp"
#include "mobsdk/nbt/snbt.hpp"

namespace nbt = mobsdk::nbt;

namespace {

constexpr const char* kUsage =
    "usage: nbt print FILE [PATH] [--compact]   print a file (any compression) as SNBT;\n"
    "                                           PATH selects a value as `data get` does,\n"
    "                                           e.g. Brain.memories.\"minecraft:home\".value.pos[0]\n"
    "       nbt to-snbt FILE                    print the whole file as one line of SNBT\n"
    "       nbt from-snbt IN.snbt OUT [--gzip|--zlib|--none]\n"
    "                                           write SNBT as binary NBT (default gzip)\n";

// Limits for files given on the command line: generous, but bounded.
constexpr std::size_t kMaxInput = 256u * 1024 * 1024;

int fail(const std::string& file, const std::string& message) {
    std::cerr << "nbt: " << file << ": " << message << "\n";
    return 1;
}

int usage_error(const std::string& message) {
    std::cerr << "nbt: " << message << "\n" << kUsage;
    return 2;
}

std::optional<nbt::NbtFile> load(const std::string& file, int& status) {
    nbt::ReadOptions opts;
    opts.max_bytes = kMaxInput;
    auto r = nbt::read_file(file, opts);
    if (!r) {
        status = fail(file, r.error().describe());
        return std::nullopt;
    }
    return std::move(r).value();
}

int cmd_print(const std::vector<std::string>& args) {
    std::vector<std::string> positional;
    bool compact = false;
    for (const auto& a : args) {
        if (a == "--compact") compact = true;
        else positional.push_back(a);
    }
    if (positional.empty() || positional.size() > 2) return usage_error("print takes FILE and an optional PATH");
    const std::string& file = positional[0];
    std::optional<nbt::NbtPath> path;
    if (positional.size() == 2) {
        auto p = nbt::NbtPath::parse(positional[1]);
        if (!p) return fail(file, "bad path '" + positional[1] + "': " + p.error().describe());
        path = std::move(p).value();
    }
    int status = 0;
    auto loaded = load(file, status);
    if (!loaded) return status;
    const nbt::SnbtFormat format{compact ? 0 : 4};
    if (!path) {
        std::cout << nbt::to_snbt(loaded->root.tag, format) << "\n";
        return 0;
    }
    auto value = path->get_value(loaded->root.tag);
    if (!value) return fail(file, value.error().message);
    std::cout << nbt::to_snbt(*value, format) << "\n";
    return 0;
}

int cmd_to_snbt(const std::vector<std::string>& args) {
    if (args.size() != 1) return usage_error("to-snbt takes exactly one FILE");
    int status = 0;
    auto loaded = load(args[0], status);
    if (!loaded) return status;
    std::cout << nbt::to_snbt(loaded->root.tag) << "\n";
    return 0;
}

int cmd_from_snbt(const std::vector<std::string>& args) {
    std::vector<std::string> positional;
    nbt::Compression compression = nbt::Compression::Gzip;
    for (const auto& a : args) {
        if (a == "--gzip") compression = nbt::Compression::Gzip;
        else if (a == "--zlib") compression = nbt::Compression::Zlib;
        else if (a == "--none") compression = nbt::Compression::None;
        else if (a.rfind("--", 0) == 0) return usage_error("unknown option " + a);
        else positional.push_back(a);
    }
    if (positional.size() != 2) return usage_error("from-snbt takes IN.snbt and OUT");
    const std::string& in = positional[0];
    std::ifstream file(in, std::ios::binary);
    if (!file) return fail(in, std::string("cannot open: ") + std::strerror(errno));
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (file.bad()) return fail(in, std::string("cannot read: ") + std::strerror(errno));
    nbt::SnbtReadOptions opts;
    opts.max_length = kMaxInput;
    auto tag = nbt::parse_snbt(text, opts);
    if (!tag) return fail(in, tag.error().describe());
    auto written = nbt::write_file(positional[1], *tag, "", compression);
    if (!written) return fail(positional[1], written.error().describe());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage_error("missing command");
    const std::string cmd = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    if (cmd == "print") return cmd_print(args);
    if (cmd == "to-snbt") return cmd_to_snbt(args);
    if (cmd == "from-snbt") return cmd_from_snbt(args);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
        std::cout << kUsage;
        return 0;
    }
    return usage_error("unknown command '" + cmd + "'");
}
