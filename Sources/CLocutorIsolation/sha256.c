/* SHA-256 as FIPS 180-4 describes it; see sha256.h. */
#include "sha256.h"

#include <string.h>

static const uint32_t locutor_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t locutor_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* One 64-byte block into the state. */
static void locutor_sha256_block(uint32_t state[8], const uint8_t *block) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 |
               (uint32_t)block[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = locutor_rotr(w[i - 15], 7) ^ locutor_rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = locutor_rotr(w[i - 2], 17) ^ locutor_rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t s1 = locutor_rotr(e, 6) ^ locutor_rotr(e, 11) ^ locutor_rotr(e, 25);
        uint32_t choice = (e & f) ^ (~e & g);
        uint32_t t1 = h + s1 + choice + locutor_sha256_k[i] + w[i];
        uint32_t s0 = locutor_rotr(a, 2) ^ locutor_rotr(a, 13) ^ locutor_rotr(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = s0 + majority;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#define LOCUTOR_SHA256_SHANI 1

/* The same blocks with the x86 SHA extensions (SHA-NI), several times faster: the state is kept
 * as the two halves the instructions work on (ABEF and CDGH), four rounds per step, the message
 * schedule extended four words at a time. */
__attribute__((target("sha,sse4.1,ssse3")))
static void locutor_sha256_blocks_shani(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1); /* CDAB */
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B); /* HGFE */
    __m128i abef = _mm_alignr_epi8(abcd, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i w[4];
        for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), byte_swap);
        for (int step = 0; step < 16; step++) {
            if (step >= 4) {
                /* W[t] from W[t-16] (sigma0 of W[t-15]), W[t-7] and sigma1 of W[t-2], four at once. */
                __m128i next = _mm_sha256msg1_epu32(w[step % 4], w[(step + 1) % 4]);
                next = _mm_add_epi32(next, _mm_alignr_epi8(w[(step + 3) % 4], w[(step + 2) % 4], 4));
                w[step % 4] = _mm_sha256msg2_epu32(next, w[(step + 3) % 4]);
            }
            __m128i message = _mm_add_epi32(w[step % 4], _mm_loadu_si128((const __m128i *)&locutor_sha256_k[4 * step]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(message, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0)); /* DCBA: A in the lowest lane */
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));   /* HGFE */
}

/* Whether this processor has the SHA extensions (CPUID leaf 7, EBX bit 29) and SSE4.1. */
static int locutor_sha256_has_shani(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_SSE4_1) || !(ecx & bit_SSSE3)) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx >> 29) & 1;
}
#endif

/* 1: the SHA extensions, 0: portable C, -1: not decided yet. A test may force 0. */
static int locutor_sha256_accelerated = -1;

void locutor_sha256_use_portable(int portable) {
#if defined(LOCUTOR_SHA256_SHANI)
    locutor_sha256_accelerated = portable ? 0 : locutor_sha256_has_shani();
#else
    (void)portable;
    locutor_sha256_accelerated = 0;
#endif
}

/* `blocks` whole blocks into the state. */
static void locutor_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
#if defined(LOCUTOR_SHA256_SHANI)
    if (locutor_sha256_accelerated < 0) locutor_sha256_accelerated = locutor_sha256_has_shani();
    if (locutor_sha256_accelerated) {
        locutor_sha256_blocks_shani(state, data, blocks);
        return;
    }
#endif
    for (; blocks > 0; blocks--, data += 64) locutor_sha256_block(state, data);
}

void locutor_sha256_init(locutor_sha256 *hash) {
    static const uint32_t initial[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    memcpy(hash->state, initial, sizeof initial);
    hash->length = 0;
    hash->used = 0;
}

void locutor_sha256_update(locutor_sha256 *hash, const void *bytes, size_t count) {
    const uint8_t *p = (const uint8_t *)bytes;
    hash->length += count;
    if (hash->used > 0) {
        size_t take = 64 - hash->used < count ? 64 - hash->used : count;
        memcpy(hash->block + hash->used, p, take);
        hash->used += take;
        p += take;
        count -= take;
        if (hash->used < 64) return;
        locutor_sha256_blocks(hash->state, hash->block, 1);
        hash->used = 0;
    }
    locutor_sha256_blocks(hash->state, p, count / 64);
    p += count / 64 * 64;
    count %= 64;
    memcpy(hash->block, p, count);
    hash->used = count;
}

void locutor_sha256_final(locutor_sha256 *hash, uint8_t digest[32]) {
    uint64_t bits = hash->length * 8;
    uint8_t padding[72] = { 0x80 };
    size_t pad = (hash->used < 56 ? 56 : 120) - hash->used;
    uint8_t length[8];
    for (int i = 0; i < 8; i++) length[i] = (uint8_t)(bits >> (56 - 8 * i));
    locutor_sha256_update(hash, padding, pad);
    locutor_sha256_update(hash, length, 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(hash->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(hash->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(hash->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)hash->state[i];
    }
}
