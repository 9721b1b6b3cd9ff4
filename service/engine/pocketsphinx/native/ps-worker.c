/*
 * Kikitori PocketSphinx worker: loads the acoustic model, language model and dictionary once,
 * then decodes utterances sent on stdin until stdin closes. One worker is one decoder: it decodes
 * either whole utterances (batch) or one live utterance at a time (stream), never both at once.
 *
 * Usage: ps-worker <hmm dir> <lm.bin> <dict>
 *        ps-worker --decoding-dictionary <lm.bin> <dict> <out>   (see write_decoding_dictionary)
 * Start:    prints {"ready":true,"loadMs":N} (or {"error":"..."} and exits 1).
 * Every command is a header line whose fields are separated by one space; <id> is a request id
 * made of digits, echoed in the command's one reply. Replies come in the order of the commands.
 *
 * Batch:    "<id> <bytes>\n", then <bytes> of 16 kHz mono signed 16-bit little-endian PCM.
 *           Reply {"id":"<id>","decodeMs":N,"tokens":[{"w":word,"s":startMs,"e":endMs,
 *           "p":posterior},...]} with every segment the decoder produced, fillers included (the
 *           service decides what to keep).
 * Stream:   "begin <id> <prime>\n" starts a live utterance; reply {"id":"<id>","begun":true}.
 *           Its first <prime> samples are held back: their mean cepstrum starts the live
 *           normalisation (a batch decode uses the whole utterance's), and an utterance that ends
 *           within them is decoded exactly as a batch request. 0: start from the model's mean.
 *           "feed <id> <bytes>\n" then <bytes> of PCM as above, decoded as it arrives; the reply
 *           {"id":"<id>","fed":N} comes once it is decoded (or held in the prime), N being the
 *           samples of the utterance taken so far (what the service paces its sending on).
 *           "partial <id>\n": {"id":"<id>","hyp":"words so far"} (the best path now, "" during
 *           the prime: no fillers, silences or pronunciation marks).
 *           "end <id>\n" ends it: the batch reply, times from the utterance's first sample,
 *           decodeMs the decoding time of all its feeds and of the end.
 *           "abandon <id>\n" ends it with no result: {"id":"<id>","abandoned":true}.
 *           A batch request or "begin" during an utterance, or a stream command outside one, is a
 *           protocol error.
 * Errors:   a malformed or out-of-place command prints {"error":"..."} and exits 1.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pocketsphinx.h>
#include <sphinxbase/ckd_alloc.h>
#include <sphinxbase/cmn.h>
#include <sphinxbase/err.h>
#include <sphinxbase/feat.h>

/* The searches: one language model, with the flat second pass (batch) and without (live). */
#define BATCH_SEARCH "batch"
#define LIVE_SEARCH "live"

/* The live front end (see feed_live). */
static fe_t *live_fe;

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

static int fail(const char *message) {
    printf("{\"error\":");
    json_string(stdout, message);
    printf("}\n");
    fflush(stdout);
    return 1;
}

static void reply_start(const char *id) {
    printf("{\"id\":");
    json_string(stdout, id);
}

static void reply_end(void) {
    printf("}\n");
    fflush(stdout);
}

/* The batch reply: every segment of the utterance just ended, with its posterior. */
static void reply_tokens(ps_decoder_t *ps, const char *id, double decode_ms, int32 frate) {
    logmath_t *lmath = ps_get_logmath(ps);
    reply_start(id);
    printf(",\"decodeMs\":%.2f,\"tokens\":[", decode_ms);
    int32 score;
    const char *hyp = ps_get_hyp(ps, &score);
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
    printf("]");
    reply_end();
}

/* Ends the utterance and computes the word posteriors of the best path; returns the time spent. */
static double end_utterance(ps_decoder_t *ps) {
    double t0 = now_ms();
    ps_end_utt(ps);
    int32 score;
    if (ps_get_hyp(ps, &score) != NULL) ps_get_prob(ps);
    return now_ms() - t0;
}

static int16_t *pcm = NULL;
static size_t capacity = 0;

/* Reads <bytes> of PCM from stdin into `pcm`: 0 on success, -1 if stdin closed, -2 if memory ran out. */
static int read_pcm(unsigned long bytes) {
    if (bytes > capacity) {
        int16_t *grown = realloc(pcm, bytes);
        if (grown == NULL) return -2;
        pcm = grown;
        capacity = bytes;
    }
    if (bytes > 0 && fread(pcm, 1, bytes, stdin) != bytes) return -1;
    return 0;
}

