/*
 * The reference for `locutor render`'s speed: exactly what the render design needs and nothing
 * more, in C. Built and run by scripts/bench-review (cc ... -lespeak-ng), never by `swift build`.
 *
 *   locutor-reference CORPUS FOLDER PROCESSES
 *
 * CORPUS holds one utterance per line: voice, rate, pitch and text, separated by tabs. The
 * program initialises eSpeak NG once, then forks PROCESSES children; child k takes utterances
 * k, k + PROCESSES, … . For each voice among them it forks a voice process that loads the voice
 * once; that process forks one worker per utterance, which sets the parameters, speaks, and
 * writes FOLDER/<line>.wav (16-bit mono PCM, the bytes `espeak-ng -w` writes). Like render, every
 * utterance is spoken by a fresh process forked from one that has loaded its voice and spoken
 * nothing; unlike render, there is no text normalisation, cache, hashing or manifest.
 *
 * Prints the wall time in seconds on standard output. Exit status 0, or 1 with a message.
 */
#define _GNU_SOURCE
#include <espeak-ng/speak_lib.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    char *voice;
    int rate;
    int pitch;
    char *text;
} utterance;

typedef struct {
    short *samples;
    size_t count;
    size_t capacity;
} buffer;

static int gather(short *wav, int count, espeak_EVENT *events) {
    if (wav == NULL || count <= 0 || events == NULL || events->user_data == NULL) return 0;
    buffer *b = (buffer *)events->user_data;
    if (b->count + (size_t)count > b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 1u << 17;
        while (capacity < b->count + (size_t)count) capacity *= 2;
        short *grown = realloc(b->samples, capacity * sizeof(short));
        if (grown == NULL) return 1;
        b->samples = grown;
        b->capacity = capacity;
    }
    memcpy(b->samples + b->count, wav, (size_t)count * sizeof(short));
    b->count += (size_t)count;
    return 0;
}

static void put32(unsigned char *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i)); }
static void put16(unsigned char *p, uint16_t v) { p[0] = (unsigned char)v; p[1] = (unsigned char)(v >> 8); }

static int write_wav(const char *path, const buffer *b, int rate) {
    unsigned char header[44];
    uint32_t data = (uint32_t)(b->count * 2);
    memcpy(header, "RIFF", 4);
    put32(header + 4, 36 + data);
    memcpy(header + 8, "WAVEfmt ", 8);
    put32(header + 16, 16);
    put16(header + 20, 1);
    put16(header + 22, 1);
    put32(header + 24, (uint32_t)rate);
    put32(header + 28, (uint32_t)rate * 2);
    put16(header + 32, 2);
    put16(header + 34, 16);
    memcpy(header + 36, "data", 4);
    put32(header + 40, data);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return -1;
    int ok = write(fd, header, sizeof header) == (ssize_t)sizeof header &&
             write(fd, b->samples, data) == (ssize_t)data;
    return close(fd) == 0 && ok ? 0 : -1;
}

/* A worker: speaks utterance `index` and writes its WAV. */
static void speak(const utterance *u, int index, const char *folder, int rate) {
    buffer b = { NULL, 0, 0 };
    espeak_SetParameter(espeakRATE, u->rate, 0);
    espeak_SetParameter(espeakPITCH, u->pitch, 0);
    espeak_SetSynthCallback(gather);
    espeak_Synth(u->text, strlen(u->text) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8 | espeakPHONEMES | espeakENDPAUSE,
                 NULL, &b);
    char path[4096];
    snprintf(path, sizeof path, "%s/%d.wav", folder, index);
    _exit(write_wav(path, &b, rate) == 0 ? 0 : 1);
}

static int wait_for(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* One of the PROCESSES children: its utterances, voice by voice. */
static int run_slice(const utterance *all, int count, int slice, int slices, const char *folder, int rate) {
    char *done = calloc((size_t)count, 1);
    if (done == NULL) return -1;
    for (int first = slice; first < count; first += slices) {
        if (done[first]) continue;
        pid_t voice = fork();
        if (voice < 0) return -1;
        if (voice == 0) {
            espeak_SetVoiceByName(all[first].voice);
            for (int i = first; i < count; i += slices) {
                if (strcmp(all[i].voice, all[first].voice) != 0) continue;
                pid_t worker = fork();
                if (worker < 0) _exit(1);
                if (worker == 0) speak(&all[i], i, folder, rate);
                if (wait_for(worker) != 0) _exit(1);
            }
            _exit(0);
        }
        if (wait_for(voice) != 0) return -1;
        for (int i = first; i < count; i += slices)
            if (strcmp(all[i].voice, all[first].voice) == 0) done[i] = 1;
    }
    free(done);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: locutor-reference CORPUS FOLDER PROCESSES\n");
        return 1;
    }
    int slices = atoi(argv[3]);
    FILE *corpus = fopen(argv[1], "r");
    if (corpus == NULL || slices < 1) {
        fprintf(stderr, "locutor-reference: cannot read %s, or PROCESSES is not a positive number\n", argv[1]);
        return 1;
    }
    utterance *all = NULL;
    int count = 0, capacity = 0;
    char *line = NULL;
    size_t length = 0;
    while (getline(&line, &length, corpus) > 0) {
        line[strcspn(line, "\n")] = 0;
        char *voice = strtok(line, "\t"), *rate = strtok(NULL, "\t"), *pitch = strtok(NULL, "\t"), *text = strtok(NULL, "");
        if (voice == NULL || rate == NULL || pitch == NULL || text == NULL) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 1024;
            all = realloc(all, (size_t)capacity * sizeof *all);
            if (all == NULL) return 1;
        }
        all[count++] = (utterance){ strdup(voice), atoi(rate), atoi(pitch), strdup(text) };
    }
    fclose(corpus);
    int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, espeakINITIALIZE_DONT_EXIT);
    if (rate <= 0) {
        fprintf(stderr, "locutor-reference: eSpeak NG did not initialise\n");
        return 1;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t *children = calloc((size_t)slices, sizeof(pid_t));
    for (int k = 0; k < slices; k++) {
        children[k] = fork();
        if (children[k] < 0) return 1;
        if (children[k] == 0) _exit(run_slice(all, count, k, slices, argv[2], rate) == 0 ? 0 : 1);
    }
    int failed = 0;
    for (int k = 0; k < slices; k++) failed |= wait_for(children[k]) != 0;
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (failed) {
        fprintf(stderr, "locutor-reference: a process failed\n");
        return 1;
    }
    printf("%.4f\n", (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
