#include "mobsdk/nbt/io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <random>
#include <unordered_map>

#include "mobsdk/nbt/mutf8.hpp"
#include "tree_builder.hpp"

namespace mobsdk::nbt {

static_assert(std::endian::native == std::endian::little,
              "the NBT codec byte-swaps for a little-endian host; add a big-endian path");

std::string ReadError::describe() const { return "at byte " + std::to_string(offset) + ": " + message; }

std::string WriteError::describe() const { return path.empty() ? message : "at " + path + ": " + message; }

// ---------------------------------------------------------------------------------------------
// Reading

namespace {

struct ReadFailure {
    std::size_t offset;
    std::string message;
};

inline std::uint16_t bswap(std::uint16_t v) noexcept { return __builtin_bswap16(v); }
inline std::uint32_t bswap(std::uint32_t v) noexcept { return __builtin_bswap32(v); }
inline std::uint64_t bswap(std::uint64_t v) noexcept { return __builtin_bswap64(v); }

template <typename T>
using Unsigned =
    std::conditional_t<sizeof(T) == 1, std::uint8_t,
                       std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                          std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>>;

template <typename T>
inline T load_be(const std::uint8_t* p) noexcept {
    Unsigned<T> u;
    std::memcpy(&u, p, sizeof(T));
    if constexpr (sizeof(T) > 1) u = bswap(u);
    return std::bit_cast<T>(u);
}

template <typename T>
inline void store_be(std::uint8_t* p, T v) noexcept {
    auto u = std::bit_cast<Unsigned<T>>(v);
    if constexpr (sizeof(T) > 1) u = bswap(u);
    std::memcpy(p, &u, sizeof(T));
}

// Smallest encoded size of one list element of each type: a length-checked list can never ask for
// more elements than the remaining bytes could hold.
constexpr std::size_t kMinPayload[13] = {0, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 4};

// What a decoded tag costs against ReadOptions::max_bytes, in the spirit of vanilla's NbtAccounter.
constexpr std::size_t kTagCost = sizeof(Tag);
constexpr std::size_t kEntryCost = sizeof(Compound::Entry);

}  // namespace

/// The decoder; fills List and Compound in place through detail::TreeBuilder.
class Reader {
public:
    Reader(std::span<const std::uint8_t> data, const ReadOptions& opts)
        : begin_(data.data()), p_(data.data()), end_(data.data() + data.size()), opts_(opts) {}

    NamedTag read_named_root() {
        const TagType type = read_type("the root tag type");
        if (type == TagType::End) fail(0, "the root tag is TAG_End (an empty NBT document)");
        NamedTag out;
        read_string(out.name, "the root name");
        read_payload(type, out.tag, 0);
        expect_end();
        return out;
    }

    Tag read_unnamed_root() {
        const TagType type = read_type("the root tag type");
        Tag out;
        if (type != TagType::End) read_payload(type, out, 0);
        expect_end();
        return out;
    }

private:
    [[noreturn]] void fail(std::size_t offset, std::string msg) { throw ReadFailure{offset, std::move(msg)}; }

    std::size_t offset() const noexcept { return static_cast<std::size_t>(p_ - begin_); }
    std::size_t left() const noexcept { return static_cast<std::size_t>(end_ - p_); }

    // Every read goes through here: the check stays inline, the message is built out of line.
    [[gnu::always_inline]] void need(std::size_t n, const char* what) {
        if (left() < n) [[unlikely]]
            fail_need(n, what);
    }

    [[noreturn, gnu::noinline, gnu::cold]] void fail_need(std::size_t n, const char* what) {
        fail(offset(), "unexpected end of data: " + std::string(what) + " needs " + std::to_string(n) + " bytes, " +
                           std::to_string(left()) + " left");
    }

    void account(std::size_t bytes) {
        used_ += bytes;
        if (used_ > opts_.max_bytes)
            fail(offset(), "the NBT exceeds the read budget of " + std::to_string(opts_.max_bytes) +
                               " bytes (ReadOptions::max_bytes)");
    }

    template <typename T>
    T read(const char* what) {
        need(sizeof(T), what);
        T v = load_be<T>(p_);
        p_ += sizeof(T);
        return v;
    }

    TagType read_type(const char* what) {
        const std::size_t at = offset();
        const auto id = read<std::uint8_t>(what);
        if (!is_valid_tag_type(id))
            fail(at, "unknown tag type " + std::to_string(id) + " for " + what + " (expected 0-12)");
        return static_cast<TagType>(id);
    }

