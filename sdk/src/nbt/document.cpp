// nbt::Document: a one-pass NBT parser into flat arrays. It must accept and refuse exactly what the
// tree reader (io.cpp) does, with the same offsets and messages, so its checks mirror that reader's.
#include "mobsdk/nbt/document.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <new>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mobsdk/nbt/mutf8.hpp"
#include "tree_builder.hpp"

namespace mobsdk::nbt {

namespace detail {

void throw_document_type(TagType expected, TagType found) { throw_type_mismatch(expected, found); }

/// Storage of trivially copyable T that grows without initialising what it has not written yet.
template <typename T>
class PodBuffer {
public:
    T* data() noexcept { return data_.get(); }
    const T* data() const noexcept { return data_.get(); }
    std::size_t size() const noexcept { return size_; }
    void clear() noexcept { size_ = 0; }
    void reserve(std::size_t n) {
        if (n > cap_) reallocate(n);
    }
    /// Appends `n` uninitialised elements and returns the index of the first.
    std::size_t extend(std::size_t n) {
        if (cap_ - size_ < n) reallocate(std::max(size_ + n, cap_ * 2));
        const std::size_t at = size_;
        size_ += n;
        return at;
    }
    void shrink(std::size_t n) noexcept { size_ = n; }

private:
    void reallocate(std::size_t n) {
        std::unique_ptr<T[]> fresh(new T[n]);  // default-initialised: no zeroing for trivial T
        if (size_ > 0) std::memcpy(fresh.get(), data_.get(), size_ * sizeof(T));
        data_ = std::move(fresh);
        cap_ = n;
    }
    std::unique_ptr<T[]> data_;
    std::size_t size_ = 0;
    std::size_t cap_ = 0;
};

/// Everything a Document owns; its address is stable, so views keep a pointer to `base`.
struct DocStore {
    DocBase base;
    PodBuffer<DocNode> nodes;
    PodBuffer<std::uint64_t> arena;  // 8-byte words so that long arrays are aligned
    std::vector<std::uint8_t> owned_input;
    Compression compression = Compression::None;
    bool loaded = false;
};

}  // namespace detail

namespace {

using detail::DocNode;

struct ParseFailure {
    std::size_t offset;
    std::string message;
};

template <typename T>
using Unsigned =
    std::conditional_t<sizeof(T) == 1, std::uint8_t,
                       std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                          std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

template <typename T>
inline T load_be(const std::uint8_t* p) noexcept {
    Unsigned<T> u;
    std::memcpy(&u, p, sizeof(T));
    if constexpr (sizeof(T) == 2) u = __builtin_bswap16(u);
    if constexpr (sizeof(T) == 4) u = __builtin_bswap32(u);
    if constexpr (sizeof(T) == 8) u = __builtin_bswap64(u);
    return std::bit_cast<T>(u);
}

// The same constants as the tree reader: the budget must run out at the same byte.
constexpr std::size_t kMinPayload[13] = {0, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 4};
constexpr std::size_t kTagCost = sizeof(Tag);
constexpr std::size_t kEntryCost = sizeof(Compound::Entry);

// Offsets and counts are 32-bit inside a node.
constexpr std::size_t kMaxInput = std::numeric_limits<std::uint32_t>::max();

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

// 0x01..0x7F in every byte: the bytes mean the same in Modified UTF-8 and UTF-8.
inline bool word_plain(std::uint64_t w) noexcept { return ((w | ((w - kOnes) & ~w)) & kHighs) == 0; }

inline std::uint64_t load_word(const std::uint8_t* p) noexcept {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

inline std::uint64_t node_payload(std::uint32_t lo, std::uint32_t hi) noexcept {
    return static_cast<std::uint64_t>(lo) | (static_cast<std::uint64_t>(hi) << 32);
}

// One bit of a 64-bit filter per key: a compound's keys are compared only when the bit is taken.
inline std::uint64_t key_bit(const std::uint8_t* k, std::size_t len) noexcept {
    std::uint32_t h = static_cast<std::uint32_t>(len) * 0x9E3779B1u;
    if (len > 0) h ^= (static_cast<std::uint32_t>(k[0]) << 8 | k[len - 1]) * 0x85EBCA77u;
    return std::uint64_t{1} << (h >> 26);
}

inline std::size_t key_hash(std::string_view k) noexcept { return std::hash<std::string_view>{}(k); }

// The parser's cursor: a local of the parse loop, so that it stays in registers (node stores are
// byte stores, which the compiler must assume alias any member).
struct Cur {
    const std::uint8_t* p;
    const std::uint8_t* begin;
    const std::uint8_t* end;
    std::size_t used;       // budget spent, counted as the tree reader does
    std::size_t max_bytes;  // ReadOptions::max_bytes
};

// True when every byte is 01..7F: the text means the same in Modified UTF-8 and UTF-8. `room` is
// how many readable bytes start at `s` (at least `len`); short strings read a whole word past their
// end when there is room for it.
inline bool plain_text(const std::uint8_t* s, std::size_t len, std::size_t room) noexcept {
#if defined(__SSE2__)
    if (len >= 16) {
        const __m128i zero = _mm_setzero_si128();
        __m128i bad = zero;
        for (std::size_t i = 0; i + 16 <= len; i += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
            bad = _mm_or_si128(bad, _mm_or_si128(v, _mm_cmpeq_epi8(v, zero)));
        }
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + len - 16));
        bad = _mm_or_si128(bad, _mm_or_si128(v, _mm_cmpeq_epi8(v, zero)));
        return _mm_movemask_epi8(bad) == 0;
    }
#endif
    if (len >= 8) {
        std::uint64_t acc = 0;
        for (std::size_t i = 0; i + 8 <= len; i += 8) {
            const std::uint64_t w = load_word(s + i);
            acc |= w | ((w - kOnes) & ~w);
        }
        const std::uint64_t w = load_word(s + len - 8);
        acc |= w | ((w - kOnes) & ~w);
        return (acc & kHighs) == 0;
    }
    if (room >= 8) {
        // Bytes past the string count as 01 (plain).
        const std::uint64_t keep = len == 0 ? 0 : (~std::uint64_t{0} >> (64 - 8 * len));
        return word_plain((load_word(s) & keep) | (kOnes & ~keep));
    }
    bool plain = true;
    for (std::size_t i = 0; i < len; ++i) plain &= s[i] != 0 && s[i] < 0x80;
    return plain;
}

// One frame per open list or compound. The compound's pending entry (key and slot) waits here while
// its value is read.
struct Frame {
    std::uint64_t filter;  // compound: one bit per key seen (key_bit)
    std::uint32_t first;   // list: index of the first element node; compound: scratch base
    std::uint32_t count;   // list: number of elements
    std::uint32_t index;   // list: the element being read
    std::uint32_t table;   // compound: 1 + index into the key tables, or 0
    std::uint32_t slot;    // compound: where the pending value goes (== entries: a new key)
    std::uint32_t key;     // compound: the pending key
    std::uint16_t key_len;
    std::uint8_t key_flags;  // kKeyInArena or 0
    TagType kind;            // List or Compound
    TagType element;         // list: element type
};

// Large compounds find duplicates through an open-addressing table of entry slots, so that a
// hostile file cannot make reading quadratic (the tree reader hashes too).
struct KeyTable {
    std::vector<std::uint32_t> slots;  // entry slot + 1; 0 is empty
    std::size_t used = 0;
};

// The parser runs as one function with explicit frames (no recursion), so that the cursor, the
// scratch top and the budget stay in registers across tags: the checks are the tree reader's, in
// its order, but cost a compare each.
class Parser {
public:
    Parser(detail::DocStore& store, std::span<const std::uint8_t> data, const ReadOptions& opts)
        : store_(store), begin_(data.data()), end_(data.data() + data.size()), opts_(opts) {}

