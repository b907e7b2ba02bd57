/*
 * Isolated synthesis: the zygotes and workers that speak every utterance of LocutorSpeech.
 * Compiled with warnings on; the Swift side sees only include/locutor_isolation.h.
 */
#define _GNU_SOURCE
#include "locutor_isolation.h"
#include "sha256.h"

#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#endif

/*
 * Isolated synthesis
 * ==================
 *
 * espeak-ng 1.51's wave generator keeps state in function-local statics (the pitch-flutter
 * index, the glottal cycle count, the gain control) that no public call resets — not even
 * espeak_Initialize. The same text therefore renders to a few samples more or less depending on
 * what was synthesized before it in the process. A process forked from an engine that has never
 * synthesized audio starts from the same state every time, and its first utterance is
 * byte-identical to the `espeak-ng` command line's. So every utterance is spoken by such a
 * process (a worker), which streams its audio back over a socket and exits.
 *
 * Workers come from two levels of zygotes. On Linux the zygote is the program itself executed
 * again, which a constructor in this file turns into the zygote before the Swift program starts:
 * it calls espeak_Initialize as the engine did (a fresh process, as the command line is), unmaps
 * the libraries it will not call, and never calls espeak-ng again; elsewhere, or if that fails,
 * it is forked from the engine right after espeak_Initialize. The first time a voice is asked
 * for, it forks that voice's zygote and hands the engine their channel: the voice zygote loads
 * the voice once (the first voice load of a process costs about 2.7 ms here, more than most
 * utterances) and forks a worker with it loaded for each request of the engine, which keeps two
 * requests outstanding, so an utterance waits neither for a fork nor for a voice.
 * fork() costs time in proportion to the mappings of the process that forks (measured here:
 * about 600 µs with the 300 of a Swift program and its libraries, 100 µs with 30), so forking
 * from small zygotes keeps each utterance cheap however large the main program grows. Each level
 * reaps the processes it forks.
 *
 * Two more things decide the audio, both measured on eSpeak NG 1.51 and both ruled out here:
 *   - state that translating text or loading voices leaves in the process (after a few hundred
 *     voice loads, a child forked from that process spoke some texts a few samples longer):
 *     the zygote loads nothing, and a voice zygote loads exactly one voice, once;
 *   - uninitialised stack memory that espeak_Synth reads (valgrind: "conditional jump depends
 *     on uninitialised value(s)" in utf8_in, from a stack allocation of the translator), whose
 *     contents are whatever earlier calls left there: voice zygotes and workers each run on a
 *     fresh stack of zero pages (Linux), so that memory is the same for every utterance.
 *
 * Why this is C and not Swift: after fork() in a multi-threaded process the child may only run
 * code that takes no lock another thread could have held at the moment of the fork. The Swift
 * runtime takes such locks (metadata caches, some allocation paths); espeak-ng, glibc's malloc
 * (reset by its own fork handlers) and stdio streams the child opens itself are safe. Everything
 * the zygote and the workers run is in this file, and they leave through _exit. The ancillary
 * data that passes a socket between processes (SCM_RIGHTS) is also only reachable through C
 * macros.
 *
 * Protocols. The zygote sends 'R' once, when it is ready. Parent → zygote: 'V', a uint32
 * length, a voice name (no NUL); the zygote forks that voice's zygote and answers one byte
 * carrying the parent's end of their channel as SCM_RIGHTS. Parent → voice zygote: 'W'; answered
 * the same way with a worker's socket (the parent keeps two requests outstanding, so a worker is
 * waiting when it needs one). Parent → worker: one locutor_request,
 * then the voice name, the text and (when path_length > 0) an output path, each NUL-terminated.
 * Worker → parent: frames — a tag byte, a uint32 length in native byte order, the payload —:
 * without a path, any number of LOCUTOR_FRAME_AUDIO; with one, the worker writes the WAV there
 * itself (the empty file the parent made, opened without O_CREAT), hashing it as it writes,
 * renames it into place and sends one LOCUTOR_FRAME_FILE; then one LOCUTOR_FRAME_TRANSCRIPT and
 * one LOCUTOR_FRAME_STATUS, the last frames in one write; then the worker exits. Workers that
 * write their own files let a render keep every core busy: no audio crosses a socket, and the
 * render process only records what they wrote.
 */

/* Samples a worker gathers before it sends them: 64 KiB, a few hundred milliseconds. */
#define LOCUTOR_AUDIO_BLOCK 32768

