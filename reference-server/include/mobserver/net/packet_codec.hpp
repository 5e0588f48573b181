// The Java Edition protocol's field types (VarInt, VarLong, strings, UUIDs, block positions,
// bit sets, network NBT) as a writer that builds a packet body, and a bounds-checked reader (of
// the fields serverbound packets use; none of those this server reads carries NBT) that never throws: a read past the
// end or over a limit fails the reader, and every later read then returns a default value, so a decoder checks ok()
// once at the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::server {

/// @brief Longest string vanilla reads by default (FriendlyByteBuf.readUtf(): 32767 UTF-16 units).
inline constexpr std::size_t kMaxProtocolString = 32767;

/// @brief Appends protocol fields to a packet body; starts with the packet id.
class PacketWriter {
public:
    /// @brief A body beginning with `packet_id` as a VarInt.
    explicit PacketWriter(std::int32_t packet_id) { varint(packet_id); }

    PacketWriter& varint(std::int32_t v);                    ///< VarInt, 1–5 bytes
    PacketWriter& varlong(std::int64_t v);                   ///< VarLong, 1–10 bytes
    PacketWriter& u8(std::uint8_t v);                        ///< unsigned byte
    PacketWriter& boolean(bool v) { return u8(v ? 1 : 0); }  ///< 0 or 1
    PacketWriter& i16(std::int16_t v);                       ///< big-endian short
    PacketWriter& i32(std::int32_t v);                       ///< big-endian int
    PacketWriter& i64(std::int64_t v);                       ///< big-endian long
    PacketWriter& f32(float v);                              ///< IEEE float, big-endian
    PacketWriter& f64(double v);                             ///< IEEE double, big-endian
    PacketWriter& string(std::string_view utf8);             ///< VarInt byte length and UTF-8
    PacketWriter& uuid(Uuid v);                              ///< two big-endian longs
    /// @brief Vanilla's packed block position: x 26 bits, z 26 bits, y 12 bits (x<<38 | z<<12 | y).
    PacketWriter& position(BlockPos p);
    /// @brief A BitSet: VarInt count of longs, then the longs.
    PacketWriter& bitset(const std::vector<std::uint64_t>& words);
    /// @brief Network NBT (1.20.2+): the tag's type byte and payload, no root name.
    PacketWriter& nbt(const nbt::Tag& tag);
    /// @brief Raw bytes.
    PacketWriter& bytes(std::string_view raw);

    /// @brief The body so far (id and fields).
    const std::string& body() const noexcept { return out_; }
    /// @brief Takes the body.
    std::string take() noexcept { return std::move(out_); }

private:
    std::string out_;
};

/// @brief Vanilla's packed block position as a long (see PacketWriter::position).
std::int64_t pack_block_pos(BlockPos p) noexcept;

/// @brief Reads protocol fields from one packet body; see the file comment for failure handling.
class PacketReader {
public:
    /// @brief A reader over `body` (kept by reference: it must outlive the reader).
    explicit PacketReader(std::string_view body) noexcept : data_(body) {}

    std::int32_t varint();   ///< VarInt; more than 5 bytes fails
    std::int64_t varlong();  ///< VarLong; more than 10 bytes fails
    std::uint8_t u8();       ///< unsigned byte
    bool boolean();          ///< a byte, 0 false else true (as vanilla)
    std::int16_t i16();      ///< big-endian short
    std::uint16_t u16();     ///< big-endian unsigned short
    std::int32_t i32();      ///< big-endian int
    std::int64_t i64();      ///< big-endian long
    float f32();             ///< IEEE float
    double f64();            ///< IEEE double
    /// @brief A string of at most `max_chars` UTF-16 units (and 3 bytes per unit), as vanilla's
    /// readUtf(max); invalid UTF-8 fails.
    std::string string(std::size_t max_chars = kMaxProtocolString);
    Uuid uuid();                            ///< two longs
    std::string_view bytes(std::size_t n);  ///< exactly n raw bytes

    /// @brief Fails the reader with `message` (the first failure is kept).
    void fail(std::string message);
    /// @brief True while no read has failed.
    bool ok() const noexcept { return !error_; }
    /// @brief The first failure's message.
    const std::string& error() const noexcept { return *error_; }
    /// @brief Bytes left.
    std::size_t remaining() const noexcept { return data_.size() - pos_; }
    /// @brief Fails when bytes are left over (vanilla: "larger than I expected"); returns ok().
    bool finish(std::string_view packet_name);

private:
    bool need(std::size_t n);
    template <typename U>
    U read_var(const char* what);
    std::string_view data_;
    std::size_t pos_ = 0;
    std::optional<std::string> error_;
};

}  // namespace mobsdk::server
