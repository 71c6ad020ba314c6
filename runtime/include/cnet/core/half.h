// half.h — IEEE binary16 storage type with float conversions (float16 is a storage dtype: math runs in float32).
#pragma once

#include <cstdint>
#include <cstring>

namespace cnet {

/// 16-bit float. Converts to and from float with round-to-nearest-even.
struct Half {
    uint16_t bits = 0;

    Half() = default;
    Half(float f) : bits(FromFloat(f)) {}    // NOLINT(runtime/explicit)
    Half(double d) : bits(FromFloat(static_cast<float>(d))) {}  // NOLINT(runtime/explicit)
    template <typename T>
    explicit Half(T v) : bits(FromFloat(static_cast<float>(v))) {}
    operator float() const { return ToFloat(bits); }  // NOLINT(runtime/explicit)

    static uint16_t FromFloat(float f) {
        uint32_t x;
        std::memcpy(&x, &f, 4);
        const uint32_t sign = (x >> 16) & 0x8000u;
        uint32_t abs = x & 0x7fffffffu;
        if (abs >= 0x7f800000u) return static_cast<uint16_t>(sign | (abs > 0x7f800000u ? 0x7e00u : 0x7c00u));
        if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow to inf
        if (abs < 0x38800000u) {  // subnormal half (or zero)
            if (abs < 0x33000000u) return static_cast<uint16_t>(sign);
            const uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
            const int shift = 126 - static_cast<int>(abs >> 23);  // 14..24
            uint32_t h = mant >> (shift);
            const uint32_t rem = mant & ((1u << shift) - 1);
            const uint32_t half_way = 1u << (shift - 1);
            if (rem > half_way || (rem == half_way && (h & 1u))) ++h;
            return static_cast<uint16_t>(sign | h);
        }
        uint32_t h = ((abs - 0x38000000u) >> 13);
        const uint32_t rem = abs & 0x1fffu;
        if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
        return static_cast<uint16_t>(sign | h);
    }
    static float ToFloat(uint16_t h) {
        const uint32_t sign = (h & 0x8000u) << 16;
        const uint32_t exp = (h >> 10) & 0x1fu;
        uint32_t mant = h & 0x3ffu;
        uint32_t x;
        if (exp == 0) {
            if (mant == 0) {
                x = sign;
            } else {  // normalize the subnormal
                int e = -1;
                do {
                    ++e;
                    mant <<= 1;
                } while ((mant & 0x400u) == 0);
                x = sign | static_cast<uint32_t>(112 - e) << 23 | (mant & 0x3ffu) << 13;
            }
        } else if (exp == 31) {
            x = sign | 0x7f800000u | mant << 13;
        } else {
            x = sign | (exp + 112) << 23 | mant << 13;
        }
        float f;
        std::memcpy(&f, &x, 4);
        return f;
    }
};

}  // namespace cnet