    void expect_end() {
        if (p_ != end_) fail(offset(), std::to_string(left()) + " trailing bytes after the root tag");
    }

    void read_string(std::string& out, const char* what) {
        const std::size_t len = read<std::uint16_t>(what);
        need(len, what);
        account(len);
        if (is_plain_ascii(p_, len)) {
            out.assign(reinterpret_cast<const char*>(p_), len);
        } else {
            out.clear();
            out.reserve(len);
            auto r = decode_mutf8(p_, len, out);
            if (!r)
                fail(offset() + r.error().position,
                     "bad Modified UTF-8 in " + std::string(what) + ": " + r.error().message);
        }
        p_ += len;
    }

    std::size_t read_length(TagType of, std::size_t element_size) {
        const std::size_t at = offset();
        const std::int32_t len = read<std::int32_t>("a length");
        if (len < 0) fail(at, "negative length " + std::to_string(len) + " for " + std::string(tag_type_name(of)));
        const auto n = static_cast<std::size_t>(len);
        if (n * element_size > left())
            fail(at, "length " + std::to_string(n) + " of " + std::string(tag_type_name(of)) + " needs at least " +
                         std::to_string(n * element_size) + " bytes, " + std::to_string(left()) + " left");
        return n;
    }

    template <typename Vec>
    void read_array(Tag& out, TagType type) {
        using E = typename Vec::value_type;
        const std::size_t n = read_length(type, sizeof(E));
        account(kTagCost + n * sizeof(E));
        Vec& v = out.value().emplace<Vec>(n);
        if constexpr (sizeof(E) == 1) {
            if (n > 0) std::memcpy(v.data(), p_, n);  // an empty vector's data() may be null
        } else {
            // Byte-swap while copying; a plain loop the compiler vectorises.
            using U = Unsigned<E>;
            U* dst = reinterpret_cast<U*>(v.data());
            const std::uint8_t* src = p_;
            for (std::size_t i = 0; i < n; ++i) {
                U u;
                std::memcpy(&u, src + i * sizeof(U), sizeof(U));
                dst[i] = bswap(u);
            }
        }
        p_ += n * sizeof(E);
    }

    void enter(std::size_t depth) {
        if (depth >= opts_.max_depth)
            fail(offset(),
                 "nesting deeper than " + std::to_string(opts_.max_depth) + " levels (ReadOptions::max_depth)");
    }

    void read_payload(TagType type, Tag& out, std::size_t depth) {
        switch (type) {
            case TagType::Byte:
                account(kTagCost);
                out.value().emplace<std::int8_t>(read<std::int8_t>("a TAG_Byte"));
                return;
            case TagType::Short:
                account(kTagCost);
                out.value().emplace<std::int16_t>(read<std::int16_t>("a TAG_Short"));
                return;
            case TagType::Int:
                account(kTagCost);
                out.value().emplace<std::int32_t>(read<std::int32_t>("a TAG_Int"));
                return;
            case TagType::Long:
                account(kTagCost);
                out.value().emplace<std::int64_t>(read<std::int64_t>("a TAG_Long"));
                return;
            case TagType::Float:
                account(kTagCost);
                out.value().emplace<float>(read<float>("a TAG_Float"));
                return;
            case TagType::Double:
                account(kTagCost);
                out.value().emplace<double>(read<double>("a TAG_Double"));
                return;
            case TagType::ByteArray: read_array<ByteArray>(out, type); return;
            case TagType::IntArray: read_array<IntArray>(out, type); return;
            case TagType::LongArray: read_array<LongArray>(out, type); return;
            case TagType::String:
                account(kTagCost);
                read_string(out.value().emplace<std::string>(), "a TAG_String");
                return;
            case TagType::List: read_list(out, depth); return;
            case TagType::Compound: read_compound(out, depth); return;
            case TagType::End: break;
        }
        fail(offset(), "TAG_End has no payload");
    }