    void parse(bool named) {
        const std::size_t size = static_cast<std::size_t>(end_ - begin_);
        if (size > kMaxInput)
            fail(0, "input of " + std::to_string(size) + " bytes is larger than a Document can index (4 GiB - 1)");
        store_.nodes.clear();
        store_.arena.clear();
        // A guess from what player files hold (one tag per 16-20 bytes), capped so that files of
        // large arrays (chunks: one tag per ~500 bytes) do not ask malloc for a block it maps and
        // unmaps on every parse; it grows.
        store_.nodes.reserve(std::min<std::size_t>(size / 16, 4096) + 16);
        store_.nodes.extend(1);  // the root
        // Every input byte costs at most 2 * kTagCost of budget (a byte in a list: the list's
        // per-element charge and the element's own), a compound entry kEntryCost more per 4 bytes.
        // When even that cannot reach max_bytes, counting is skipped: it could never fail.
        const bool can_exceed = (size + 1) * (2 * kTagCost + kEntryCost) > opts_.max_bytes;
        if (can_exceed) run<true>(named);
        else run<false>(named);
    }

private:
    [[noreturn, gnu::noinline, gnu::cold]] void fail(std::size_t offset, std::string msg) {
        throw ParseFailure{offset, std::move(msg)};
    }

    std::size_t at(const std::uint8_t* p) const noexcept { return static_cast<std::size_t>(p - begin_); }

