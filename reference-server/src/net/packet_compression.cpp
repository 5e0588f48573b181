// Game packet framing and vanilla's compression.
#include "mobserver/net/packet_compression.hpp"

#include <zlib.h>

#include "mobserver/net/packet_codec.hpp"
#include "mobserver/net/status.hpp"

namespace mobsdk::server {

std::string frame_game_packet(std::string_view body, std::int32_t threshold) {
    if (threshold < 0) return frame_packet(body);
    std::string inner;
    if (body.size() < static_cast<std::size_t>(threshold)) {
        write_varint(inner, 0);
        inner += body;
        return frame_packet(inner);
    }
    write_varint(inner, static_cast<std::int32_t>(body.size()));
    uLongf bound = compressBound(static_cast<uLong>(body.size()));
    const std::size_t head = inner.size();
    inner.resize(head + bound);
    if (compress2(reinterpret_cast<Bytef*>(inner.data() + head), &bound, reinterpret_cast<const Bytef*>(body.data()),
                  static_cast<uLong>(body.size()), Z_DEFAULT_COMPRESSION) != Z_OK)
        throw std::runtime_error("zlib could not compress a packet");
    inner.resize(head + bound);
    return frame_packet(inner);
}

Result<std::string, std::string> unframe_game_packet(std::string_view frame, std::int32_t threshold) {
    if (threshold < 0) return std::string(frame);
    PacketReader reader(frame);
    const std::int32_t declared = reader.varint();
    if (!reader.ok()) return unexpected("compressed packet: " + reader.error());
    const std::string_view rest = frame.substr(frame.size() - reader.remaining());
    if (declared == 0) {
        if (rest.size() >= static_cast<std::size_t>(threshold) && threshold > 0)
            return unexpected("Received uncompressed packet of size " + std::to_string(rest.size()) +
                              " at or above the threshold of " + std::to_string(threshold));
        return std::string(rest);
    }
    if (declared < threshold)
        return unexpected("Badly compressed packet - size of " + std::to_string(declared) +
                          " is below server threshold of " + std::to_string(threshold));
    if (declared < 0 || static_cast<std::size_t>(declared) > kMaxUncompressedPacketBytes)
        return unexpected("Badly compressed packet - size of " + std::to_string(declared) +
                          " is larger than protocol maximum of " + std::to_string(kMaxUncompressedPacketBytes));
    std::string out(static_cast<std::size_t>(declared), '\0');
    z_stream zs{};
    if (inflateInit(&zs) != Z_OK) return unexpected(std::string("zlib could not start inflating"));
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(rest.data()));
    zs.avail_in = static_cast<uInt>(rest.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&zs, Z_FINISH);
    const std::size_t produced = out.size() - zs.avail_out;
    const bool input_left = zs.avail_in != 0;
    inflateEnd(&zs);
    if (rc != Z_STREAM_END || produced != out.size() || input_left)
        return unexpected("Badly compressed packet - declared " + std::to_string(declared) + " bytes, the data " +
                          (rc == Z_STREAM_END
                               ? "inflates to " + std::to_string(produced) + (input_left ? " with bytes left over" : "")
                               : std::string("does not inflate to that")));
    return out;
}

}  // namespace mobsdk::server
