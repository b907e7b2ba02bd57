/*
 * eSpeak NG's own speed, for locutor-bench: not part of the product.
 */
#ifndef LOCUTOR_BENCH_H
#define LOCUTOR_BENCH_H

#include <stdint.h>

typedef struct {
    int64_t nanoseconds;
    int64_t samples;
    int32_t status; /* EE_OK, or the first failing espeak status */
} locutor_benchmark_result;

/* Synthesizes texts[i] with voices[i] for i < count, in a forked child, in-process and without
 * isolation (the caller's engine state is untouched). Returns 0, or -1 with errno. */
int locutor_benchmark_in_process(const char *const *voices, const char *const *texts, int count,
                                 const int32_t parameters[5], uint32_t flags, locutor_benchmark_result *result);

#endif