    [[noreturn, gnu::noinline, gnu::cold]] void fail_need(const std::uint8_t* p, std::size_t n, const char* what) {
        fail(at(p), "unexpected end of data: " + std::string(what) + " needs " + std::to_string(n) + " bytes, " +
                        std::to_string(end_ - p) + " left");
    }
    [[noreturn, gnu::noinline, gnu::cold]] void fail_budget(const std::uint8_t* p) {
        fail(at(p), "the NBT exceeds the read budget of " + std::to_string(opts_.max_bytes) +
                        " bytes (ReadOptions::max_bytes)");
    }
    [[noreturn, gnu::noinline, gnu::cold]] void fail_type(const std::uint8_t* p, const char* what) {
        fail(at(p), "unknown tag type " + std::to_string(*p) + " for " + what + " (expected 0-12)");
    }
    [[noreturn, gnu::noinline, gnu::cold]] void fail_depth(const std::uint8_t* p) {
        fail(at(p), "nesting deeper than " + std::to_string(opts_.max_depth) + " levels (ReadOptions::max_depth)");
    }
    [[noreturn, gnu::noinline, gnu::cold]] void fail_length(const std::uint8_t* p, std::int32_t len, TagType of,
                                                            std::size_t element_size) {
        const std::size_t left = static_cast<std::size_t>(end_ - p) - 4;
        if (len < 0) fail(at(p), "negative length " + std::to_string(len) + " for " + std::string(tag_type_name(of)));
        const auto n = static_cast<std::size_t>(len);
        fail(at(p), "length " + std::to_string(n) + " of " + std::string(tag_type_name(of)) + " needs at least " +
                        std::to_string(n * element_size) + " bytes, " + std::to_string(left) + " left");
    }

    // --- inline pieces; each takes the cursor by reference so that it stays in a register ---

    [[gnu::always_inline]] void need(const Cur& c, std::size_t n, const char* what) {
        if (static_cast<std::size_t>(c.end - c.p) < n) [[unlikely]]
            fail_need(c.p, n, what);
    }

    template <bool kAccount>
    [[gnu::always_inline]] void account(Cur& c, std::size_t bytes) {
        if constexpr (kAccount) {
            c.used += bytes;
            if (c.used > c.max_bytes) [[unlikely]]
                fail_budget(c.p);
        }
    }

    [[gnu::always_inline]] TagType read_type(Cur& c, const char* what) {
        need(c, 1, what);
        const std::uint8_t id = *c.p;
        if (id > 12) [[unlikely]]
            fail_type(c.p, what);
        ++c.p;
        return static_cast<TagType>(id);
    }

    // A length of a list or array, checked against what is left (elements of at least
    // `element_size` bytes) before anything is allocated for it.
    [[gnu::always_inline]] std::size_t read_length(Cur& c, TagType of, std::size_t element_size) {
        need(c, 4, "a length");
        const std::int32_t len = load_be<std::int32_t>(c.p);
        if (len < 0 || static_cast<std::size_t>(len) * element_size > static_cast<std::size_t>(c.end - c.p) - 4)
            [[unlikely]]
            fail_length(c.p, len, of, element_size);
        c.p += 4;
        return static_cast<std::size_t>(len);
    }

    // A string: length, bytes, budget. Sets offset and length in `payload` and kValueInArena in
    // `flags` when it had to be decoded into the arena.
    template <bool kAccount>
    [[gnu::always_inline]] void read_string(Cur& c, std::uint64_t& payload, std::uint8_t& flags, const char* what) {
        need(c, 2, what);
        const std::size_t len = load_be<std::uint16_t>(c.p);
        c.p += 2;
        need(c, len, what);
        account<kAccount>(c, len);
        const std::uint8_t* s = c.p;
        if (plain_text(s, len, static_cast<std::size_t>(c.end - s))) [[likely]] {
            payload = node_payload(static_cast<std::uint32_t>(s - c.begin), static_cast<std::uint32_t>(len));
            flags = 0;
        } else {
            const Decoded d = decode_string(s, len, what);
            payload = d.payload;
            flags = d.flags;
        }
        c.p += len;
    }

    // Bytes outside 01..7F: decode; when the text is the same bytes (ordinary UTF-8 accents, say)
    // it still points into the input, else it goes to the arena.
    struct Decoded {
        std::uint64_t payload;
        std::uint8_t flags;
    };
    [[gnu::noinline]] Decoded decode_string(const std::uint8_t* p, std::size_t len, const char* what) {
        scratch_text_.clear();
        auto r = decode_mutf8(p, len, scratch_text_);
        if (!r)
            fail(at(p) + r.error().position, "bad Modified UTF-8 in " + std::string(what) + ": " + r.error().message);
        if (scratch_text_.size() == len && std::memcmp(scratch_text_.data(), p, len) == 0)
            return {node_payload(static_cast<std::uint32_t>(p - begin_), static_cast<std::uint32_t>(len)), 0};
        const std::size_t off = arena_alloc(scratch_text_.size(), 1, p);
        std::memcpy(arena_at(off), scratch_text_.data(), scratch_text_.size());
        return {node_payload(static_cast<std::uint32_t>(off), static_cast<std::uint32_t>(scratch_text_.size())),
                detail::kValueInArena};
    }