    void read_list(Tag& out, std::size_t depth) {
        enter(depth);
        const TagType element = read_type("a list's element type");
        const std::size_t at = offset();
        const std::size_t n = read_length(TagType::List, kMinPayload[static_cast<int>(element)]);
        if (element == TagType::End && n > 0)
            fail(at, "a list of TAG_End cannot hold " + std::to_string(n) + " elements");
        account(kTagCost + n * kTagCost);
        List& list = out.value().emplace<List>();
        detail::TreeBuilder::set_element_type(list, element);
        auto& items = detail::TreeBuilder::items(list);
        items.resize(n);
        for (Tag& item : items) read_payload(element, item, depth + 1);
    }

    void read_compound(Tag& out, std::size_t depth) {
        enter(depth);
        account(kTagCost);
        Compound& c = out.value().emplace<Compound>();
        auto& entries = detail::TreeBuilder::entries(c);
        // Keys must be unique (vanilla keeps the last value). Small compounds check by scanning;
        // large ones switch to a hash index so that a hostile file cannot make this quadratic.
        constexpr std::size_t kScanLimit = 32;
        std::unordered_multimap<std::size_t, std::size_t> index;
        for (;;) {
            const TagType type = read_type("a compound entry's type");
            if (type == TagType::End) return;
            // The key is read straight into a new entry (no copy); the rare duplicate undoes it.
            // Capacity starts at 4 and doubles: uniform block sizes recycle best in malloc.
            if (entries.size() == entries.capacity()) entries.reserve(entries.empty() ? 4 : entries.size() * 2);
            Compound::Entry& e = entries.emplace_back();
            read_string(e.name, "a compound key");
            account(kEntryCost);
            const std::size_t count = entries.size() - 1;
            std::size_t slot = count;
            if (count < kScanLimit) {
                for (std::size_t i = 0; i < count; ++i)
                    if (entries[i].name == e.name) {
                        slot = i;
                        break;
                    }
            } else {
                if (index.empty())
                    for (std::size_t i = 0; i < count; ++i) index.emplace(std::hash<std::string>{}(entries[i].name), i);
                const std::size_t h = std::hash<std::string>{}(e.name);
                auto [lo, hi] = index.equal_range(h);
                for (auto it = lo; it != hi; ++it)
                    if (entries[it->second].name == e.name) {
                        slot = it->second;
                        break;
                    }
                if (slot == count) index.emplace(h, count);
            }
            if (slot != count) {
                entries.pop_back();  // the last value wins, at the first key's position
                entries[slot].value = Tag();
            }
            read_payload(type, entries[slot].value, depth + 1);
        }
    }

    const std::uint8_t* begin_;
    const std::uint8_t* p_;
    const std::uint8_t* end_;
    const ReadOptions& opts_;
    std::size_t used_ = 0;
};

Result<NamedTag, ReadError> read(std::span<const std::uint8_t> data, const ReadOptions& opts) {
    try {
        return Reader(data, opts).read_named_root();
    } catch (ReadFailure& f) {
        return unexpected(ReadError{f.offset, std::move(f.message)});
    }
}

Result<Tag, ReadError> read_unnamed(std::span<const std::uint8_t> data, const ReadOptions& opts) {
    try {
        return Reader(data, opts).read_unnamed_root();
    } catch (ReadFailure& f) {
        return unexpected(ReadError{f.offset, std::move(f.message)});
    }
}

Result<NbtFile, ReadError> read_any(std::span<const std::uint8_t> data, const ReadOptions& opts) {
    const Compression c = detect_compression(data);
    if (c == Compression::None) {
        auto r = read(data, opts);
        if (!r) return unexpected(std::move(r.error()));
        return NbtFile{std::move(r).value(), c};
    }
    auto raw = decompress(data, c, opts.max_bytes);
    if (!raw && c == Compression::Zlib) {
        // Uncompressed NBT whose root is a TAG_String (08) with a name of 7424-7679 bytes starts
        // with a valid zlib header; if it does not inflate, it may still be plain NBT.
        if (auto plain = read(data, opts)) return NbtFile{std::move(plain).value(), Compression::None};
    }
    if (!raw)
        return unexpected(
            ReadError{raw.error().offset, std::string(compression_name(c)) + " data: " + raw.error().message});
    auto r = read(*raw, opts);
    if (!r) {
        ReadError e = std::move(r.error());
        e.message += " (offset in the decompressed " + std::string(compression_name(c)) + " data)";
        return unexpected(std::move(e));
    }
    return NbtFile{std::move(r).value(), c};
}

Result<NbtFile, ReadError> read_file(const std::filesystem::path& path, const ReadOptions& opts) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return unexpected(ReadError{0, "cannot read " + path.string() + ": " + ec.message()});
    if (size > opts.max_bytes)
        return unexpected(ReadError{0, "file of " + std::to_string(size) + " bytes exceeds the read budget of " +
                                           std::to_string(opts.max_bytes) + " bytes"});
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    if (!in || !in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size)))
        return unexpected(ReadError{0, "cannot read " + path.string() + ": " + std::strerror(errno)});
    return read_any(bytes, opts);
}

