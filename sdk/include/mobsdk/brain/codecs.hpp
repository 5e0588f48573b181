// Codecs for long-term memory values, writing the NBT shapes vanilla's DataFixerUpper codecs write
// (Codec.BOOL, Codec.INT, Codec.LONG, Unit.CODEC, BlockPos.CODEC, GlobalPos.CODEC, UUIDUtil.CODEC),
// and reading them as leniently as vanilla's NbtOps does. Use them with register_memory_with_codec.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mobsdk/brain/memory.hpp"
#include "mobsdk/brain/values.hpp"
#include "mobsdk/core/result.hpp"
#include "mobsdk/nbt/tag.hpp"
#include "mobsdk/world/types.hpp"

namespace mobsdk::brain {

/// @brief Vanilla's Codec.BOOL: writes TAG_Byte 1b/0b; reads any number, true when its low byte is
/// non-zero (Java's byteValue() != 0, so 256 reads as false, as in vanilla).
struct BoolCodec {
    /// @brief `1b` or `0b`.
    static nbt::Tag encode(const bool& v);
    /// @brief A numeric tag; an error naming the tag found otherwise.
    static Result<bool, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's Codec.INT: writes TAG_Int; reads any number with Java's intValue() (a long is
/// truncated to its low 32 bits, a float or double rounded toward zero and clamped).
struct IntCodec {
    /// @brief A TAG_Int.
    static nbt::Tag encode(const std::int32_t& v);
    /// @brief A numeric tag; an error naming the tag found otherwise.
    static Result<std::int32_t, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's Codec.LONG: writes TAG_Long; reads any number with Java's longValue().
struct LongCodec {
    /// @brief A TAG_Long.
    static nbt::Tag encode(const std::int64_t& v);
    /// @brief A numeric tag; an error naming the tag found otherwise.
    static Result<std::int64_t, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's Unit.CODEC (Codec.unit): writes an empty compound `{}`; reads any compound.
struct UnitCodec {
    /// @brief `{}`.
    static nbt::Tag encode(const Unit& v);
    /// @brief Any TAG_Compound (its contents are ignored, as vanilla's MapCodec.unit does).
    static Result<Unit, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's BlockPos.CODEC: writes `[I; x, y, z]`; reads an int stream of exactly three
/// values, as NbtOps does: an int array, or a list or byte/long array of integers.
struct BlockPosCodec {
    /// @brief `[I; x, y, z]`.
    static nbt::Tag encode(const BlockPos& v);
    /// @brief Three ints; e.g. "expected TAG_Int_Array of length 3, found TAG_List of 2 elements".
    static Result<BlockPos, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's GlobalPos.CODEC: writes `{dimension: "minecraft:overworld", pos: [I; x, y,
/// z]}`.
struct GlobalPosCodec {
    /// @brief The compound above.
    static nbt::Tag encode(const GlobalPos& v);
    /// @brief A compound with a valid `dimension` id and a `pos` BlockPosCodec reads; other keys
    /// are ignored.
    static Result<GlobalPos, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's UUIDUtil.CODEC: writes `[I; a, b, c, d]`, most significant int first; reads an
/// int stream of exactly four values (as BlockPosCodec, with four).
struct UuidCodec {
    /// @brief `[I; msb>>32, msb, lsb>>32, lsb]`.
    static nbt::Tag encode(const Uuid& v);
    /// @brief Four ints; e.g. "expected TAG_Int_Array of length 4, found TAG_String".
    static Result<Uuid, std::string> decode(const nbt::Tag& tag);
};

/// @brief Vanilla's Codec.list(element): a TAG_List of the element codec's tags. An element that
/// fails fails the whole list (vanilla would keep the others as a partial result and log); the
/// message names the element's index.
template <typename T, typename ElementCodec>
struct ListCodec {
    static_assert(MemoryCodec<ElementCodec, T>,
                  "ListCodec<T, C>: C needs `static nbt::Tag encode(const T&)` and "
                  "`static Result<T, std::string> decode(const nbt::Tag&)`");
    /// @brief A TAG_List (an empty one has element type TAG_End, as vanilla writes it).
    static nbt::Tag encode(const std::vector<T>& values) {
        nbt::List list;
        list.reserve(values.size());
        for (const T& v : values) list.push_back(ElementCodec::encode(v));
        return nbt::Tag(std::move(list));
    }
    /// @brief A TAG_List whose every element decodes.
    static Result<std::vector<T>, std::string> decode(const nbt::Tag& tag) {
        const auto* list = tag.get_if<nbt::List>();
        if (!list) return unexpected("expected TAG_List, found " + std::string(nbt::tag_type_name(tag.type())));
        std::vector<T> out;
        out.reserve(list->size());
        for (std::size_t i = 0; i < list->size(); ++i) {
            auto r = ElementCodec::decode((*list)[i]);
            if (!r) return unexpected("element " + std::to_string(i) + ": " + r.error());
            out.push_back(std::move(r).value());
        }
        return out;
    }
};

/// @brief Vanilla's Codec.list(GlobalPos.CODEC) (e.g. `sniffer_explored_positions`).
using GlobalPosListCodec = ListCodec<GlobalPos, GlobalPosCodec>;

}  // namespace mobsdk::brain