    // Arena space for `bytes` bytes at `align` (1, 4 or 8); returns its byte offset.
    std::size_t arena_alloc(std::size_t bytes, std::size_t align, const std::uint8_t* p) {
        const std::size_t off = (arena_bytes_ + align - 1) & ~(align - 1);
        const std::size_t words = (off + bytes + 7) / 8;
        if (words > store_.arena.size()) {
            // What is still to come fits in what is left of the input (decoded strings are never
            // longer, arrays lose their length prefix) plus alignment: this rarely grows twice.
            if (store_.arena.size() == 0) store_.arena.reserve(words + static_cast<std::size_t>(end_ - p) / 8 + 8);
            store_.arena.extend(words - store_.arena.size());
        }
        arena_bytes_ = off + bytes;
        return off;
    }
    std::uint8_t* arena_at(std::size_t off) noexcept {
        return reinterpret_cast<std::uint8_t*>(store_.arena.data()) + off;
    }

    // Int and long arrays are swapped into the arena (aligned, native); byte arrays stay in the input.
    template <typename E>
    [[gnu::noinline]] std::uint64_t copy_array(const std::uint8_t* p, std::size_t n) {
        using U = Unsigned<E>;
        const std::size_t off = arena_alloc(n * sizeof(E), sizeof(E), p);
        U* dst = reinterpret_cast<U*>(arena_at(off));
        for (std::size_t i = 0; i < n; ++i) dst[i] = load_be<U>(p + i * sizeof(U));
        return node_payload(static_cast<std::uint32_t>(off), static_cast<std::uint32_t>(n));
    }

    template <typename T>
    static std::uint64_t scalar_bits(T v) noexcept {
        if constexpr (std::is_integral_v<T>) return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
        else return std::bit_cast<Unsigned<T>>(v);
    }

    // A list of scalars in one loop. The tree reader charges kTagCost per element as it goes; the
    // same element fails here when the budget runs out (the list's length was checked already).
    template <bool kAccount, typename T>
    [[gnu::always_inline]] void scalar_elements(Cur& c, DocNode* out, std::size_t n, TagType type) {
        if constexpr (kAccount) {
            const std::size_t room = (c.max_bytes - c.used) / kTagCost;
            if (n > room) fail_budget(c.p + room * sizeof(T));
            c.used += n * kTagCost;
        }
        for (std::size_t i = 0; i < n; ++i) {
            DocNode node{};
            node.type = type;
            node.payload = scalar_bits(load_be<T>(c.p + i * sizeof(T)));
            out[i] = node;
        }
        c.p += n * sizeof(T);
    }

    const std::uint8_t* key_ptr(std::uint32_t key, std::uint8_t key_flags) noexcept {
        return (key_flags & detail::kKeyInArena) ? arena_at(key) : begin_ + key;
    }
    std::string_view key_view(const DocNode& n) noexcept {
        return {reinterpret_cast<const char*>(key_ptr(n.key, n.flags)), n.key_len};
    }

    // Slot of an earlier entry with the same key among `entries[0, count)`, or `count`.
    [[gnu::noinline]] std::size_t find_duplicate(const DocNode* entries, std::size_t count, std::string_view key) {
        for (std::size_t i = 0; i < count; ++i)
            if (entries[i].key_len == key.size() && key_view(entries[i]) == key) return i;
        return count;
    }

    [[gnu::noinline]] std::size_t find_or_add_large(Frame& f, const DocNode* entries, std::size_t count,
                                                    std::string_view key) {
        if (f.table == 0) {
            tables_.emplace_back();
            f.table = static_cast<std::uint32_t>(tables_.size());
        }
        KeyTable& t = tables_[f.table - 1];
        if ((t.used + 1) * 2 > t.slots.size()) {
            t.slots.assign(std::max<std::size_t>(128, t.slots.size() * 2), 0);
            t.used = 0;
            for (std::size_t i = 0; i < count; ++i) insert_large(t, key_view(entries[i]), i);
        }
        const std::size_t mask = t.slots.size() - 1;
        for (std::size_t h = key_hash(key) & mask;; h = (h + 1) & mask) {
            const std::uint32_t s = t.slots[h];
            if (s == 0) {
                t.slots[h] = static_cast<std::uint32_t>(count + 1);
                ++t.used;
                return count;
            }
            if (key_view(entries[s - 1]) == key) return s - 1;
        }
    }

