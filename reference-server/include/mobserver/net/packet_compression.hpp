// Framing of game packets after the handshake: the VarInt length prefix and, once the server has
// sent Set Compression, vanilla's compressed form (a VarInt data length, 0 for a packet sent as is,
// else the zlib-deflated body), with vanilla's checks on what a client sends.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mobsdk/core/result.hpp"

namespace mobsdk::server {

/// @brief Largest frame (packet length) vanilla reads: 2 MiB, three VarInt bytes.
inline constexpr std::size_t kMaxGameFrameBytes = 2097151;
/// @brief Largest decompressed packet vanilla accepts (CompressionDecoder.MAXIMUM_UNCOMPRESSED_LENGTH, 8 MiB).
inline constexpr std::size_t kMaxUncompressedPacketBytes = 8 * 1024 * 1024;

/// @brief One packet body (id and fields) framed for the wire: `threshold` < 0 sends it as before
/// Set Compression (length, body); otherwise a body of `threshold` bytes or more is zlib-compressed
/// and a smaller one is sent with data length 0.
std::string frame_game_packet(std::string_view body, std::int32_t threshold);

/// @brief The body of one received frame (the bytes after its length prefix): unchanged while
/// compression is off (`threshold` < 0); else checked as vanilla's CompressionDecoder does — a data
/// length of 0 with a body at or above the threshold, a declared length below the threshold or
/// above 8 MiB, a body that does not inflate to exactly the declared length — each an error.
Result<std::string, std::string> unframe_game_packet(std::string_view frame, std::int32_t threshold);

}  // namespace mobsdk::server
