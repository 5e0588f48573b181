// The mobsdk side of the prismarine-nbt interop test (nbt_interop.mjs drives it): writes and checks
// one canonical tree that covers every tag type, extreme values and non-ASCII strings.
//
//   nbt_interop write-sample OUT --gzip|--none   write the canonical tree to OUT
//   nbt_interop check-sample IN                  read IN, compare it with the canonical tree
//   nbt_interop dump IN                          print the tree read from IN
//
// The same tree is spelled out independently in nbt_interop.mjs; keep the two in step.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <string_view>

#include "mobsdk/nbt/io.hpp"
#include "mobsdk/nbt/tag.hpp"

namespace nbt = mobsdk::nbt;
using namespace std::string_literals;

namespace {

// A non-empty root name, so that both sides also have to carry the root name across.
constexpr std::string_view kRootName = "mobsdk interop";

nbt::List list_of(nbt::TagType type, std::initializer_list<nbt::Tag> items) {
    nbt::List l(type);
    for (const auto& t : items) l.push_back(t);
    return l;
}

nbt::Compound canonical_sample() {
    using I8 = std::int8_t;
    using I16 = std::int16_t;
    using I32 = std::int32_t;
    using I64 = std::int64_t;
    using L8 = std::numeric_limits<I8>;
    using L16 = std::numeric_limits<I16>;
    using L32 = std::numeric_limits<I32>;
    using L64 = std::numeric_limits<I64>;

    nbt::Compound root;
    root.put("byte_min", I8{L8::min()});
    root.put("byte_max", I8{L8::max()});
    root.put("byte_zero", I8{0});
    root.put("short_min", I16{L16::min()});
    root.put("short_max", I16{L16::max()});
    root.put("int_min", I32{L32::min()});
    root.put("int_max", I32{L32::max()});
    root.put("int", I32{123456789});
    root.put("long_min", I64{L64::min()});
    root.put("long_max", I64{L64::max()});
    // Needs more than 32 bits, with a low half whose top bit is set (a signedness trap for [hi, lo]).
    root.put("long", I64{0x12345678'9ABCDEF0});
    root.put("float_tenth", 0.1f);
    root.put("float_neg_zero", -0.0f);
    root.put("float_max", std::numeric_limits<float>::max());
    root.put("float_denorm", std::numeric_limits<float>::denorm_min());
    root.put("double_big", 1e300);
    root.put("double_tenth", 0.1);
    root.put("double_neg_zero", -0.0);
    root.put("double_denorm", std::numeric_limits<double>::denorm_min());

    root.put("byte_array", nbt::ByteArray{-128, -1, 0, 1, 127});
    root.put("byte_array_empty", nbt::ByteArray{});
    root.put("int_array", nbt::IntArray{L32::min(), -1, 0, 1, L32::max()});
    root.put("int_array_empty", nbt::IntArray{});
    root.put("long_array", nbt::LongArray{L64::min(), -1, 0, 1, L64::max(), 0x12345678'9ABCDEF0});
    root.put("long_array_empty", nbt::LongArray{});

    root.put("string_ascii", "Hello, mobsdk!");
    root.put("string_empty", "");
    root.put("string_latin", "héllo wörld");
    root.put("string_cjk", "村民");
    root.put("string_emoji", "😀");           // U+1F600: a surrogate pair in Modified UTF-8
    root.put("string_nul", "nul\0inside"s);  // U+0000: C0 80 in Modified UTF-8
    root.put("string_mixed", "a\0é村😀z"s);

    root.put("list_int", list_of(nbt::TagType::Int, {I32{1}, I32{-2}, L32::min(), L32::max()}));
    root.put("list_long", list_of(nbt::TagType::Long, {L64::min(), I64{-1}, L64::max()}));
    root.put("list_string", list_of(nbt::TagType::String, {"a", "", "héllo", "村民", "😀"}));
    root.put("list_compound", list_of(nbt::TagType::Compound,
                                      {nbt::Compound{{"id", "minecraft:villager"}, {"level", I8{1}}},
                                       nbt::Compound{{"id", "minecraft:zombie"}, {"Health", 20.0f}}, nbt::Compound{}}));
    root.put("list_list", list_of(nbt::TagType::List, {list_of(nbt::TagType::Int, {I32{1}, I32{2}}),
                                                       list_of(nbt::TagType::String, {"x"}), nbt::List{}}));
    root.put("list_empty", nbt::List{});

    root.put("nested",
             nbt::Compound{{"level1", nbt::Compound{{"level2", nbt::Compound{{"level3", "deep"}, {"n", I32{3}}}},
                                                    {"sibling", I16{2}}}}});
    root.put("compound_empty", nbt::Compound{});
    root.put("minecraft:home", nbt::Compound{{"dimension", "minecraft:overworld"}, {"pos", nbt::IntArray{1, 64, -3}}});
    root.put("clé_村民", I8{1});
    root.put("key_😀", I8{2});
    return root;
}

// Our own printer rather than SNBT, so that every byte that is not printable ASCII shows as \xNN:
// a dump is for finding encoding differences.
void print_escaped(std::string_view s) {
    std::putchar('"');
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') std::printf("\\%c", c);
        else if (c >= 0x20 && c < 0x7F) std::putchar(c);
        else std::printf("\\x%02X", c);
    }
    std::putchar('"');
}

void print_tag(const nbt::Tag& tag, int indent);

void print_indent(int indent) {
    for (int i = 0; i < indent; ++i) std::fputs("  ", stdout);
}

template <typename Array>
void print_array(const char* prefix, const Array& a) {
    std::printf("[%s;", prefix);
    for (std::size_t i = 0; i < a.size(); ++i) std::printf("%s%lld", i ? "," : "", static_cast<long long>(a[i]));
    std::putchar(']');
}

void print_tag(const nbt::Tag& tag, int indent) {
    const auto& v = tag.value();
    switch (tag.type()) {
        case nbt::TagType::End: std::fputs("<end>", stdout); break;
        case nbt::TagType::Byte: std::printf("%db", std::get<std::int8_t>(v)); break;
        case nbt::TagType::Short: std::printf("%ds", std::get<std::int16_t>(v)); break;
        case nbt::TagType::Int: std::printf("%d", std::get<std::int32_t>(v)); break;
        case nbt::TagType::Long: std::printf("%lldL", static_cast<long long>(std::get<std::int64_t>(v))); break;
        case nbt::TagType::Float: std::printf("%.9gf", static_cast<double>(std::get<float>(v))); break;
        case nbt::TagType::Double: std::printf("%.17gd", std::get<double>(v)); break;
        case nbt::TagType::ByteArray: print_array("B", std::get<nbt::ByteArray>(v)); break;
        case nbt::TagType::IntArray: print_array("I", std::get<nbt::IntArray>(v)); break;
        case nbt::TagType::LongArray: print_array("L", std::get<nbt::LongArray>(v)); break;
        case nbt::TagType::String: print_escaped(std::get<std::string>(v)); break;
        case nbt::TagType::List: {
            const auto& l = std::get<nbt::List>(v);
            std::printf("<%s>[", std::string(nbt::tag_type_name(l.element_type())).c_str());
            for (std::size_t i = 0; i < l.size(); ++i) {
                std::putchar('\n');
                print_indent(indent + 1);
                print_tag(l[i], indent + 1);
                if (i + 1 < l.size()) std::putchar(',');
            }
            if (!l.empty()) {
                std::putchar('\n');
                print_indent(indent);
            }
            std::putchar(']');
            break;
        }
        case nbt::TagType::Compound: {
            const auto& c = std::get<nbt::Compound>(v);
            std::putchar('{');
            bool first = true;
            for (const auto& e : c) {
                if (!first) std::putchar(',');
                first = false;
                std::putchar('\n');
                print_indent(indent + 1);
                print_escaped(e.name);
                std::fputs(": ", stdout);
                print_tag(e.value, indent + 1);
            }
            if (!c.empty()) {
                std::putchar('\n');
                print_indent(indent);
            }
            std::putchar('}');
            break;
        }
    }
}

int usage() {
    std::fputs(
        "usage: nbt_interop write-sample OUT --gzip|--none\n"
        "       nbt_interop check-sample IN\n"
        "       nbt_interop dump IN\n",
        stderr);
    return 2;
}

int write_sample(const std::filesystem::path& out, std::string_view mode) {
    nbt::Compression compression;
    if (mode == "--gzip") compression = nbt::Compression::Gzip;
    else if (mode == "--none") compression = nbt::Compression::None;
    else return usage();
    auto written = nbt::write_file(out, canonical_sample(), kRootName, compression);
    if (!written) {
        std::fprintf(stderr, "nbt_interop: writing %s failed: %s\n", out.c_str(), written.error().describe().c_str());
        return 1;
    }
    return 0;
}

int check_sample(const std::filesystem::path& in) {
    auto file = nbt::read_file(in);
    if (!file) {
        std::fprintf(stderr, "nbt_interop: reading %s failed: %s\n", in.c_str(), file.error().describe().c_str());
        return 1;
    }
    const nbt::Compound expected = canonical_sample();
    int problems = 0;
    if (file->root.name != kRootName) {
        std::fputs("root name differs: expected ", stdout);
        print_escaped(kRootName);
        std::fputs(", found ", stdout);
        print_escaped(file->root.name);
        std::putchar('\n');
        ++problems;
    }
    const nbt::Compound* actual = file->root.tag.get_if<nbt::Compound>();
    if (!actual) {
        std::printf("root is %s, expected TAG_Compound\n",
                    std::string(nbt::tag_type_name(file->root.tag.type())).c_str());
        return 1;
    }
    if (*actual == expected && problems == 0) {
        std::printf("ok: %s matches the canonical sample (%s)\n", in.c_str(),
                    std::string(nbt::compression_name(file->compression)).c_str());
        return 0;
    }
    for (const auto& e : expected) {
        const nbt::Tag* found = actual->find(e.name);
        if (found && *found == e.value) continue;
        ++problems;
        std::fputs("key ", stdout);
        print_escaped(e.name);
        if (!found) {
            std::puts(" is missing");
            continue;
        }
        std::fputs(" differs\n  expected: ", stdout);
        print_tag(e.value, 1);
        std::fputs("\n  found:    ", stdout);
        print_tag(*found, 1);
        std::putchar('\n');
    }
    for (const auto& e : *actual) {
        if (expected.contains(e.name)) continue;
        ++problems;
        std::fputs("unexpected key ", stdout);
        print_escaped(e.name);
        std::fputs(": ", stdout);
        print_tag(e.value, 1);
        std::putchar('\n');
    }
    std::printf("MISMATCH: %s differs from the canonical sample in %d place(s)\n", in.c_str(), problems);
    return 1;
}

int dump(const std::filesystem::path& in) {
    auto file = nbt::read_file(in);
    if (!file) {
        std::fprintf(stderr, "nbt_interop: reading %s failed: %s\n", in.c_str(), file.error().describe().c_str());
        return 1;
    }
    std::printf("compression: %s\nroot name: ", std::string(nbt::compression_name(file->compression)).c_str());
    print_escaped(file->root.name);
    std::putchar('\n');
    print_tag(file->root.tag, 0);
    std::putchar('\n');
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) return usage();
    const std::string_view command = argv[1];
    if (command == "write-sample" && argc == 4) return write_sample(argv[2], argv[3]);
    if (command == "check-sample" && argc == 3) return check_sample(argv[2]);
    if (command == "dump" && argc == 3) return dump(argv[2]);
    return usage();
}