    static void insert_large(KeyTable& t, std::string_view key, std::size_t slot) {
        const std::size_t mask = t.slots.size() - 1;
        std::size_t h = key_hash(key) & mask;
        while (t.slots[h] != 0) h = (h + 1) & mask;
        t.slots[h] = static_cast<std::uint32_t>(slot + 1);
        ++t.used;
    }

    [[gnu::noinline]] DocNode* grow_scratch(std::size_t size) {
        const std::size_t cap = scratch_cap_ * 2;
        std::unique_ptr<DocNode[]> fresh(new DocNode[cap]);
        std::memcpy(fresh.get(), scratch_, size * sizeof(DocNode));
        scratch_heap_ = std::move(fresh);
        scratch_ = scratch_heap_.get();
        scratch_cap_ = cap;
        return scratch_;
    }

    [[gnu::noinline]] Frame* grow_frames(std::size_t size) {
        const std::size_t cap = frames_cap_ * 2;
        std::unique_ptr<Frame[]> fresh(new Frame[cap]);
        std::memcpy(fresh.get(), frames_, size * sizeof(Frame));
        frames_heap_ = std::move(fresh);
        frames_ = frames_heap_.get();
        frames_cap_ = cap;
        return frames_;
    }

    template <bool kAccount>
    void run(bool named) {
        Cur c{begin_, begin_, end_, 0, opts_.max_bytes};
        const std::size_t max_depth = opts_.max_depth;
        std::size_t depth = 0;  // open frames
        std::size_t top = 0;    // scratch entries
        DocNode* scratch = scratch_;
        Frame* frames = frames_;
        DocNode* nodes = store_.nodes.data();
        DocNode node{};  // the value just read
        std::uint32_t root_key = 0;
        std::uint16_t root_key_len = 0;
        std::uint8_t root_key_flags = 0;

        TagType type = read_type(c, "the root tag type");
        if (named) {
            if (type == TagType::End) fail(0, "the root tag is TAG_End (an empty NBT document)");
            std::uint64_t name = 0;
            std::uint8_t flags = 0;
            read_string<kAccount>(c, name, flags, "the root name");
            root_key = detail::lo32(name);
            root_key_len = static_cast<std::uint16_t>(detail::hi32(name));
            root_key_flags = (flags & detail::kValueInArena) ? detail::kKeyInArena : 0;
        } else if (type == TagType::End) {
            node.type = TagType::End;
            goto deliver;
        }

    value:  // read the payload of a `type` tag whose type byte and key are behind us
        node = DocNode{};
        node.type = type;
        switch (type) {
            case TagType::Byte:
                account<kAccount>(c, kTagCost);
                need(c, 1, "a TAG_Byte");
                node.payload = scalar_bits(load_be<std::int8_t>(c.p));
                c.p += 1;
                goto deliver;
            case TagType::Short:
                account<kAccount>(c, kTagCost);
                need(c, 2, "a TAG_Short");
                node.payload = scalar_bits(load_be<std::int16_t>(c.p));
                c.p += 2;
                goto deliver;
            case TagType::Int:
                account<kAccount>(c, kTagCost);
                need(c, 4, "a TAG_Int");
                node.payload = scalar_bits(load_be<std::int32_t>(c.p));
                c.p += 4;
                goto deliver;
            case TagType::Long:
                account<kAccount>(c, kTagCost);
                need(c, 8, "a TAG_Long");
                node.payload = scalar_bits(load_be<std::int64_t>(c.p));
                c.p += 8;
                goto deliver;
            case TagType::Float:
                account<kAccount>(c, kTagCost);
                need(c, 4, "a TAG_Float");
                node.payload = scalar_bits(load_be<float>(c.p));
                c.p += 4;
                goto deliver;
            case TagType::Double:
                account<kAccount>(c, kTagCost);
                need(c, 8, "a TAG_Double");
                node.payload = scalar_bits(load_be<double>(c.p));
                c.p += 8;
                goto deliver;
            case TagType::String:
                account<kAccount>(c, kTagCost);
                read_string<kAccount>(c, node.payload, node.flags, "a TAG_String");
                goto deliver;
            case TagType::ByteArray: {
                const std::size_t n = read_length(c, type, 1);
                account<kAccount>(c, kTagCost + n);
                node.payload = node_payload(static_cast<std::uint32_t>(c.p - c.begin), static_cast<std::uint32_t>(n));
                c.p += n;
                goto deliver;
            }
            case TagType::IntArray: {
                const std::size_t n = read_length(c, type, 4);
                account<kAccount>(c, kTagCost + 4 * n);
                node.payload = copy_array<std::int32_t>(c.p, n);
                c.p += 4 * n;
                goto deliver;
            }
            case TagType::LongArray: {
                const std::size_t n = read_length(c, type, 8);
                account<kAccount>(c, kTagCost + 8 * n);
                node.payload = copy_array<std::int64_t>(c.p, n);
                c.p += 8 * n;
                goto deliver;
            }
            case TagType::List: {
                if (depth >= max_depth) [[unlikely]]
                    fail_depth(c.p);
                const TagType element = read_type(c, "a list's element type");
                const std::uint8_t* length_at = c.p;
                const std::size_t n = read_length(c, TagType::List, kMinPayload[static_cast<int>(element)]);
                if (element == TagType::End && n > 0)
                    fail(at(length_at), "a list of TAG_End cannot hold " + std::to_string(n) + " elements");
                account<kAccount>(c, kTagCost + n * kTagCost);
                const std::size_t first = store_.nodes.extend(n);
                nodes = store_.nodes.data();
                node.flags = static_cast<std::uint8_t>(static_cast<unsigned>(element) << 4);
                node.payload = node_payload(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(n));
                DocNode* out = nodes + first;
                switch (element) {
                    case TagType::End: goto deliver;  // n == 0
                    case TagType::Byte: scalar_elements<kAccount, std::int8_t>(c, out, n, element); goto deliver;
                    case TagType::Short: scalar_elements<kAccount, std::int16_t>(c, out, n, element); goto deliver;
                    case TagType::Int: scalar_elements<kAccount, std::int32_t>(c, out, n, element); goto deliver;
                    case TagType::Long: scalar_elements<kAccount, std::int64_t>(c, out, n, element); goto deliver;
                    case TagType::Float: scalar_elements<kAccount, float>(c, out, n, element); goto deliver;
                    case TagType::Double: scalar_elements<kAccount, double>(c, out, n, element); goto deliver;
                    case TagType::String:
                        for (std::size_t i = 0; i < n; ++i) {
                            account<kAccount>(c, kTagCost);
                            DocNode s{};
                            s.type = TagType::String;
                            read_string<kAccount>(c, s.payload, s.flags, "a TAG_String");
                            out[i] = s;
                        }
                        goto deliver;
                    default: break;
                }
                if (n == 0) goto deliver;
                if (depth == frames_cap_) frames = grow_frames(depth);
                Frame& f = frames[depth++];
                f.kind = TagType::List;
                f.element = element;
                f.first = static_cast<std::uint32_t>(first);
                f.count = static_cast<std::uint32_t>(n);
                f.index = 0;
                type = element;
                goto value;
            }
            case TagType::Compound: {
                if (depth >= max_depth) [[unlikely]]
                    fail_depth(c.p);
                account<kAccount>(c, kTagCost);
                if (depth == frames_cap_) frames = grow_frames(depth);
                Frame& f = frames[depth++];
                f.kind = TagType::Compound;
                f.first = static_cast<std::uint32_t>(top);
                f.filter = 0;
                f.table = 0;
                goto next_entry;
            }
            case TagType::End: break;
        }
        fail(at(c.p), "TAG_End has no payload");

    next_entry : {  // the open compound's next entry (or its end)
        Frame& f = frames[depth - 1];
        type = read_type(c, "a compound entry's type");
        if (type == TagType::End) {
            const std::size_t base = f.first;
            const std::size_t count = top - base;
            if (f.table != 0) tables_.pop_back();  // tables open in frame order, so it is the last
            const std::size_t first = store_.nodes.extend(count);
            nodes = store_.nodes.data();
            if (count > 0) std::memcpy(nodes + first, scratch + base, count * sizeof(DocNode));
            top = base;
            --depth;
            node = DocNode{};
            node.type = TagType::Compound;
            node.payload = node_payload(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(count));
            goto deliver;
        }
        std::uint64_t key = 0;
        std::uint8_t key_flags = 0;
        read_string<kAccount>(c, key, key_flags, "a compound key");
        account<kAccount>(c, kEntryCost);
        f.key = detail::lo32(key);
        f.key_len = static_cast<std::uint16_t>(detail::hi32(key));
        f.key_flags = (key_flags & detail::kValueInArena) ? detail::kKeyInArena : 0;
        const std::size_t count = top - f.first;
        std::size_t slot = count;
        constexpr std::size_t kScanLimit = 32;
        const std::uint8_t* k = key_ptr(f.key, f.key_flags);
        if (count < kScanLimit) {
            const std::uint64_t bit = key_bit(k, f.key_len);
            if (f.filter & bit) [[unlikely]]
                slot = find_duplicate(scratch + f.first, count, {reinterpret_cast<const char*>(k), f.key_len});
            f.filter |= bit;
        } else {
            slot = find_or_add_large(f, scratch + f.first, count, {reinterpret_cast<const char*>(k), f.key_len});
        }
        f.slot = static_cast<std::uint32_t>(slot);
        goto value;
    }

    deliver:  // `node` is complete: hand it to the open frame, or finish with the root
        if (depth == 0) {
            node.key = root_key;
            node.key_len = root_key_len;
            node.flags = static_cast<std::uint8_t>(node.flags | root_key_flags);
            nodes[0] = node;
            if (c.p != c.end) fail(at(c.p), std::to_string(c.end - c.p) + " trailing bytes after the root tag");
            return;
        }
        {
            Frame& f = frames[depth - 1];
            if (f.kind == TagType::Compound) {
                node.key = f.key;
                node.key_len = f.key_len;
                node.flags = static_cast<std::uint8_t>(node.flags | f.key_flags);
                if (f.slot == top - f.first) [[likely]] {
                    if (top == scratch_cap_) scratch = grow_scratch(top);
                    scratch[top++] = node;
                } else {
                    // A repeated key: the last value wins, at the first key's position (as the
                    // tree reader; both keys are the same text).
                    DocNode& earlier = scratch[f.first + f.slot];
                    node.key = earlier.key;
                    node.key_len = earlier.key_len;
                    node.flags = static_cast<std::uint8_t>((node.flags & ~detail::kKeyInArena) |
                                                           (earlier.flags & detail::kKeyInArena));
                    earlier = node;
                }
                goto next_entry;
            }
            nodes[f.first + f.index] = node;
            if (++f.index < f.count) {
                type = f.element;
                goto value;
            }
            node = DocNode{};
            node.type = TagType::List;
            node.flags = static_cast<std::uint8_t>(static_cast<unsigned>(f.element) << 4);
            node.payload = node_payload(f.first, f.count);
            --depth;
            goto deliver;
        }
    }