// ---------------------------------------------------------------------------------------------
// Writing

namespace {

struct WriteFailure {
    std::string path;
    std::string message;
};

constexpr std::size_t kMaxWriteDepth = 512;

class Writer {
public:
    explicit Writer(std::vector<std::uint8_t>& out) : out_(out) {}

    void type(TagType t) { out_.push_back(static_cast<std::uint8_t>(t)); }

    void string(std::string_view s) {
        const std::size_t at = out_.size();
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(s.data());
        if (is_plain_ascii(bytes, s.size())) {
            if (s.size() > 0xFFFF) too_long(s.size());
            put<std::uint16_t>(static_cast<std::uint16_t>(s.size()));
            out_.insert(out_.end(), bytes, bytes + s.size());
            return;
        }
        scratch_.clear();
        auto r = encode_mutf8(s, scratch_);
        if (!r)
            throw WriteFailure{"",
                               r.error().message + " at byte " + std::to_string(r.error().position) + " of the string"};
        if (scratch_.size() > 0xFFFF) too_long(scratch_.size());
        (void)at;
        put<std::uint16_t>(static_cast<std::uint16_t>(scratch_.size()));
        out_.insert(out_.end(), scratch_.begin(), scratch_.end());
    }

    void payload(const Tag& tag, std::size_t depth) {
        switch (tag.type()) {
            case TagType::End: throw WriteFailure{"", "TAG_End cannot be written as a value"};
            case TagType::Byte: put(*tag.get_if<std::int8_t>()); return;
            case TagType::Short: put(*tag.get_if<std::int16_t>()); return;
            case TagType::Int: put(*tag.get_if<std::int32_t>()); return;
            case TagType::Long: put(*tag.get_if<std::int64_t>()); return;
            case TagType::Float: put(*tag.get_if<float>()); return;
            case TagType::Double: put(*tag.get_if<double>()); return;
            case TagType::ByteArray: array(*tag.get_if<ByteArray>()); return;
            case TagType::IntArray: array(*tag.get_if<IntArray>()); return;
            case TagType::LongArray: array(*tag.get_if<LongArray>()); return;
            case TagType::String: string(*tag.get_if<std::string>()); return;
            case TagType::List: list(*tag.get_if<List>(), depth); return;
            case TagType::Compound: compound(*tag.get_if<Compound>(), depth); return;
        }
    }

private:
    [[noreturn]] static void too_long(std::size_t n) {
        throw WriteFailure{"",
                           "string of " + std::to_string(n) + " bytes in Modified UTF-8 exceeds NBT's limit of 65535"};
    }

    static void enter(std::size_t depth) {
        if (depth >= kMaxWriteDepth)
            throw WriteFailure{
                "", "nesting deeper than " + std::to_string(kMaxWriteDepth) + " levels, which readers refuse"};
    }

    template <typename T>
    void put(T v) {
        const std::size_t at = out_.size();
        out_.resize(at + sizeof(T));
        store_be(out_.data() + at, v);
    }

    template <typename Vec>
    void array(const Vec& v) {
        using E = typename Vec::value_type;
        if (v.size() > 0x7FFFFFFF) throw WriteFailure{"", "array longer than 2^31-1 elements"};
        put<std::int32_t>(static_cast<std::int32_t>(v.size()));
        const std::size_t at = out_.size();
        out_.resize(at + v.size() * sizeof(E));
        std::uint8_t* dst = out_.data() + at;
        if constexpr (sizeof(E) == 1) {
            if (!v.empty()) std::memcpy(dst, v.data(), v.size());
        } else {
            using U = Unsigned<E>;
            const U* src = reinterpret_cast<const U*>(v.data());
            for (std::size_t i = 0; i < v.size(); ++i) {
                const U u = bswap(src[i]);
                std::memcpy(dst + i * sizeof(U), &u, sizeof(U));
            }
        }
    }