/*
 * Live audio only (batch decoding has voice activity detection to drop it): digital silence, runs
 * of exact zeros, has no energy at all, which the acoustic model never saw; 1 s of it decodes as
 * "dog". So from the 160th zero of a run on (a whole 10 ms frame of them), each zero becomes +1
 * or -1, a 1-bit noise far below any recording's own; shorter runs, as where speech crosses zero, stay as they are. The
 * rule looks only backwards and restarts with every utterance, so the words stay a function of
 * the utterance's audio alone, however it was cut into feeds.
 */
static uint32_t zero_noise;
static size_t zero_run;

static void start_zero_runs(void) {
    zero_noise = 0;
    zero_run = 0;
}

static void soften_zeros(int16_t *samples, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (samples[i] != 0) {
            zero_run = 0;
            continue;
        }
        if (++zero_run < 160) continue;
        zero_noise = zero_noise * 1103515245u + 12345u;
        samples[i] = (zero_noise >> 16) & 1 ? 1 : -1;
    }
}

/* Decodes one whole utterance, as a batch request does (the utterance's own cepstral mean). */
static double decode_whole(ps_decoder_t *ps, feat_t *feat, cmn_type_t batch_cmn, int16_t *samples,
                           size_t n) {
    double t0 = now_ms();
    feat->cmn = batch_cmn;
    ps_set_search(ps, BATCH_SEARCH);
    ps_start_utt(ps);
    if (n > 0) ps_process_raw(ps, samples, n, FALSE, TRUE);
    double decode_ms = now_ms() - t0;
    return decode_ms + end_utterance(ps);
}

/*
 * The mean cepstrum of `samples` as the batch normalisation computes it (sphinxbase's cmn(): the
 * frames of non-negative energy), or `fallback` when there is no such frame. Uses the live front
 * end before the utterance starts on it.
 */
static void mean_cepstrum(ps_decoder_t *ps, const int16_t *samples, size_t n, const mfcc_t *fallback,
                          mfcc_t *mean, int veclen) {
    fe_t *fe = live_fe;
    mfcc_t **cep = NULL;
    int32 nframes = 0;
    fe_start_stream(fe);
    fe_start_utt(fe);
    int counted = 0;
    memset(mean, 0, veclen * sizeof(mfcc_t));
    if (fe_process_utt(fe, samples, n, &cep, &nframes) >= 0 && cep != NULL) {
        for (int f = 0; f < nframes; f++) {
            if (cep[f][0] < 0) continue;
            for (int i = 0; i < veclen; i++) mean[i] += cep[f][i];
            counted++;
        }
        fe_free_2d(cep);
    }
    /* The residual frame, as a whole utterance ends (fe_end_utt cannot be given no buffer). */
    mfcc_t *last = calloc(fe_get_output_size(fe), sizeof(mfcc_t));
    if (last != NULL) {
        fe_end_utt(fe, last, &nframes);
        if (nframes > 0 && last[0] >= 0) {
            for (int i = 0; i < veclen; i++) mean[i] += last[i];
            counted++;
        }
        free(last);
    }
    if (counted == 0) memcpy(mean, fallback, veclen * sizeof(mfcc_t));
    else
        for (int i = 0; i < veclen; i++) mean[i] /= counted;
}

/*
 * The live front end. The decoder's own, with voice activity detection, shortened every pause
 * longer than its padding (about 0.7 s) in the word times that follow, and could start a live
 * utterance's times from the end of a previous one; fed seconds at once, it lost words (the end
 * of a 6 s clip). So live audio becomes cepstra here, every frame kept, and the decoder gets
 * those (ps_process_cep): times are exact whatever the pauses and the feeds' sizes.
 */
#define LIVE_FRAMES 256

static mfcc_t **live_cep;

static int feed_live(ps_decoder_t *ps, const int16_t *samples, size_t n) {
    while (n > 0) {
        int32 nframes = LIVE_FRAMES, first;
        if (fe_process_frames(live_fe, &samples, &n, live_cep, &nframes, &first) < 0) return -1;
        if (nframes > 0 && ps_process_cep(ps, live_cep, nframes, FALSE, FALSE) < 0) return -1;
    }
    return 0;
}

