/*
 * Kikitori PocketSphinx worker: loads the acoustic model, language model and dictionary once,
 * then decodes utterances sent on stdin until stdin closes. One worker is one decoder; the
 * service runs one per core.
 *
 * Usage: ps-worker <hmm dir> <lm.bin> <dict>
 * Start:    prints {"ready":true,"loadMs":N} (or {"error":"..."} and exits 1).
 * Request:  a line "<id> <bytes>\n", then <bytes> of 16 kHz mono signed 16-bit little-endian PCM.
 * Response: one JSON line {"id":"<id>","decodeMs":N,"tokens":[{"w":word,"s":startMs,"e":endMs,
 *           "p":posterior},...]} with every segment the decoder produced, fillers included (the
 *           service decides what to keep).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pocketsphinx.h>
#include <sphinxbase/err.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s <hmm dir> <lm.bin> <dict>\n", argv[0]);
        return 2;
    }
    err_set_logfp(NULL);
    double started = now_ms();
    /* -remove_noise keeps a running noise estimate from one utterance to the next, which made a
     * piece's words depend on what the worker had decoded before; off, decoding is a pure function
     * of the audio (and the LibriVox WER is the same, 20/71). */
    cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", argv[1], "-lm", argv[2], "-dict",
                                   argv[3], "-samprate", "16000", "-remove_noise", "no", NULL);
    ps_decoder_t *ps = config ? ps_init(config) : NULL;
    if (ps == NULL) {
        printf("{\"error\":\"could not load the PocketSphinx model from %s\"}\n", argv[1]);
        return 1;
    }
    int32 frate = cmd_ln_int32_r(config, "-frate");
    logmath_t *lmath = ps_get_logmath(ps);
    printf("{\"ready\":true,\"loadMs\":%.1f}\n", now_ms() - started);
    fflush(stdout);

    char header[512];
    size_t capacity = 0;
    int16_t *pcm = NULL;
    while (fgets(header, sizeof header, stdin) != NULL) {
        char id[256];
        unsigned long bytes = 0;
        if (sscanf(header, "%255s %lu", id, &bytes) != 2 || bytes % 2 != 0) {
            printf("{\"error\":\"malformed request header\"}\n");
            fflush(stdout);
            return 1;
        }
        if (bytes > capacity) {
            int16_t *grown = realloc(pcm, bytes);
            if (grown == NULL) {
                printf("{\"error\":\"out of memory for %lu bytes\"}\n", bytes);
                return 1;
            }
            pcm = grown;
            capacity = bytes;
        }
        if (bytes > 0 && fread(pcm, 1, bytes, stdin) != bytes) return 1; /* stdin closed mid-request */

        double t0 = now_ms();
        ps_start_utt(ps);
        if (bytes > 0) ps_process_raw(ps, pcm, bytes / 2, FALSE, TRUE);
        ps_end_utt(ps);
        int32 score;
        const char *hyp = ps_get_hyp(ps, &score);
        if (hyp != NULL) ps_get_prob(ps); /* computes the word posteriors of the best path */
        double decode_ms = now_ms() - t0;

        printf("{\"id\":");
        json_string(stdout, id);
        printf(",\"decodeMs\":%.2f,\"tokens\":[", decode_ms);
        int first = 1;
        for (ps_seg_t *seg = hyp ? ps_seg_iter(ps) : NULL; seg != NULL; seg = ps_seg_next(seg)) {
            int sf, ef;
            int32 ascr, lscr, lback;
            ps_seg_frames(seg, &sf, &ef);
            double posterior = logmath_exp(lmath, ps_seg_prob(seg, &ascr, &lscr, &lback));
            if (posterior > 1.0) posterior = 1.0;
            printf("%s{\"w\":", first ? "" : ",");
            json_string(stdout, ps_seg_word(seg));
            printf(",\"s\":%d,\"e\":%d,\"p\":%.4f}", sf * 1000 / frate, (ef + 1) * 1000 / frate, posterior);
            first = 0;
        }
        printf("]}\n");
        fflush(stdout);
    }
    free(pcm);
    ps_free(ps);
    cmd_ln_free_r(config);
    return 0;
}
