// Protocol field types: the packet writer and the bounds-checked reader.
#include "mobserver/net/packet_codec.hpp"

#include <bit>
#include <stdexcept>

#include "mobsdk/nbt/io.hpp"
#include "mobserver/net/rcon.hpp"
#include "mobserver/net/status.hpp"

namespace mobsdk::server {

namespace {

template <typename U>
void put_be(std::string& out, U v) {
    for (int shift = static_cast<int>(sizeof(U) * 8) - 8; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((v >> shift) & 0xFF));
}

// A VarLong: 7 bits a byte, lowest first, the high bit set on every byte but the last (a VarInt
// is write_varint's, the status ping's).
void put_varlong(std::string& out, std::uint64_t u) {
    do {
        std::uint8_t b = u & 0x7F;
        u >>= 7;
        if (u) b |= 0x80;
        out.push_back(static_cast<char>(b));
    } while (u);
}

// UTF-16 units of valid UTF-8 (a 4-byte sequence is a surrogate pair), or nullopt when invalid.
std::optional<std::size_t> utf16_units(std::string_view s) {
    if (repair_utf8(s) != s) return std::nullopt;
    std::size_t units = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<std::uint8_t>(s[i]);
        const std::size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        units += n == 4 ? 2 : 1;
        i += n;
    }
    return units;
}

}  // namespace

std::int64_t pack_block_pos(BlockPos p) noexcept {
    return static_cast<std::int64_t>(((static_cast<std::uint64_t>(p.x) & 0x3FFFFFFu) << 38) |
                                     ((static_cast<std::uint64_t>(p.z) & 0x3FFFFFFu) << 12) |
                                     (static_cast<std::uint64_t>(p.y) & 0xFFFu));
}

PacketWriter& PacketWriter::varint(std::int32_t v) {
    write_varint(out_, v);
    return *this;
}

PacketWriter& PacketWriter::varlong(std::int64_t v) {
    put_varlong(out_, static_cast<std::uint64_t>(v));
    return *this;
}

PacketWriter& PacketWriter::u8(std::uint8_t v) {
    out_.push_back(static_cast<char>(v));
    return *this;
}
PacketWriter& PacketWriter::i16(std::int16_t v) {
    put_be(out_, static_cast<std::uint16_t>(v));
    return *this;
}
PacketWriter& PacketWriter::i32(std::int32_t v) {
    put_be(out_, static_cast<std::uint32_t>(v));
    return *this;
}
PacketWriter& PacketWriter::i64(std::int64_t v) {
    put_be(out_, static_cast<std::uint64_t>(v));
    return *this;
}
PacketWriter& PacketWriter::f32(float v) { return i32(std::bit_cast<std::int32_t>(v)); }
PacketWriter& PacketWriter::f64(double v) { return i64(std::bit_cast<std::int64_t>(v)); }

PacketWriter& PacketWriter::string(std::string_view utf8) {
    const std::string valid = repair_utf8(utf8);
    varint(static_cast<std::int32_t>(valid.size()));
    out_ += valid;
    return *this;
}

PacketWriter& PacketWriter::uuid(Uuid v) {
    put_be(out_, v.msb);
    put_be(out_, v.lsb);
    return *this;
}

PacketWriter& PacketWriter::position(BlockPos p) { return i64(pack_block_pos(p)); }

PacketWriter& PacketWriter::bitset(const std::vector<std::uint64_t>& words) {
    varint(static_cast<std::int32_t>(words.size()));
    for (std::uint64_t w : words) put_be(out_, w);
    return *this;
}

PacketWriter& PacketWriter::nbt(const nbt::Tag& tag) {
    std::vector<std::uint8_t> bytes;
    if (auto r = nbt::write_unnamed(tag, bytes); !r) throw std::runtime_error("network NBT: " + r.error().describe());
    out_.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return *this;
}

PacketWriter& PacketWriter::bytes(std::string_view raw) {
    out_ += raw;
    return *this;
}

