/*
 * SHA-256 (FIPS 180-4), for the WAV a worker writes: the worker hashes its file as it writes it,
 * so the render process never reads a WAV back. Plain C with no allocation, safe after fork().
 * The digest is checked against swift-crypto's in the tests.
 */
#ifndef LOCUTOR_SHA256_H
#define LOCUTOR_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t state[8];
    uint64_t length;       /* bytes hashed so far */
    uint8_t block[64];     /* bytes waiting for a whole block */
    size_t used;
} locutor_sha256;

void locutor_sha256_init(locutor_sha256 *hash);
void locutor_sha256_update(locutor_sha256 *hash, const void *bytes, size_t count);
void locutor_sha256_final(locutor_sha256 *hash, uint8_t digest[32]);
/* Hash with portable C (1) or with the processor's SHA extensions when it has them (0, the
 * default): for tests of both paths. */
void locutor_sha256_use_portable(int portable);

#endif
