// The level's seeded random source: java.util.Random's generator, which vanilla's
// LegacyRandomSource also uses. All AI randomness goes through one, so a seed replays a world.
#pragma once

#include <cstdint>

namespace mobsdk {

/// @brief A seeded 48-bit linear congruential generator with java.util.Random's outputs.
class RandomSource {
public:
    /// @brief Seeds as `new java.util.Random(seed)` does.
    explicit RandomSource(std::int64_t seed = 0) noexcept { set_seed(seed); }
    /// @brief Reseeds as `Random.setSeed` does.
    void set_seed(std::int64_t seed) noexcept { seed_ = (static_cast<std::uint64_t>(seed) ^ kMultiplier) & kMask; }
    /// @brief A uniform 32-bit int.
    std::int32_t next_int() noexcept { return next(32); }
    /// @brief Uniform in [0, bound); `bound` must be positive (vanilla throws otherwise).
    std::int32_t next_int(std::int32_t bound) noexcept;
    /// @brief Uniform in [lo, hi] (vanilla's nextIntBetweenInclusive).
    std::int32_t next_int_between_inclusive(std::int32_t lo, std::int32_t hi) noexcept {
        return lo + next_int(hi - lo + 1);
    }
    /// @brief A uniform 64-bit long.
    std::int64_t next_long() noexcept {
        const auto hi = static_cast<std::int64_t>(next(32));
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(hi) << 32) + next(32);
    }
    /// @brief Uniform in [0, 1) with 24 random bits.
    float next_float() noexcept { return static_cast<float>(next(24)) / static_cast<float>(1 << 24); }
    /// @brief Uniform in [0, 1) with 53 random bits.
    double next_double() noexcept {
        const auto hi = static_cast<std::int64_t>(next(26));
        return static_cast<double>((hi << 27) + next(27)) * 0x1.0p-53;
    }
    /// @brief A fair coin.
    bool next_boolean() noexcept { return next(1) != 0; }
    /// @brief Vanilla's RandomSource.triangle: `mode` + `deviation` × (next_double − next_double),
    /// a triangular spread around `mode` (arrow spread and damage since 1.19).
    double triangle(double mode, double deviation) noexcept {
        const double a = next_double();
        return mode + deviation * (a - next_double());
    }

private:
    static constexpr std::uint64_t kMultiplier = 0x5DEECE66Dull;
    static constexpr std::uint64_t kMask = (1ull << 48) - 1;
    std::int32_t next(int bits) noexcept {
        seed_ = (seed_ * kMultiplier + 0xBull) & kMask;
        return static_cast<std::int32_t>(static_cast<std::int64_t>(seed_) >> (48 - bits));
    }
    std::uint64_t seed_ = 0;
};

inline std::int32_t RandomSource::next_int(std::int32_t bound) noexcept {
    if ((bound & -bound) == bound)  // a power of two
        return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * next(31)) >> 31);
    // Java's rejection test relies on int overflow wrapping; do the sum in unsigned arithmetic,
    // where wrapping is defined, and read the sign bit as Java does.
    std::int32_t bits, val;
    do {
        bits = next(31);
        val = bits % bound;
    } while (static_cast<std::int32_t>(static_cast<std::uint32_t>(bits) - static_cast<std::uint32_t>(val) +
                                       static_cast<std::uint32_t>(bound - 1)) < 0);
    return val;
}

}  // namespace mobsdk
