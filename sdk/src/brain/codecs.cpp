#include "mobsdk/brain/codecs.hpp"

#include <cmath>
#include <limits>

namespace mobsdk::brain {

namespace {

std::string type_name(const nbt::Tag& tag) { return std::string(nbt::tag_type_name(tag.type())); }

// Java's narrowing of a floating-point value to int/long: NaN is 0, out-of-range values clamp.
template <typename I>
I java_narrow(double d) noexcept {
    if (std::isnan(d)) return 0;
    constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
    constexpr double hi = static_cast<double>(std::numeric_limits<I>::max());
    if (d <= lo) return std::numeric_limits<I>::min();
    if (d >= hi) return std::numeric_limits<I>::max();
    return static_cast<I>(d);
}

// Java's Number.longValue() of an NBT number; nothing for a non-numeric tag (vanilla's
// NbtOps.getNumberValue accepts every numeric tag).
std::optional<std::int64_t> java_long_value(const nbt::Tag& tag) noexcept {
    switch (tag.type()) {
        case nbt::TagType::Byte: return *tag.get_if<std::int8_t>();
        case nbt::TagType::Short: return *tag.get_if<std::int16_t>();
        case nbt::TagType::Int: return *tag.get_if<std::int32_t>();
        case nbt::TagType::Long: return *tag.get_if<std::int64_t>();
        case nbt::TagType::Float: return java_narrow<std::int64_t>(*tag.get_if<float>());
        case nbt::TagType::Double: return java_narrow<std::int64_t>(*tag.get_if<double>());
        default: return std::nullopt;
    }
}

// Java's Number.intValue(): integers keep their low 32 bits, floats clamp (not via long).
std::optional<std::int32_t> java_int_value(const nbt::Tag& tag) noexcept {
    switch (tag.type()) {
        case nbt::TagType::Float: return java_narrow<std::int32_t>(*tag.get_if<float>());
        case nbt::TagType::Double: return java_narrow<std::int32_t>(*tag.get_if<double>());
        default:
            if (auto l = java_long_value(tag)) return static_cast<std::int32_t>(*l);  // modular since C++20
            return std::nullopt;
    }
}

std::string not_a_number(std::string_view expected, const nbt::Tag& tag) {
    return "expected " + std::string(expected) + " (or another number), found " + type_name(tag);
}

bool is_integral(nbt::TagType t) noexcept {
    return t == nbt::TagType::Byte || t == nbt::TagType::Short || t == nbt::TagType::Int || t == nbt::TagType::Long;
}

// Vanilla's Codec.INT_STREAM read through NbtOps, then Util.fixedSize(stream, n): an int array, or
// a byte/long array or a list of integers, of exactly n values. Floating-point list elements are
// refused (vanilla floors them; no vanilla writer produces them).
Result<std::vector<std::int32_t>, std::string> read_fixed_int_stream(const nbt::Tag& tag, std::size_t n) {
    const std::string expected = "expected TAG_Int_Array of length " + std::to_string(n) + ", found ";
    std::vector<std::int32_t> out;
    auto check_size = [&](std::size_t size, const char* unit) -> Result<void, std::string> {
        if (size == n) return {};
        return unexpected(expected + type_name(tag) + " of " + std::to_string(size) + " " + unit);
    };
    switch (tag.type()) {
        case nbt::TagType::IntArray: {
            const auto& a = *tag.get_if<nbt::IntArray>();
            if (a.size() != n) return unexpected(expected + "TAG_Int_Array of length " + std::to_string(a.size()));
            return a;
        }
        case nbt::TagType::ByteArray: {
            const auto& a = *tag.get_if<nbt::ByteArray>();
            if (auto r = check_size(a.size(), "bytes"); !r) return unexpected(r.error());
            out.assign(a.begin(), a.end());
            return out;
        }
        case nbt::TagType::LongArray: {
            const auto& a = *tag.get_if<nbt::LongArray>();
            if (auto r = check_size(a.size(), "longs"); !r) return unexpected(r.error());
            for (std::int64_t v : a) out.push_back(static_cast<std::int32_t>(v));
            return out;
        }
        case nbt::TagType::List: {
            const auto& l = *tag.get_if<nbt::List>();
            if (!l.empty() && !is_integral(l.element_type()))
                return unexpected(expected + "TAG_List of " + std::string(nbt::tag_type_name(l.element_type())));
            if (auto r = check_size(l.size(), "elements"); !r) return unexpected(r.error());
            for (const nbt::Tag& e : l) out.push_back(*java_int_value(e));
            return out;
        }
        default: return unexpected(expected + type_name(tag));
    }
}

}  // namespace

nbt::Tag BoolCodec::encode(const bool& v) { return nbt::Tag(v); }

Result<bool, std::string> BoolCodec::decode(const nbt::Tag& tag) {
    const auto* f = tag.get_if<float>();
    const auto* d = tag.get_if<double>();
    if (f || d) return static_cast<std::int8_t>(java_narrow<std::int32_t>(f ? *f : *d)) != 0;
    if (auto l = java_long_value(tag)) return static_cast<std::int8_t>(*l) != 0;
    return unexpected(not_a_number("TAG_Byte", tag));
}

nbt::Tag IntCodec::encode(const std::int32_t& v) { return nbt::Tag(v); }

Result<std::int32_t, std::string> IntCodec::decode(const nbt::Tag& tag) {
    if (auto i = java_int_value(tag)) return *i;
    return unexpected(not_a_number("TAG_Int", tag));
}

nbt::Tag LongCodec::encode(const std::int64_t& v) { return nbt::Tag(v); }

Result<std::int64_t, std::string> LongCodec::decode(const nbt::Tag& tag) {
    if (auto l = java_long_value(tag)) return *l;
    return unexpected(not_a_number("TAG_Long", tag));
}

nbt::Tag UnitCodec::encode(const Unit&) { return nbt::Tag(nbt::Compound{}); }

Result<Unit, std::string> UnitCodec::decode(const nbt::Tag& tag) {
    if (tag.is<nbt::Compound>()) return Unit{};
    return unexpected("expected TAG_Compound, found " + type_name(tag));
}

nbt::Tag BlockPosCodec::encode(const BlockPos& v) { return nbt::Tag(nbt::IntArray{v.x, v.y, v.z}); }

Result<BlockPos, std::string> BlockPosCodec::decode(const nbt::Tag& tag) {
    auto r = read_fixed_int_stream(tag, 3);
    if (!r) return unexpected(r.error());
    const auto& a = r.value();
    return BlockPos{a[0], a[1], a[2]};
}

nbt::Tag GlobalPosCodec::encode(const GlobalPos& v) {
    return nbt::Tag(nbt::Compound{{"dimension", v.dimension.str()}, {"pos", BlockPosCodec::encode(v.pos)}});
}

Result<GlobalPos, std::string> GlobalPosCodec::decode(const nbt::Tag& tag) {
    const auto* c = tag.get_if<nbt::Compound>();
    if (!c) return unexpected("expected TAG_Compound with 'dimension' and 'pos', found " + type_name(tag));
    const nbt::Tag* dim = c->find("dimension");
    if (!dim) return unexpected(std::string("missing key 'dimension' (expected TAG_String)"));
    const auto* dim_text = dim->get_if<std::string>();
    if (!dim_text) return unexpected("'dimension': expected TAG_String, found " + type_name(*dim));
    auto id = ResourceLocation::parse(*dim_text);
    if (!id) return unexpected("'dimension': " + id.error().message + " in \"" + *dim_text + "\"");
    const nbt::Tag* pos = c->find("pos");
    if (!pos) return unexpected(std::string("missing key 'pos' (expected TAG_Int_Array of length 3)"));
    auto p = BlockPosCodec::decode(*pos);
    if (!p) return unexpected("'pos': " + p.error());
    return GlobalPos{std::move(id).value(), p.value()};
}

nbt::Tag UuidCodec::encode(const Uuid& v) {
    return nbt::Tag(nbt::IntArray{static_cast<std::int32_t>(v.msb >> 32), static_cast<std::int32_t>(v.msb),
                                  static_cast<std::int32_t>(v.lsb >> 32), static_cast<std::int32_t>(v.lsb)});
}

Result<Uuid, std::string> UuidCodec::decode(const nbt::Tag& tag) {
    auto r = read_fixed_int_stream(tag, 4);
    if (!r) return unexpected(r.error());
    const auto& a = r.value();
    auto half = [](std::int32_t hi, std::int32_t lo) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(hi)) << 32) | static_cast<std::uint32_t>(lo);
    };
    return Uuid{half(a[0], a[1]), half(a[2], a[3])};
}

}  // namespace mobsdk::brain