    detail::DocStore& store_;
    const std::uint8_t* begin_;
    const std::uint8_t* end_;
    const ReadOptions& opts_;
    std::size_t arena_bytes_ = 0;
    std::string scratch_text_;
    std::vector<KeyTable> tables_;
    // Open compounds' entries and the open frames: on the stack for ordinary files, heap beyond.
    static constexpr std::size_t kInlineScratch = 256;
    static constexpr std::size_t kInlineFrames = 32;
    DocNode inline_scratch_[kInlineScratch];
    Frame inline_frames_[kInlineFrames];
    std::unique_ptr<DocNode[]> scratch_heap_;
    std::unique_ptr<Frame[]> frames_heap_;
    DocNode* scratch_ = inline_scratch_;
    Frame* frames_ = inline_frames_;
    std::size_t scratch_cap_ = kInlineScratch;
    std::size_t frames_cap_ = kInlineFrames;
};

enum class Form { Named, Unnamed };

Result<void, ReadError> run_parse(detail::DocStore& store, std::span<const std::uint8_t> bytes, const ReadOptions& opts,
                                  Form form) {
    store.loaded = false;
    try {
        Parser parser(store, bytes, opts);
        parser.parse(form == Form::Named);
    } catch (ParseFailure& f) {
        store.nodes.clear();
        store.arena.clear();
        store.base = {};
        return unexpected(ReadError{f.offset, std::move(f.message)});
    }
    store.base.input = bytes.data();
    store.base.arena = reinterpret_cast<const std::uint8_t*>(store.arena.data());
    store.base.nodes = store.nodes.data();
    store.loaded = true;
    return {};
}

std::size_t count_tags(const detail::DocNode* nodes, const detail::DocNode& n) {
    if (n.type != TagType::List && n.type != TagType::Compound) return 1;
    std::size_t total = 1;
    const std::uint32_t first = detail::lo32(n.payload), count = detail::hi32(n.payload);
    for (std::uint32_t i = 0; i < count; ++i) total += count_tags(nodes, nodes[first + i]);
    return total;
}

}  // namespace

