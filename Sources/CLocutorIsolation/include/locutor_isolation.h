/*
 * Isolated synthesis with eSpeak NG: what LocutorSpeech calls. The design and its reasons are
 * described once, at the top of isolation.c.
 */
#ifndef LOCUTOR_ISOLATION_H
#define LOCUTOR_ISOLATION_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>

/* One utterance asked of a worker: sent first, then the voice name, the text, the output path and
 * the path the worker renames it to (each NUL-terminated; no paths when path_length is 0). */
typedef struct {
    int32_t rate;          /* espeakRATE, words per minute */
    int32_t volume;        /* espeakVOLUME */
    int32_t pitch;         /* espeakPITCH */
    int32_t range;         /* espeakRANGE */
    int32_t word_gap;      /* espeakWORDGAP, units of 10 ms */
    int32_t phoneme_mode;  /* espeak_SetPhonemeTrace mode of the transcript */
    uint32_t synth_flags;  /* espeak_Synth flags */
    uint32_t voice_length; /* bytes of the voice name, NUL included */
    uint32_t text_length;  /* bytes of the text, NUL included */
    uint32_t path_length;  /* bytes of the WAV path, NUL included; 0: stream the audio back */
    uint32_t destination_length; /* bytes of the path the WAV is renamed to, NUL included */
    int32_t sample_rate;   /* the engine's sample rate, for the WAV header */
} locutor_request;

/* The tags of the frames a worker answers with. */
enum {
    LOCUTOR_FRAME_AUDIO = 'A',      /* int16 samples, native byte order */
    LOCUTOR_FRAME_TRANSCRIPT = 'P', /* the phoneme trace written during synthesis */
    LOCUTOR_FRAME_STATUS = 'S',     /* int32 step (locutor_step), int32 espeak status */
    LOCUTOR_FRAME_FILE = 'F',       /* the WAV written and renamed: uint64 sample count, its 32-byte
                                       SHA-256, then int64 size, modification seconds and nanoseconds */
};

/* Where a worker stopped, in its status frame. */
typedef enum {
    LOCUTOR_STEP_DONE = 0,
    LOCUTOR_STEP_REQUEST = 1,   /* reading the request failed */
    LOCUTOR_STEP_VOICE = 2,     /* espeak_SetVoiceByName */
    LOCUTOR_STEP_PARAMETER = 3, /* espeak_SetParameter */
    LOCUTOR_STEP_SYNTH = 4,     /* espeak_Synth */
    LOCUTOR_STEP_WRITE = 5,     /* writing the WAV; the status is errno */
} locutor_step;

/* Starts the zygote (right after the engine's espeak_Initialize): on Linux this program executed
 * again, which initialises eSpeak NG from the data folder `data` (NULL: its default) and unmaps the
 * libraries it does not use; elsewhere, or when that fails, a fork of the engine's process. Returns
 * its pid once it is ready and stores the engine's end of the control socket in *control, or
 * returns -1 with errno set. */
pid_t locutor_zygote_start(int *control, const char *data);

/* Asks the zygote for a voice zygote of `voice`. Returns the engine's end of its channel (closing
 * it ends the voice zygote), or -1 with errno set (the zygote is gone). */
int locutor_zygote_voice(int control, const char *voice);

/* Asks a voice zygote for one more worker ready to speak with its voice; 0, or -1 with errno set
 * (the voice zygote is gone). */
int locutor_voice_request(int channel);

/* The next worker a voice zygote sent (waiting for it): its socket, or -1 with errno set (the
 * voice zygote is gone). */
int locutor_voice_receive(int channel);

/* Writes all of `count` bytes to a socket without raising SIGPIPE; 0 or -1 with errno. */
int locutor_socket_send(int fd, const void *bytes, size_t count);

/* Installs, in the engine's process, a synthesis callback that discards audio: that process
 * never synthesizes, this only guards against a stray call. */
void locutor_install_discard_callback(void);

/* Keeps only `keep` (moved to descriptor 3) and standard error; standard input and output become
 * /dev/null. Returns the descriptor `keep` now has, or -1 with errno when it could not be moved.
 * Exposed for its test: a process started with standard input or output closed hands out
 * sockets numbered 0 or 1, which the redirection must not overwrite. */
int locutor_isolate_descriptors(int keep);

/* SHA-256 of `count` bytes into `digest` (the workers' own implementation, exposed for its test). */
void locutor_sha256_digest(const void *bytes, size_t count, uint8_t digest[32]);
/* 1: hash in portable C; 0 (the default): with the processor's SHA extensions when it has them.
 * For the test of both paths. */
void locutor_sha256_use_portable(int portable);

#endif
