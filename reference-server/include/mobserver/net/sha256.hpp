// SHA-256 (FIPS 180-4) for the one hash the protocol needs: vanilla's BiomeManager.obfuscateSeed,
// the "hashed seed" of Login (play) and Respawn that clients use for biome noise.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace mobsdk::server {

/// @brief The SHA-256 digest of `data`.
std::array<std::uint8_t, 32> sha256(std::span<const std::uint8_t> data) noexcept;

/// @brief Vanilla's BiomeManager.obfuscateSeed: Guava's sha256().hashLong(seed).asLong(), i.e. the
/// first 8 bytes, little-endian, of the SHA-256 of the seed's 8 bytes in little-endian order.
std::int64_t obfuscate_seed(std::int64_t seed) noexcept;

}  // namespace mobsdk::server