// ---- Document ------------------------------------------------------------------------------------

Document::Document() noexcept = default;
Document::~Document() = default;
Document::Document(Document&&) noexcept = default;
Document& Document::operator=(Document&&) noexcept = default;

Result<Document, ReadError> Document::parse(std::span<const std::uint8_t> bytes, const ReadOptions& opts) {
    Document doc;
    if (auto r = doc.load(bytes, opts); !r) return unexpected(r.error());
    return doc;
}

Result<Document, ReadError> Document::parse(std::vector<std::uint8_t>&& bytes, const ReadOptions& opts) {
    Document doc;
    doc.store_ = std::make_unique<detail::DocStore>();
    doc.store_->owned_input = std::move(bytes);
    const auto& owned = doc.store_->owned_input;
    if (auto r = run_parse(*doc.store_, owned, opts, Form::Named); !r) return unexpected(r.error());
    return doc;
}

Result<Document, ReadError> Document::parse_unnamed(std::span<const std::uint8_t> bytes, const ReadOptions& opts) {
    Document doc;
    if (auto r = doc.load_unnamed(bytes, opts); !r) return unexpected(r.error());
    return doc;
}

Result<Document, ReadError> Document::parse_any(std::span<const std::uint8_t> bytes, const ReadOptions& opts) {
    // The same decisions as nbt::read_any, so both accept the same files.
    const Compression c = detect_compression(bytes);
    if (c == Compression::None) return parse(bytes, opts);
    auto raw = decompress(bytes, c, opts.max_bytes);
    if (!raw && c == Compression::Zlib) {
        if (auto plain = parse(bytes, opts)) return plain;
    }
    if (!raw)
        return unexpected(
            ReadError{raw.error().offset, std::string(compression_name(c)) + " data: " + raw.error().message});
    auto doc = parse(std::move(raw).value(), opts);
    if (!doc) {
        ReadError e = doc.error();
        e.message += " (offset in the decompressed " + std::string(compression_name(c)) + " data)";
        return unexpected(std::move(e));
    }
    doc->store_->compression = c;
    return doc;
}