/* The last, partial frame of a live utterance. */
static int flush_live(ps_decoder_t *ps) {
    int32 nframes = 0;
    fe_end_utt(live_fe, live_cep[0], &nframes);
    return nframes > 0 ? ps_process_cep(ps, live_cep, nframes, FALSE, FALSE) : 0;
}

/* Starts a live utterance normalised from `mean`, decoding `samples` first; <0 on error. */
static int start_live(ps_decoder_t *ps, feat_t *feat, const mfcc_t *mean, const int16_t *samples,
                      size_t n) {
    if (feat->cmn != CMN_NONE) {
        feat->cmn = CMN_LIVE;
        cmn_live_set(feat->cmn_struct, mean);
    }
    if (ps_set_search(ps, LIVE_SEARCH) < 0 || ps_start_utt(ps) < 0) return -1;
    fe_start_stream(live_fe);
    fe_start_utt(live_fe);
    return feed_live(ps, samples, n);
}

/* One live utterance. Its first `prime_target` samples are held back: their mean cepstrum becomes
 * the utterance's starting normalisation, and an utterance that ends within them is decoded whole. */
typedef struct {
    int active;
    int live; /* the decoder has started: the prime was full */
    size_t prime_target;
    size_t prime_len;
    int16_t *prime;
    unsigned long samples;
    double decode_ms;
} stream_t;

/* The decoding dictionary: the entries of the pronunciation dictionary whose word is in the
 * language model (an alternate pronunciation `word(2)` goes with its word), in their order. A
 * search over the model never hypothesizes another word, so decoding with it gives the same words;
 * the dictionary's other 55,000 entries cost each worker's start about 170 ms of CPU and 16 MB.
 * The service writes it once per model (build-worker.ts decodingDictionary; a packaged app ships
 * it, scripts/build-service.mjs). */