// ---------------------------------------------------------------------------------------------

void PacketReader::fail(std::string message) {
    if (!error_) error_ = std::move(message);
}

bool PacketReader::need(std::size_t n) {
    if (error_) return false;
    if (data_.size() - pos_ < n) {
        fail("packet ends " + std::to_string(n - (data_.size() - pos_)) + " bytes early at byte " +
             std::to_string(pos_));
        return false;
    }
    return true;
}

template <typename U>
U PacketReader::read_var(const char* what) {
    constexpr int max_bytes = sizeof(U) == 4 ? 5 : 10;
    U value = 0;
    for (int i = 0; i < max_bytes; ++i) {
        if (!need(1)) return 0;
        const auto b = static_cast<std::uint8_t>(data_[pos_++]);
        value |= static_cast<U>(b & 0x7F) << (7 * i);
        if (!(b & 0x80)) return value;
    }
    fail(std::string(what) + " too big (more than " + std::to_string(max_bytes) + " bytes)");
    return 0;
}

std::int32_t PacketReader::varint() { return static_cast<std::int32_t>(read_var<std::uint32_t>("VarInt")); }

std::int64_t PacketReader::varlong() { return static_cast<std::int64_t>(read_var<std::uint64_t>("VarLong")); }

std::uint8_t PacketReader::u8() {
    if (!need(1)) return 0;
    return static_cast<std::uint8_t>(data_[pos_++]);
}

bool PacketReader::boolean() { return u8() != 0; }

std::uint16_t PacketReader::u16() {
    if (!need(2)) return 0;
    const auto v = static_cast<std::uint16_t>((static_cast<std::uint8_t>(data_[pos_]) << 8) |
                                              static_cast<std::uint8_t>(data_[pos_ + 1]));
    pos_ += 2;
    return v;
}

std::int16_t PacketReader::i16() { return static_cast<std::int16_t>(u16()); }

std::int32_t PacketReader::i32() {
    if (!need(4)) return 0;
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<std::uint8_t>(data_[pos_++]);
    return static_cast<std::int32_t>(v);
}

std::int64_t PacketReader::i64() {
    if (!need(8)) return 0;
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<std::uint8_t>(data_[pos_++]);
    return static_cast<std::int64_t>(v);
}

float PacketReader::f32() { return std::bit_cast<float>(i32()); }
double PacketReader::f64() { return std::bit_cast<double>(i64()); }

std::string PacketReader::string(std::size_t max_chars) {
    const std::int32_t len = varint();
    if (!ok()) return {};
    if (len < 0) {
        fail("string length " + std::to_string(len) + " is negative");
        return {};
    }
    if (static_cast<std::size_t>(len) > max_chars * 3) {
        fail("string of " + std::to_string(len) + " bytes is longer than the limit of " +
             std::to_string(max_chars * 3) + " (" + std::to_string(max_chars) + " characters)");
        return {};
    }
    const std::string_view raw = bytes(static_cast<std::size_t>(len));
    if (!ok()) return {};
    const auto units = utf16_units(raw);
    if (!units) {
        fail("string is not valid UTF-8");
        return {};
    }
    if (*units > max_chars) {
        fail("string of " + std::to_string(*units) + " characters is longer than the limit of " +
             std::to_string(max_chars));
        return {};
    }
    return std::string(raw);
}

Uuid PacketReader::uuid() {
    const auto msb = static_cast<std::uint64_t>(i64());
    const auto lsb = static_cast<std::uint64_t>(i64());
    return {msb, lsb};
}

std::string_view PacketReader::bytes(std::size_t n) {
    if (!need(n)) return {};
    const std::string_view out = data_.substr(pos_, n);
    pos_ += n;
    return out;
}

bool PacketReader::finish(std::string_view packet_name) {
    if (ok() && remaining() != 0)
        fail("packet " + std::string(packet_name) + " was larger than expected: " + std::to_string(remaining()) +
             " bytes extra");
    return ok();
}

}  // namespace mobsdk::server