    void list(const List& l, std::size_t depth) {
        enter(depth);
        if (l.size() > 0x7FFFFFFF) throw WriteFailure{"", "list longer than 2^31-1 elements"};
        type(l.element_type());
        put<std::int32_t>(static_cast<std::int32_t>(l.size()));
        for (std::size_t i = 0; i < l.size(); ++i) {
            try {
                // Elements reached through List::operator[] or Tag::value() can be replaced by a tag
                // of another type; writing it under the list's type byte would corrupt the stream.
                if (l[i].type() != l.element_type())
                    throw WriteFailure{"", "element is " + std::string(tag_type_name(l[i].type())) + " in a list of " +
                                               std::string(tag_type_name(l.element_type()))};
                payload(l[i], depth + 1);
            } catch (WriteFailure& f) {
                // `[1].y` when a compound element holds the bad tag, `[1][0]` for nested lists.
                const bool key_next = !f.path.empty() && f.path[0] != '[';
                f.path.insert(0, "[" + std::to_string(i) + (key_next ? "]." : "]"));
                throw;
            }
        }
    }

    void compound(const Compound& c, std::size_t depth) {
        enter(depth);
        for (const auto& e : c) {
            try {
                if (e.value.type() == TagType::End) throw WriteFailure{"", "TAG_End cannot be a compound entry"};
                type(e.value.type());
                string(e.name);
                payload(e.value, depth + 1);
            } catch (WriteFailure& f) {
                const bool index_next = !f.path.empty() && f.path[0] == '[';
                f.path.insert(0, (index_next || f.path.empty()) ? e.name : e.name + ".");
                throw;
            }
        }
        type(TagType::End);
    }

    std::vector<std::uint8_t>& out_;
    std::string scratch_;
};

}  // namespace

Result<void, WriteError> write(const Tag& root, std::string_view root_name, std::vector<std::uint8_t>& out) {
    const std::size_t start = out.size();
    try {
        if (root.type() == TagType::End) throw WriteFailure{"", "the root tag cannot be TAG_End"};
        Writer w(out);
        w.type(root.type());
        w.string(root_name);
        w.payload(root, 0);
        return {};
    } catch (WriteFailure& f) {
        out.resize(start);
        return unexpected(WriteError{std::move(f.path), std::move(f.message)});
    }
}

Result<void, WriteError> write_unnamed(const Tag& root, std::vector<std::uint8_t>& out) {
    const std::size_t start = out.size();
    try {
        Writer w(out);
        w.type(root.type());
        if (root.type() != TagType::End) w.payload(root, 0);
        return {};
    } catch (WriteFailure& f) {
        out.resize(start);
        return unexpected(WriteError{std::move(f.path), std::move(f.message)});
    }
}

Result<std::vector<std::uint8_t>, WriteError> encode(const Tag& root, std::string_view root_name,
                                                     Compression compression) {
    std::vector<std::uint8_t> raw;
    auto r = write(root, root_name, raw);
    if (!r) return unexpected(r.error());
    if (compression == Compression::None) return raw;
    return compress(raw, compression);
}

namespace {

bool write_all(int fd, const std::uint8_t* p, std::size_t n) {
    while (n > 0) {
        const ssize_t w = ::write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += w;
        n -= static_cast<std::size_t>(w);
    }
    return true;
}

}  // namespace

Result<void, WriteError> write_file(const std::filesystem::path& path, const Tag& root, std::string_view root_name,
                                    Compression compression) {
    auto bytes = encode(root, root_name, compression);
    if (!bytes) return unexpected(bytes.error());
    const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::random_device rd;
    const auto tmp = dir / ("." + path.filename().string() + ".tmp" + std::to_string(rd()));
    auto io_fail = [&](const std::string& what) {
        const std::string reason = std::strerror(errno);
        std::error_code ec;
        std::filesystem::remove(tmp, ec);
        return unexpected(WriteError{"", "cannot " + what + " " + path.string() + ": " + reason});
    };
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return io_fail("create a temporary file for");
    const bool ok = write_all(fd, bytes->data(), bytes->size()) && ::fsync(fd) == 0;
    if (::close(fd) != 0 || !ok) return io_fail("write");
    if (::rename(tmp.c_str(), path.c_str()) != 0) return io_fail("replace");
    // Make the rename itself durable.
    if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return {};
}

}  // namespace mobsdk::nbt