static int write_decoding_dictionary(const char *lm_path, const char *dict_path, const char *out_path) {
    logmath_t *lmath = logmath_init(1.0001, 0, 0);
    ngram_model_t *lm = lmath ? ngram_model_read(NULL, lm_path, NGRAM_AUTO, lmath) : NULL;
    FILE *in = fopen(dict_path, "r");
    FILE *out = fopen(out_path, "w");
    if (lm == NULL || in == NULL || out == NULL) {
        fprintf(stderr, "could not read %s and %s, or write %s\n", lm_path, dict_path, out_path);
        return 1;
    }
    int32 unknown = ngram_unknown_wid(lm);
    char line[4096];
    char word[1024];
    while (fgets(line, sizeof line, in) != NULL) {
        size_t n = strcspn(line, " \t\r\n");
        if (n == 0 || n >= sizeof word) continue;
        memcpy(word, line, n);
        word[n] = '\0';
        /* `word(2)`: an alternate pronunciation of `word`. */
        char *open = strrchr(word, '(');
        if (open != NULL && open != word && word[n - 1] == ')' &&
            strspn(open + 1, "0123456789") == (size_t)(word + n - 1 - (open + 1)))
            *open = '\0';
        if (ngram_wid(lm, word) != unknown && fputs(line, out) == EOF) return 1;
    }
    int failed = ferror(in) || fclose(out) != 0;
    fclose(in);
    ngram_model_free(lm);
    logmath_free(lmath);
    return failed;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "--decoding-dictionary") == 0) {
        err_set_logfp(NULL);
        return write_decoding_dictionary(argv[2], argv[3], argv[4]);
    }
    if (argc != 4) {
        fprintf(stderr,
                "usage: %s <hmm dir> <lm.bin> <dict>\n"
                "       %s --decoding-dictionary <lm.bin> <dict> <out>\n",
                argv[0], argv[0]);
        return 2;
    }
    err_set_logfp(NULL);
    double started = now_ms();
    /* -remove_noise keeps a running noise estimate from one utterance to the next, which made a
     * piece's words depend on what the worker had decoded before; off, decoding is a pure function
     * of the audio (and the LibriVox WER is the same, 20/71).
     * Batch decoding keeps the front end's voice activity detection (-remove_silence): it drops
     * the frames it deems silent before the search. Live utterances go through a front end of
     * their own without it (see live_fe).
     * Search: -maxhmmpf 3000 (at most that many active HMMs per frame) cuts the decoding time of
     * the LibriVox clips by about 40 % (real-time factor 0.21-0.30 -> 0.14-0.19 on this machine)
     * with the same words (20/71 errors); 2000 made 22/71, 1500 made 27/71. -topn 2 saved a little
     * more and made 17/71, but a stream's confidences then moved by up to 0.15 with its chunk size;
     * tighter beams (-beam 1e-40) doubled the errors; -pl_window 5 saved nothing more. */
    cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", argv[1], "-dict", argv[3],
                                   "-samprate", "16000", "-remove_noise", "no", "-maxhmmpf", "3000",
                                   NULL);
    ps_decoder_t *ps = config ? ps_init(config) : NULL;
    /* Two searches over one language model: batch decoding (BATCH_SEARCH) runs the
     * second, flat-lexicon pass (-fwdflat) over the whole utterance once it has ended; live
     * utterances (LIVE_SEARCH) do without it. That pass re-scores every frame, so at a live
     * utterance's end it cost ~200 ms of CPU per 5 s of speech before the final result could go
     * (r1), a quarter of a stream's CPU (r3), and it came for every session at once when
     * several ended together (r4). The words of the LibriVox clips stay as close to sync (r5).
     * The batch search is made last: a search's creation sets whether the acoustic model
     * keeps every frame (the rewind the flat pass needs), and it must. */
    ngram_model_t *lm = ps ? ngram_model_read(config, argv[2], NGRAM_AUTO, ps_get_logmath(ps)) : NULL;
    int searches = lm != NULL;
    cmd_ln_set_boolean_r(config, "-fwdflat", FALSE);
    searches = searches && ps_set_lm(ps, LIVE_SEARCH, lm) == 0;
    cmd_ln_set_boolean_r(config, "-fwdflat", TRUE);
    searches = searches && ps_set_lm(ps, BATCH_SEARCH, lm) == 0 &&
               ps_set_search(ps, BATCH_SEARCH) == 0;
    if (lm != NULL) ngram_model_free(lm);
    if (!searches) {
        printf("{\"error\":\"could not load the PocketSphinx model from %s\"}\n", argv[1]);
        return 1;
    }
    int32 frate = cmd_ln_int32_r(config, "-frate");
    /* The model's front-end parameters are in the decoder's config now (ps_init read feat.params);
     * the live front end copies them at its creation, with voice activity detection off. */
    cmd_ln_set_boolean_r(config, "-remove_silence", FALSE);
    live_fe = fe_init_auto_r(config);
    cmd_ln_set_boolean_r(config, "-remove_silence", TRUE);
    live_cep = live_fe ? ckd_calloc_2d(LIVE_FRAMES, fe_get_output_size(live_fe), sizeof(mfcc_t)) : NULL;
    if (live_cep == NULL) return fail("could not create the live front end");
    /* Cepstral mean normalisation: a whole utterance (batch) is normalised by its own mean, which
     * a live one cannot know yet; sphinxbase then switches the decoder to a running mean for good
     * (feat_cmn sets fcb->cmn = CMN_LIVE) and carries that mean from one utterance to the next.
     * So each utterance sets its own mode, and a live one starts from the mean of its first
     * samples (the prime), never from what the worker decoded before. The model's -cmninit, read
     * here before any decoding, stands in for a prime with no energy. */
    feat_t *feat = ps_get_feat(ps);
    cmn_type_t batch_cmn = feat->cmn;
    int veclen = feat->cmn_struct->veclen;
    mfcc_t *initial_mean = calloc(veclen, sizeof(mfcc_t));
    mfcc_t *mean = calloc(veclen, sizeof(mfcc_t));
    if (initial_mean == NULL || mean == NULL) return fail("out of memory");
    cmn_live_get(feat->cmn_struct, initial_mean);
    printf("{\"ready\":true,\"loadMs\":%.1f}\n", now_ms() - started);
    fflush(stdout);

    char header[512];
    stream_t stream = {0};
    while (fgets(header, sizeof header, stdin) != NULL) {
        char verb[32], id[256];
        unsigned long bytes = 0;
        if (sscanf(header, "%31s", verb) != 1) return fail("malformed command");

        if (strcmp(verb, "begin") == 0) {
            unsigned long prime = 0;
            if (sscanf(header, "%*s %255s %lu", id, &prime) != 2) return fail("malformed begin");
            if (stream.active) return fail("begin during an utterance");
            if (prime > stream.prime_target) {
                int16_t *grown = realloc(stream.prime, prime * sizeof(int16_t));
                if (grown == NULL) return fail("out of memory for the prime");
                stream.prime = grown;
            }
            stream.active = 1;
            stream.live = 0;
            start_zero_runs();
            stream.prime_target = prime;
            stream.prime_len = 0;
            stream.samples = 0;
            stream.decode_ms = 0;
            if (prime == 0) {
                double t0 = now_ms();
                if (start_live(ps, feat, initial_mean, NULL, 0) < 0)
                    return fail("could not start an utterance");
                stream.live = 1;
                stream.decode_ms = now_ms() - t0;
            }
            reply_start(id);
            printf(",\"begun\":true");
            reply_end();
        } else if (strcmp(verb, "feed") == 0) {
            if (sscanf(header, "%*s %255s %lu", id, &bytes) != 2 || bytes % 2 != 0)
                return fail("malformed feed");
            if (!stream.active) return fail("feed outside an utterance");
            int status = read_pcm(bytes);
            if (status == -2) return fail("out of memory for the audio");
            if (status != 0) return 1; /* stdin closed mid-command */
            const int16_t *samples = pcm;
            size_t n = bytes / 2;
            stream.samples += n;
            soften_zeros(pcm, n);
            double t0 = now_ms();
            if (!stream.live) {
                size_t take = stream.prime_target - stream.prime_len;
                if (take > n) take = n;
                memcpy(stream.prime + stream.prime_len, samples, take * sizeof(int16_t));
                stream.prime_len += take;
                samples += take;
                n -= take;
                if (stream.prime_len == stream.prime_target) {
                    mean_cepstrum(ps, stream.prime, stream.prime_len, initial_mean, mean, veclen);
                    if (start_live(ps, feat, mean, stream.prime, stream.prime_len) < 0)
                        return fail("the decoder refused the audio");
                    stream.live = 1;
                }
            }
            if (stream.live && feed_live(ps, samples, n) < 0)
                return fail("the decoder refused the audio");
            stream.decode_ms += now_ms() - t0;
            reply_start(id);
            printf(",\"fed\":%lu", stream.samples);
            reply_end();
        } else if (strcmp(verb, "partial") == 0) {
            if (sscanf(header, "%*s %255s", id) != 1) return fail("malformed partial");
            if (!stream.active) return fail("partial outside an utterance");
            int32 score;
            const char *hyp = stream.live ? ps_get_hyp(ps, &score) : NULL;
            reply_start(id);
            printf(",\"hyp\":");
            json_string(stdout, hyp ? hyp : "");
            reply_end();
        } else if (strcmp(verb, "end") == 0) {
            if (sscanf(header, "%*s %255s", id) != 1) return fail("malformed end");
            if (!stream.active) return fail("end outside an utterance");
            stream.active = 0;
            if (stream.live) {
                double t0 = now_ms();
                if (flush_live(ps) < 0) return fail("the decoder refused the audio");
                stream.decode_ms += now_ms() - t0 + end_utterance(ps);
            }
            else
                stream.decode_ms += decode_whole(ps, feat, batch_cmn, stream.prime, stream.prime_len);
            reply_tokens(ps, id, stream.decode_ms, frate);
        } else if (strcmp(verb, "abandon") == 0) {
            if (sscanf(header, "%*s %255s", id) != 1) return fail("malformed abandon");
            if (!stream.active) return fail("abandon outside an utterance");
            stream.active = 0;
            if (stream.live) ps_end_utt(ps);
            reply_start(id);
            printf(",\"abandoned\":true");
            reply_end();
        } else {
            if (sscanf(header, "%255s %lu", id, &bytes) != 2 || bytes % 2 != 0)
                return fail("malformed request header");
            if (stream.active) return fail("a batch request during an utterance");
            int status = read_pcm(bytes);
            if (status == -2) return fail("out of memory for the audio");
            if (status != 0) return 1;
            reply_tokens(ps, id, decode_whole(ps, feat, batch_cmn, pcm, bytes / 2), frate);
        }
    }
    free(pcm);
    free(stream.prime);
    ckd_free_2d(live_cep);
    fe_free(live_fe);
    free(initial_mean);
    free(mean);
    ps_free(ps);
    cmd_ln_free_r(config);
    return 0;
}