/* What a worker's audio callback needs; it travels through espeak_Synth's user_data . */
typedef struct {
    int socket;
    int failed;
    int count;
    /* Without an output path: the block being gathered (LOCUTOR_AUDIO_BLOCK samples). */
    short *samples;
    /* With an output path: every sample, kept until the WAV's sizes are known. */
    int to_file;
    short *all;
    size_t all_count;
    size_t all_capacity;
} locutor_worker_stream;

static int locutor_send_all(int fd, const void *bytes, size_t count) {
    const char *p = (const char *)bytes;
    while (count > 0) {
        ssize_t n = send(fd, p, count, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += n;
        count -= (size_t)n;
    }
    return 0;
}

static int locutor_recv_all(int fd, void *bytes, size_t count) {
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

static int locutor_send_frame(int fd, char tag, const void *payload, uint32_t length) {
    char header[5];
    header[0] = tag;
    memcpy(header + 1, &length, 4);
    if (locutor_send_all(fd, header, 5) != 0) return -1;
    return length == 0 ? 0 : locutor_send_all(fd, payload, length);
}

static int locutor_worker_flush_audio(locutor_worker_stream *stream) {
    if (stream->count == 0) return 0;
    int result = locutor_send_frame(stream->socket, LOCUTOR_FRAME_AUDIO, stream->samples,
                                    (uint32_t)stream->count * 2u);
    stream->count = 0;
    return result;
}

/* The worker's audio callback: blocks are gathered and sent as they fill. */
static int locutor_worker_callback(short *wav, int numsamples, espeak_EVENT *events) {
    if (events == NULL || events->user_data == NULL) return 1;
    locutor_worker_stream *stream = (locutor_worker_stream *)events->user_data;
    if (stream->to_file) {
        if (wav == NULL || numsamples <= 0) return 0;
        if (stream->all_count + (size_t)numsamples > stream->all_capacity) {
            size_t capacity = stream->all_capacity == 0 ? 1u << 17 : stream->all_capacity;
            while (capacity < stream->all_count + (size_t)numsamples) capacity *= 2;
            short *grown = (short *)realloc(stream->all, capacity * sizeof(short));
            if (grown == NULL) {
                stream->failed = 1;
                return 1;
            }
            stream->all = grown;
            stream->all_capacity = capacity;
        }
        memcpy(stream->all + stream->all_count, wav, (size_t)numsamples * sizeof(short));
        stream->all_count += (size_t)numsamples;
        return 0;
    }
    while (wav != NULL && numsamples > 0) {
        int room = LOCUTOR_AUDIO_BLOCK - stream->count;
        int take = numsamples < room ? numsamples : room;
        memcpy(stream->samples + stream->count, wav, (size_t)take * 2u);
        stream->count += take;
        wav += take;
        numsamples -= take;
        if (stream->count == LOCUTOR_AUDIO_BLOCK && locutor_worker_flush_audio(stream) != 0) {
            stream->failed = 1;
            return 1; /* abort synthesis: nobody is listening */
        }
    }
    return 0;
}

/* The engine's process never synthesizes audio; this callback only guards against a stray call. */
static int locutor_discard_callback(short *wav, int numsamples, espeak_EVENT *events) {
    (void)wav; (void)numsamples; (void)events;
    return 0;
}

/* Frames gathered to be sent in one write: a worker's last frames, so that the engine wakes
 * once to read them. */
typedef struct {
    char *bytes;
    size_t count;
    size_t capacity;
    int failed;
} locutor_frames;

static void locutor_frames_add(locutor_frames *frames, char tag, const void *payload, uint32_t length) {
    size_t needed = frames->count + 5u + length;
    if (needed > frames->capacity) {
        size_t capacity = frames->capacity == 0 ? 4096 : frames->capacity;
        while (capacity < needed) capacity *= 2;
        char *grown = (char *)realloc(frames->bytes, capacity);
        if (grown == NULL) {
            frames->failed = 1;
            return;
        }
        frames->bytes = grown;
        frames->capacity = capacity;
    }
    frames->bytes[frames->count] = tag;
    memcpy(frames->bytes + frames->count + 1, &length, 4);
    if (length > 0) memcpy(frames->bytes + frames->count + 5, payload, length);
    frames->count = needed;
}

static void locutor_worker_finish(int fd, int32_t step, int32_t status) {
    int32_t payload[2] = { step, status };
    locutor_send_frame(fd, LOCUTOR_FRAME_STATUS, payload, sizeof payload);
    _exit(0);
}

/* Keeps only `keep` (moved to descriptor 3) and stderr, where espeak-ng reports data problems;
 * standard input and output become /dev/null. A descriptor inherited from another thread's pipe
 * would otherwise hold that pipe open for as long as this process lives.
 *
 * `keep` is moved above the standard descriptors first: in a process started with standard input
 * or output closed, the socket it was given may be 0 or 1, which the redirection to /dev/null
 * would otherwise overwrite. */
int locutor_isolate_descriptors(int keep) {
    if (keep < 3) {
        int moved = fcntl(keep, F_DUPFD_CLOEXEC, 3);
        if (moved < 0) return -1;
        close(keep);
        keep = moved;
    }
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0) {
        if (null_fd != 0) dup2(null_fd, 0);
        if (null_fd != 1) dup2(null_fd, 1);
        if (null_fd > 2) close(null_fd);
    }
    if (keep != 3) {
        if (dup2(keep, 3) < 0) return keep;
        close(keep);
        keep = 3;
    }
#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 4u, ~0u, 0u) == 0) return keep;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int other = 4; other < max; other++) close(other);
    return keep;
}

static void locutor_put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void locutor_put32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static int locutor_write_all(int fd, const void *bytes, size_t count) {
    const char *p = (const char *)bytes;
    while (count > 0) {
        ssize_t n = write(fd, p, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        p += n;
        count -= (size_t)n;
    }
    return 0;
}

/* Writes `count` samples as a 16-bit mono PCM WAV at `path` (a new file), the same bytes as
 * `espeak-ng -w` and LocutorSpeech's WAVEncoder, their SHA-256 into `digest` and the file's
 * status into `written`. Returns 0, or an errno. */
static int locutor_write_wav(const char *path, const short *samples, size_t count, int32_t rate, uint8_t digest[32],
                             struct stat *written) {
    if (count > (0xFFFFFFFFu - 36u) / 2u) return EFBIG;
    uint32_t data_size = (uint32_t)count * 2u;
    uint8_t header[44];
    memcpy(header, "RIFF", 4);
    locutor_put32(header + 4, 36u + data_size);
    memcpy(header + 8, "WAVEfmt ", 8);
    locutor_put32(header + 16, 16);
    locutor_put16(header + 20, 1);  /* PCM */
    locutor_put16(header + 22, 1);  /* mono */
    locutor_put32(header + 24, (uint32_t)rate);
    locutor_put32(header + 28, (uint32_t)rate * 2u);
    locutor_put16(header + 32, 2);
    locutor_put16(header + 34, 16);
    memcpy(header + 36, "data", 4);
    locutor_put32(header + 40, data_size);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    /* WAV samples are little-endian. */
    short *swapped = (short *)samples;
    for (size_t i = 0; i < count; i++) swapped[i] = (short)__builtin_bswap16((uint16_t)swapped[i]);
#endif
    locutor_sha256 hash;
    locutor_sha256_init(&hash);
    locutor_sha256_update(&hash, header, sizeof header);
    locutor_sha256_update(&hash, samples, data_size);
    locutor_sha256_final(&hash, digest);
    /* The parent created the file (and registered it for removal on an interrupt): opening it
     * without O_CREAT means a file the parent already removed is never made again. It is empty,
     * so not O_TRUNC either: on ext4, closing a file truncated to nothing forces its blocks to
     * be allocated and written back at once (auto_da_alloc, for the replace-by-truncate
     * pattern), which made every close cost as much as the write. */
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    int failed = locutor_write_all(fd, header, sizeof header) != 0 || locutor_write_all(fd, samples, data_size) != 0 ||
                 fstat(fd, written) != 0;
    int saved = errno;
    if (close(fd) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        unlink(path);
        return saved != 0 ? saved : EIO;
    }
    return 0;
}

void locutor_sha256_digest(const void *bytes, size_t count, uint8_t digest[32]) {
    locutor_sha256 hash;
    locutor_sha256_init(&hash);
    locutor_sha256_update(&hash, bytes, count);
    locutor_sha256_final(&hash, digest);
}

/* A worker: waits for one request on `fd` (for `voice`, which its voice zygote loaded with
 * `voice_status`), speaks it, answers, exits. */
static void locutor_worker_speak(int fd, const char *voice, espeak_ERROR voice_status) {
    /* A file size limit (or a full quota) is then EFBIG from write, reported, not a kill. */
    signal(SIGXFSZ, SIG_IGN);
    locutor_worker_stream *stream = (locutor_worker_stream *)calloc(1, sizeof(locutor_worker_stream));
    if (stream == NULL) _exit(1);
    stream->socket = fd;
    locutor_request request;
    if (locutor_recv_all(fd, &request, sizeof request) != 0) _exit(0); /* nobody wants it */
    if (request.voice_length == 0 || request.text_length == 0 || request.voice_length > 4096 ||
        request.text_length > (1u << 30) || request.path_length > 4096 || request.destination_length > 4096 ||
        (request.path_length > 0) != (request.destination_length > 0))
        locutor_worker_finish(fd, LOCUTOR_STEP_REQUEST, 0);
    char *requested = (char *)malloc(request.voice_length);
    char *text = (char *)malloc(request.text_length);
    char *path = request.path_length > 0 ? (char *)malloc(request.path_length) : NULL;
    char *destination = request.destination_length > 0 ? (char *)malloc(request.destination_length) : NULL;
    if (requested == NULL || text == NULL || (request.path_length > 0 && (path == NULL || destination == NULL)) ||
        locutor_recv_all(fd, requested, request.voice_length) != 0 ||
        locutor_recv_all(fd, text, request.text_length) != 0 ||
        (path != NULL && (locutor_recv_all(fd, path, request.path_length) != 0 ||
                          locutor_recv_all(fd, destination, request.destination_length) != 0)))
        locutor_worker_finish(fd, LOCUTOR_STEP_REQUEST, 0);
    requested[request.voice_length - 1] = 0;
    text[request.text_length - 1] = 0;
    if (path != NULL) {
        path[request.path_length - 1] = 0;
        destination[request.destination_length - 1] = 0;
        stream->to_file = 1;
    } else {
        stream->samples = (short *)malloc(LOCUTOR_AUDIO_BLOCK * sizeof(short));
        if (stream->samples == NULL) locutor_worker_finish(fd, LOCUTOR_STEP_REQUEST, 0);
    }
    /* A voice zygote hands out workers only for the voice it loaded. */
    if (strcmp(requested, voice) != 0) locutor_worker_finish(fd, LOCUTOR_STEP_REQUEST, 0);
    if (voice_status != EE_OK) locutor_worker_finish(fd, LOCUTOR_STEP_VOICE, voice_status);
    espeak_ERROR status;
    const int32_t values[5] = { request.rate, request.volume, request.pitch, request.range,
                                request.word_gap };
    const espeak_PARAMETER parameters[5] = { espeakRATE, espeakVOLUME, espeakPITCH, espeakRANGE,
                                             espeakWORDGAP };
    for (int i = 0; i < 5; i++) {
        status = espeak_SetParameter(parameters[i], values[i], 0);
        if (status != EE_OK) locutor_worker_finish(fd, LOCUTOR_STEP_PARAMETER, status);
    }
    espeak_SetParameter(espeakPUNCTUATION, espeakPUNCT_NONE, 0);
    espeak_SetParameter(espeakCAPITALS, 0, 0);

    char *trace = NULL;
    size_t trace_length = 0;
    FILE *trace_stream = open_memstream(&trace, &trace_length);
    if (trace_stream != NULL) espeak_SetPhonemeTrace(request.phoneme_mode, trace_stream);
    espeak_SetSynthCallback(locutor_worker_callback);

    status = espeak_Synth(text, request.text_length, 0, POS_CHARACTER, 0, request.synth_flags,
                          NULL, stream);
    if (stream->failed && stream->to_file) locutor_worker_finish(fd, LOCUTOR_STEP_WRITE, ENOMEM);
    if (stream->failed || locutor_worker_flush_audio(stream) != 0) _exit(0);
    if (trace_stream != NULL) {
        espeak_SetPhonemeTrace(0, NULL);
        fclose(trace_stream);
    }
    locutor_frames answer = { NULL, 0, 0, 0 };
    if (path != NULL) {
        if (status != EE_OK) locutor_worker_finish(fd, LOCUTOR_STEP_SYNTH, status);
        uint8_t file[64];
        uint64_t count = (uint64_t)stream->all_count;
        struct stat written;
        int error = locutor_write_wav(path, stream->all, stream->all_count, request.sample_rate, file + 8, &written);
        if (error != 0) locutor_worker_finish(fd, LOCUTOR_STEP_WRITE, error);
        /* Whole, so it goes into place now, whatever becomes of the parent: a WAV is there
         * entire or not at all. A parent interrupted before this removed the temporary file,
         * and then there is nothing to rename. */
        if (rename(path, destination) != 0) {
            error = errno;
            unlink(path);
            locutor_worker_finish(fd, LOCUTOR_STEP_WRITE, error);
        }
#if defined(__APPLE__)
        int64_t stamp[3] = { (int64_t)written.st_size, (int64_t)written.st_mtimespec.tv_sec, (int64_t)written.st_mtimespec.tv_nsec };
#else
        int64_t stamp[3] = { (int64_t)written.st_size, (int64_t)written.st_mtim.tv_sec, (int64_t)written.st_mtim.tv_nsec };
#endif
        memcpy(file, &count, 8);
        memcpy(file + 40, stamp, sizeof stamp);
        locutor_frames_add(&answer, LOCUTOR_FRAME_FILE, file, sizeof file);
    }
    locutor_frames_add(&answer, LOCUTOR_FRAME_TRANSCRIPT, trace, trace != NULL ? (uint32_t)trace_length : 0u);
    int32_t outcome[2] = { path != NULL || status == EE_OK ? LOCUTOR_STEP_DONE : LOCUTOR_STEP_SYNTH,
                           path != NULL ? 0 : status };
    locutor_frames_add(&answer, LOCUTOR_FRAME_STATUS, outcome, sizeof outcome);
    if (!answer.failed) locutor_send_all(fd, answer.bytes, answer.count);
    _exit(0);
}

static int locutor_socketpair(int fds[2]) {
#if defined(SOCK_CLOEXEC)
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
#else
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

#if defined(__linux__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define LOCUTOR_HAS_BARE_FORK 1
#endif

/* Whether this process is a zygote started by exec (see locutor_zygote_start): single-threaded,
 * its unused libraries unmapped, so it forks without running the fork handlers other libraries
 * registered (they may be among the unmapped). */
static int locutor_exec_zygote = 0;

/* fork(2), or glibc's _Fork (the same system call without the fork handlers) in an exec'd zygote. */
static pid_t locutor_fork(void) {
#if defined(LOCUTOR_HAS_BARE_FORK)
    if (locutor_exec_zygote) return _Fork();
#endif
    return fork();
}

/* Forks a child connected to this process by a socket pair. In the parent: returns the child's
 * pid and stores the parent's end in *end. In the child: returns 0 and stores the child's end in
 * *end. On failure: -1 with errno set, nothing left open. */
static pid_t locutor_fork_connected(int *end) {
    int fds[2];
    if (locutor_socketpair(fds) != 0) return -1;
    pid_t pid = locutor_fork();
    if (pid < 0) {
        int saved = errno;
        close(fds[0]);
        close(fds[1]);
        errno = saved;
        return -1;
    }
    close(fds[pid == 0 ? 0 : 1]);
    *end = fds[pid == 0 ? 1 : 0];
    return pid;
}

/* A function to run on a fresh stack, and its argument. */
typedef struct {
    void (*body)(void *);
    void *argument;
} locutor_fresh_start;

/* makecontext passes only int arguments: the start's address comes in two halves. */
static void locutor_fresh_entry(unsigned int high, unsigned int low) {
    uintptr_t address = (uintptr_t)(((uint64_t)high << 32) | (uint64_t)low);
    const locutor_fresh_start *start = (const locutor_fresh_start *)address;
    start->body(start->argument);
    _exit(0);
}

/* Runs `body(argument)` on a stack of fresh zero pages (see the top of this file), and exits
 * when it returns; where that is not available, on the current stack. Never returns. */
static void locutor_run_on_fresh_stack(void (*body)(void *), void *argument) {
    locutor_fresh_start start = { body, argument };
    uint64_t address = (uint64_t)(uintptr_t)&start;
#if defined(__linux__)
    const size_t size = (size_t)16 << 20; /* touched only as deep as espeak-ng goes */
    void *stack = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) _exit(1);
    ucontext_t caller, fresh;
    if (getcontext(&fresh) != 0) _exit(1);
    fresh.uc_stack.ss_sp = stack;
    fresh.uc_stack.ss_size = size;
    fresh.uc_link = &caller;
    makecontext(&fresh, (void (*)(void))locutor_fresh_entry, 2, (unsigned int)(address >> 32),
                (unsigned int)(address & 0xffffffffu));
    swapcontext(&caller, &fresh);
    _exit(1); /* locutor_fresh_entry never returns */
#else
    locutor_fresh_entry((unsigned int)(address >> 32), (unsigned int)(address & 0xffffffffu));
#endif
}

/* What a worker speaks with. */
typedef struct {
    int fd;
    const char *voice;
    espeak_ERROR voice_status;
} locutor_worker_start;

static void locutor_worker_body(void *argument) {
    const locutor_worker_start *start = (const locutor_worker_start *)argument;
    locutor_worker_speak(start->fd, start->voice, start->voice_status);
}

/* In a voice zygote: forks a worker with the voice loaded; returns the voice zygote's end of
 * the worker's socket, or -1. */
static int locutor_voice_fork_worker(int channel, const char *voice, espeak_ERROR voice_status) {
    int end;
    pid_t pid = locutor_fork_connected(&end);
    if (pid < 0) return -1;
    if (pid == 0) {
        close(channel);
        locutor_worker_start start = { end, voice, voice_status };
        locutor_run_on_fresh_stack(locutor_worker_body, &start);
    }
    return end;
}

static int locutor_send_descriptor(int socket, int descriptor) {
    char byte = 'W';
    struct iovec io = { &byte, 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent == 1 ? 0 : -1;
}

static int locutor_receive_descriptor(int socket) {
    char byte = 0;
    struct iovec io = { &byte, 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &io;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    ssize_t received;
#if defined(MSG_CMSG_CLOEXEC)
    do { received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
#else
    do { received = recvmsg(socket, &message, 0); } while (received < 0 && errno == EINTR);
#endif
    if (received != 1) {
        if (received == 0) errno = EPIPE;
        return -1;
    }
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    if (header == NULL || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) {
        errno = EPROTO;
        return -1;
    }
    int descriptor;
    memcpy(&descriptor, CMSG_DATA(header), sizeof(int));
    return descriptor;
}

/* A voice zygote: the voice it loaded and its channel to the zygote. */
typedef struct {
    int channel;
    const char *voice;
} locutor_voice_zygote_start;

/* A voice zygote's loop (on a fresh stack): loads its voice once, then answers each 'W' on its
 * channel with a new worker that has it loaded. The engine asks ahead of its need (it keeps
 * requests outstanding), so each worker is forked while an earlier one speaks and is waiting
 * in the channel when the engine takes it. */
static void locutor_voice_zygote_body(void *argument) {
    const locutor_voice_zygote_start *start = (const locutor_voice_zygote_start *)argument;
    espeak_ERROR status = espeak_SetVoiceByName(start->voice);
    for (;;) {
        char tag;
        if (locutor_recv_all(start->channel, &tag, 1) != 0 || tag != 'W') break;
        int worker = locutor_voice_fork_worker(start->channel, start->voice, status);
        if (worker < 0 || locutor_send_descriptor(start->channel, worker) != 0) break;
        close(worker);
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
    }
    _exit(0);
}

/* In the zygote: forks the voice zygote of `voice`; returns the zygote's end of its channel,
 * or -1. */
static int locutor_zygote_fork_voice(const char *voice) {
    int end;
    pid_t pid = locutor_fork_connected(&end);
    if (pid < 0) return -1;
    if (pid == 0) {
        /* Keeps only its channel: the engine's control socket and the other voice zygotes'
         * channels close here. */
        int channel = locutor_isolate_descriptors(end);
        locutor_voice_zygote_start start = { channel, voice };
        locutor_run_on_fresh_stack(locutor_voice_zygote_body, &start);
    }
    return end;
}

/* The zygote's loop: answers each request for a voice with a new voice zygote of that voice,
 * passing the engine the voice zygote's end of their channel (the engine then asks it for
 * workers itself, and closing it ends the voice zygote). */
static void locutor_zygote_main(int control) {
    control = locutor_isolate_descriptors(control);
    /* Ready: the engine waits for this byte before it asks for a voice. */
    char ready = 'R';
    if (locutor_send_all(control, &ready, 1) != 0) _exit(0);
    for (;;) {
        char tag;
        uint32_t length;
        char voice[4097];
        if (locutor_recv_all(control, &tag, 1) != 0 || tag != 'V' ||
            locutor_recv_all(control, &length, 4) != 0 || length > 4096 ||
            locutor_recv_all(control, voice, length) != 0)
            break;
        voice[length] = 0;
        int channel = locutor_zygote_fork_voice(voice);
        while (waitpid(-1, NULL, WNOHANG) > 0) {}
        if (channel < 0 || locutor_send_descriptor(control, channel) != 0) break;
        close(channel);
    }
    _exit(0);
}

#if defined(__linux__)
/* The environment that makes a started program the zygote (see locutor_zygote_entry). */
#define LOCUTOR_ZYGOTE_PARENT "LOCUTOR_ZYGOTE_PARENT"
#define LOCUTOR_ZYGOTE_DATA "LOCUTOR_ZYGOTE_DATA"

/* This program's arguments (from /proc/self/cmdline, so that the zygote and its workers show
 * the command they work for) and its environment with the zygote's variables added. NULL when
 * they cannot be read. */
static char **locutor_zygote_arguments(void) {
    int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    size_t size = 0, capacity = 4096;
    char *text = (char *)malloc(capacity);
    for (;;) {
        if (text == NULL) break;
        ssize_t n = read(fd, text + size, capacity - size - 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        size += (size_t)n;
        if (size + 1 == capacity) {
            capacity *= 2;
            char *grown = (char *)realloc(text, capacity);
            if (grown == NULL) free(text);
            text = grown;
        }
    }
    close(fd);
    if (text == NULL || size == 0) {
        free(text);
        return NULL;
    }
    text[size] = 0;
    size_t count = 0;
    for (size_t i = 0; i < size; i++) if (text[i] == 0) count++;
    if (text[size - 1] != 0) count++;
    char **arguments = (char **)calloc(count + 1, sizeof(char *));
    if (arguments == NULL) {
        free(text);
        return NULL;
    }
    size_t index = 0;
    for (size_t i = 0; i < size && index < count; i += strlen(text + i) + 1) arguments[index++] = text + i;
    return arguments;
}

extern char **environ;

static char **locutor_zygote_environment(const char *data) {
    size_t count = 0;
    while (environ[count] != NULL) count++;
    char **environment = (char **)calloc(count + 4, sizeof(char *));
    if (environment == NULL) return NULL;
    size_t index = 0;
    for (size_t i = 0; i < count; i++) {
        if (strncmp(environ[i], "LOCUTOR_ZYGOTE_", 15) == 0 || strncmp(environ[i], "LD_BIND_NOW=", 12) == 0) continue;
        environment[index++] = environ[i];
    }
    char *parent = NULL, *folder = NULL;
    if (asprintf(&parent, LOCUTOR_ZYGOTE_PARENT "=%d", (int)getpid()) < 0 ||
        asprintf(&folder, LOCUTOR_ZYGOTE_DATA "=%s", data != NULL ? data : "") < 0) {
        free(parent);
        free(environment);
        return NULL;
    }
    environment[index++] = parent;
    environment[index++] = folder;
    /* Every symbol bound at start: the zygote unmaps the libraries it does not use, and a
     * lazy binding would look up a symbol through them. */
    environment[index++] = (char *)"LD_BIND_NOW=1";
    return environment;
}

/* Frees what locutor_zygote_environment allocated (the two variables it wrote, and the list). */
static void locutor_free_environment(char **environment) {
    size_t count = 0;
    while (environment[count] != NULL) count++;
    if (count >= 3) {
        free(environment[count - 3]);
        free(environment[count - 2]);
    }
    free(environment);
}

/* The libraries an exec'd zygote keeps mapped: the C library, the dynamic linker, the maths
 * library and eSpeak NG with the two it calls. Everything else (Swift, Foundation, ICU, the audio
 * and X libraries eSpeak NG's audio output pulls in) is never called there. */
static int locutor_kept_library(const char *name) {
    static const char *const kept[] = { "libc.so", "libc-", "ld-linux", "libm.so", "libm-",
                                        "libespeak-ng.so", "libpcaudio.so", "libsonic.so" };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (strncmp(name, kept[i], strlen(kept[i])) == 0) return 1;
    return 0;
}

/* Unmaps the shared libraries the zygote does not use (see locutor_kept_library). fork(2) costs
 * time in proportion to the mappings of the process that forks — about 300 with every library
 * of a Swift program, 75 without — so each worker is forked in a third of the time. Every
 * symbol was bound when the program started (LD_BIND_NOW), the zygote forks with _Fork (no
 * fork handlers) and leaves with _exit (no destructors), so nothing calls into what is gone.
 * eSpeak NG's initialisation starts one thread (its command queue, idle in synchronous mode),
 * which waits in libespeak-ng and the C library, both kept; _Fork copies only the caller. */
static void locutor_shed_libraries(void) {
    char exe[4096];
    ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (length <= 0) return;
    exe[length] = 0;
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return;
    enum { LIMIT = 2048 };
    static uintptr_t starts[LIMIT], ends[LIMIT];
    int count = 0;
    char line[4096 + 256];
    while (count < LIMIT && fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        int path = 0;
        if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %n", &start, &end, &path) < 2 || path <= 0) continue;
        char *name = line + path;
        name[strcspn(name, "\n")] = 0;
        if (name[0] != '/' || strcmp(name, exe) == 0 || strstr(name, ".so") == NULL) continue;
        if (locutor_kept_library(strrchr(name, '/') + 1)) continue;
        starts[count] = (uintptr_t)start;
        ends[count] = (uintptr_t)end;
        count++;
    }
    fclose(maps);
    for (int i = 0; i < count; i++) munmap((void *)starts[i], ends[i] - starts[i]);
}

/* Where a program that links this file becomes the zygote: a constructor, run before the Swift
 * runtime's program starts, in a process locutor_zygote_start executed with the zygote's
 * variables set and the control socket at descriptor 3. Anywhere else it returns at once.
 * glibc passes a constructor the program's arguments. */
__attribute__((constructor)) static void locutor_zygote_entry(int argc, char **argv, char **environment) {
    (void)environment;
    const char *parent = getenv(LOCUTOR_ZYGOTE_PARENT);
    if (parent == NULL) return;
    struct stat control;
    if (fstat(3, &control) != 0 || !S_ISSOCK(control.st_mode)) {
        /* A stray variable, not a zygote's start: the program runs as usual. */
        unsetenv(LOCUTOR_ZYGOTE_PARENT);
        unsetenv(LOCUTOR_ZYGOTE_DATA);
        return;
    }
    /* The engine that started it is gone: nobody will ask for a worker. */
    if (atoi(parent) != (int)getppid()) _exit(0);
    /* Named as the program, not "exe" (the name of the path it was executed by). */
    if (argc > 0 && argv[0] != NULL) {
        const char *slash = strrchr(argv[0], '/');
        prctl(PR_SET_NAME, slash != NULL ? slash + 1 : argv[0], 0, 0, 0);
    }
    const char *data = getenv(LOCUTOR_ZYGOTE_DATA);
    /* The same call as the engine's: synchronous output, bad data a status and not exit(1). */
    if (espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, data != NULL && data[0] != 0 ? data : NULL,
                          espeakINITIALIZE_DONT_EXIT) <= 0)
        _exit(1);
    espeak_SetSynthCallback(locutor_discard_callback);
#if defined(LOCUTOR_HAS_BARE_FORK)
    locutor_exec_zygote = 1;
    locutor_shed_libraries();
#endif
    locutor_zygote_main(3); /* never returns */
}
#endif

/* Waits for the zygote's ready byte; 0, or -1 when it ended first. */
static int locutor_zygote_ready(int control) {
    char ready = 0;
    return locutor_recv_all(control, &ready, 1) == 0 && ready == 'R' ? 0 : -1;
}

/* Starts the zygote. On Linux it is this program executed again (a fresh process, which
 * eSpeak NG initialises as the command line does, from the data folder `data`, or its default
 * when NULL): the zygote then holds eSpeak NG and little else, and forking it is cheap. Where
 * that cannot be done it is forked from this process, right after espeak_Initialize. Returns
 * its pid and stores the engine's end of the control socket in *control, or returns -1 with
 * errno set. */
pid_t locutor_zygote_start(int *control, const char *data) {
    int end;
#if defined(__linux__)
    char **arguments = locutor_zygote_arguments();
    char **environment = arguments != NULL ? locutor_zygote_environment(data) : NULL;
    if (environment != NULL) {
        pid_t pid = locutor_fork_connected(&end);
        if (pid == 0) {
            int channel = locutor_isolate_descriptors(end);
            if (channel == 3 && fcntl(3, F_SETFD, 0) == 0) execve("/proc/self/exe", arguments, environment);
            locutor_zygote_main(channel); /* exec failed: this copy is the zygote */
        }
        int saved = errno;
        free(arguments[0]);
        free(arguments);
        locutor_free_environment(environment);
        if (pid > 0 && locutor_zygote_ready(end) == 0) {
            *control = end;
            return pid;
        }
        if (pid > 0) {
            close(end);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        }
        errno = saved;
    }
#else
    (void)data;
#endif
    pid_t pid = locutor_fork_connected(&end);
    if (pid == 0) locutor_zygote_main(end); /* never returns */
    if (pid > 0) {
        if (locutor_zygote_ready(end) != 0) {
            close(end);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
            errno = ECHILD;
            return -1;
        }
        *control = end;
    }
    return pid;
}

/* Asks the zygote for a voice zygote of `voice`. Returns the engine's end of its channel, or -1
 * with errno set (the zygote is gone). */
int locutor_zygote_voice(int control, const char *voice) {
    uint32_t length = (uint32_t)strlen(voice);
    char tag = 'V';
    if (length > 4096) { errno = ENAMETOOLONG; return -1; }
    if (locutor_send_all(control, &tag, 1) != 0 || locutor_send_all(control, &length, 4) != 0 ||
        locutor_send_all(control, voice, length) != 0)
        return -1;
    return locutor_receive_descriptor(control);
}

/* Asks a voice zygote for one more worker; 0, or -1 with errno set (the voice zygote is gone). */
int locutor_voice_request(int channel) {
    char tag = 'W';
    return locutor_send_all(channel, &tag, 1);
}

/* The next worker a voice zygote sent, waiting for it. Returns the worker's socket, or -1 with
 * errno set (the voice zygote is gone). */
int locutor_voice_receive(int channel) {
    return locutor_receive_descriptor(channel);
}

/* Writes all of `count` bytes to a socket without raising SIGPIPE; 0 or -1 with errno. */
int locutor_socket_send(int fd, const void *bytes, size_t count) {
    return locutor_send_all(fd, bytes, count);
}

/* The callback installed in the engine's process (see locutor_discard_callback). */
void locutor_install_discard_callback(void) {
    espeak_SetSynthCallback(locutor_discard_callback);
}