Result<void, ReadError> Document::load(std::span<const std::uint8_t> bytes, const ReadOptions& opts) {
    if (!store_) store_ = std::make_unique<detail::DocStore>();
    store_->owned_input.clear();
    store_->compression = Compression::None;
    return run_parse(*store_, bytes, opts, Form::Named);
}

Result<void, ReadError> Document::load_unnamed(std::span<const std::uint8_t> bytes, const ReadOptions& opts) {
    if (!store_) store_ = std::make_unique<detail::DocStore>();
    store_->owned_input.clear();
    store_->compression = Compression::None;
    return run_parse(*store_, bytes, opts, Form::Unnamed);
}

TagView Document::root() const noexcept {
    if (!store_ || !store_->loaded) return TagView();
    return TagView(&store_->base, store_->base.nodes);
}

std::string_view Document::root_name() const noexcept {
    if (!store_ || !store_->loaded) return {};
    const detail::DocNode& n = store_->base.nodes[0];
    const std::uint8_t* base = (n.flags & detail::kKeyInArena) ? store_->base.arena : store_->base.input;
    return {reinterpret_cast<const char*>(base + n.key), n.key_len};
}

Compression Document::compression() const noexcept { return store_ ? store_->compression : Compression::None; }

std::size_t Document::tag_count() const noexcept {
    if (!store_ || !store_->loaded) return 0;
    return count_tags(store_->base.nodes, store_->base.nodes[0]);
}

NamedTag Document::to_named_tag() const { return NamedTag{std::string(root_name()), root().to_tag()}; }

// ---- conversion to the tree ----------------------------------------------------------------------

List ListView::to_list() const {
    List list(element_type_);
    auto& items = detail::TreeBuilder::items(list);
    items.reserve(count_);
    for (TagView v : *this) items.push_back(v.to_tag());
    return list;
}

Compound CompoundView::to_compound() const {
    Compound c;
    auto& entries = detail::TreeBuilder::entries(c);
    entries.reserve(count_);
    // Keys are unique already (the parser dropped duplicates), so no put() lookups.
    for (const Entry& e : *this) entries.push_back(Compound::Entry{std::string(e.name), e.value.to_tag()});
    return c;
}

Tag TagView::to_tag() const {
    switch (type()) {
        case TagType::End: return Tag();
        case TagType::Byte: return Tag(unchecked<std::int8_t>());
        case TagType::Short: return Tag(unchecked<std::int16_t>());
        case TagType::Int: return Tag(unchecked<std::int32_t>());
        case TagType::Long: return Tag(unchecked<std::int64_t>());
        case TagType::Float: return Tag(unchecked<float>());
        case TagType::Double: return Tag(unchecked<double>());
        case TagType::String: return Tag(std::string(unchecked<std::string_view>()));
        case TagType::ByteArray: {
            const auto v = unchecked<ByteArrayView>();
            return Tag(ByteArray(v.begin(), v.end()));
        }
        case TagType::IntArray: {
            const auto v = unchecked<IntArrayView>();
            return Tag(IntArray(v.begin(), v.end()));
        }
        case TagType::LongArray: {
            const auto v = unchecked<LongArrayView>();
            return Tag(LongArray(v.begin(), v.end()));
        }
        case TagType::List: return Tag(unchecked<ListView>().to_list());
        case TagType::Compound: return Tag(unchecked<CompoundView>().to_compound());
    }
    return Tag();
}

}  // namespace mobsdk::nbt
