#define _GNU_SOURCE
#include "locutor_bench.h"

#include <espeak-ng/speak_lib.h>

#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int read_all(int fd, void *bytes, size_t count) {
    char *p = (char *)bytes;
    while (count > 0) {
        ssize_t n = read(fd, p, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (n == 0) return -1;
        p += n;
        count -= (size_t)n;
    }
    return 0;
}

/*
 * eSpeak NG's own speed: one child synthesizes every text in turn, in-process and without
 * isolation, and reports the time and the samples. It runs in a child because synthesizing in
 * the engine's process would move the generator state that every later isolated utterance is
 * forked from, and only C may run after fork() (see Sources/CLocutorIsolation/isolation.c).
 */

static int locutor_benchmark_callback(short *wav, int numsamples, espeak_EVENT *events) {
    (void)wav;
    if (numsamples > 0 && events != NULL && events->user_data != NULL)
        ((locutor_benchmark_result *)events->user_data)->samples += numsamples;
    return 0;
}

/* Synthesizes texts[i] with voices[i] for i < count. Returns 0, or -1 with errno. */
int locutor_benchmark_in_process(const char *const *voices, const char *const *texts, int count,
                                 const int32_t parameters[5], uint32_t flags, locutor_benchmark_result *result) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    if (pid == 0) {
        close(fds[0]);
        locutor_benchmark_result answer = { 0, 0, EE_OK };
        const espeak_PARAMETER names[5] = { espeakRATE, espeakVOLUME, espeakPITCH, espeakRANGE, espeakWORDGAP };
        espeak_SetSynthCallback(locutor_benchmark_callback);
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (int i = 0; i < count && answer.status == EE_OK; i++) {
            espeak_ERROR status = espeak_SetVoiceByName(voices[i]);
            for (int p = 0; p < 5 && status == EE_OK; p++) status = espeak_SetParameter(names[p], parameters[p], 0);
            if (status == EE_OK) status = espeak_Synth(texts[i], strlen(texts[i]) + 1, 0, POS_CHARACTER, 0, flags, NULL, &answer);
            answer.status = status;
        }
        clock_gettime(CLOCK_MONOTONIC, &end);
        answer.nanoseconds = (int64_t)(end.tv_sec - start.tv_sec) * 1000000000 + (end.tv_nsec - start.tv_nsec);
        ssize_t written = write(fds[1], &answer, sizeof answer);
        (void)written;
        _exit(0);
    }
    close(fds[1]);
    int ok = read_all(fds[0], result, sizeof *result);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (ok != 0) { errno = EPIPE; return -1; }
    return 0;
}
