/**
 * The per-utterance pipeline of one realtime `s … e` (service/realtime/recognition.ts feeds it):
 * decoded audio → endpointer (`S`/`E`) → a decoder from the warm pool while the person speaks
 * (`C`, `U`…, `A`). The audio and its end come in by one way, `enter`.
 */
import {
  RESULT_MESSAGES,
  eventA,
  eventC,
  eventE,
  eventS,
  eventU,
  INTERIM_MARKER,
  type FinalResultInput,
  type ProfileWord,
  type RecognitionSettings,
  type Utterance,
} from '../../shared/api';
import { applyDictionary } from '../dictionary/apply';
import type { Engine, EngineStream } from '../engine/engine';
import { utteranceId } from '../http/ids';
import { englishText, writeEnglish } from '../recognition/english-text';
import { utteranceOf } from '../recognition/recognize';
import { Endpointer, type EndpointerEvent } from './endpointer';

/**
 * Audio the decoder holds back at an utterance's start to set its normalisation (see
 * StreamOptions.primeMs): the pre-roll and the first 400 ms of speech. Longer is closer to sync
 * text, but no interim text comes before it.
 */
const PRIME_MS = Number(process.env.KIKITORI_PRIME_MS ?? 600);
/** After an interim result with no words yet, ask again this soon. */
const EMPTY_RETRY_MS = 100;

interface OpenUtterance {
  /** Where the decoder's first sample lies on the session's clock. */
  readonly offsetMs: number;
  stream: EngineStream | undefined;
  error: string | undefined;
  lastUpdate: number;
  lastInterim: string;
}

export interface UtterancesOptions {
  /** The session's id (each `A`'s utteranceid derives from it). */
  readonly sessionId: string;
  readonly engine: Engine;
  readonly settings: RecognitionSettings;
  /** The dictionary's words for this session's account and profile. */
  readonly words: readonly ProfileWord[];
  /** How often an interim result is sent (0: never). */
  readonly updateMs: number;
  /** An utterance is cut at this length. */
  readonly maxUtteranceMs: number;
  /** Sends an event to the client. */
  readonly send: (text: string) => void;
  /** Whether the session was aborted: nothing more is recognised, its decoder goes back. */
  readonly aborted: () => boolean;
}

/** The utterances of one session: the open one, and the results of those finished. */
export class Utterances {
  /** Every utterance's final result with words, in order (the session's log). */
  readonly results: Utterance[] = [];
  private readonly endpointer: Endpointer;
  private utterance: OpenUtterance | undefined;

  constructor(private readonly options: UtterancesOptions) {
    this.endpointer = new Endpointer({ maxUtteranceMs: options.maxUtteranceMs });
  }

  /** Inside an utterance: the no-data limit then says "while recognizing". */
  get open(): boolean {
    return this.utterance !== undefined;
  }

  /** How long the audio has been silent (the no-speech limit). */
  get silenceMs(): number {
    return this.endpointer.silenceMs;
  }

  /**
   * The one way in: decoded audio (16 kHz mono PCM), or `'end'` when the audio has ended (the
   * open utterance is ended and recognised; an aborted session's is given up).
   */
  async enter(audio: Int16Array | 'end'): Promise<void> {
    if (this.options.aborted()) {
      if (audio === 'end') this.abandon();
      return;
    }
    const events = audio === 'end' ? this.endpointer.finish() : this.endpointer.push(audio);
    for (const event of events) await this.on(event);
  }

  /** Gives the open utterance's decoder back to the pool: nothing more comes of it. */
  abandon(): void {
    this.utterance?.stream?.abandon();
    this.utterance = undefined;
  }

  private async on(event: EndpointerEvent): Promise<void> {
    if (this.options.aborted()) return;
    switch (event.type) {
      case 'start':
        return this.startUtterance(event);
      case 'audio':
        return this.feedUtterance(event.pcm);
      case 'end':
        return this.endUtterance(event.ms);
    }
  }

  private async startUtterance(event: Extract<EndpointerEvent, { type: 'start' }>): Promise<void> {
    this.options.send(eventS(event.ms));
    const utterance: OpenUtterance = {
      offsetMs: event.audioMs,
      stream: undefined,
      error: undefined,
      lastUpdate: Date.now(),
      lastInterim: '',
    };
    this.utterance = utterance;
    try {
      utterance.stream = await this.options.engine.openStream({ primeMs: PRIME_MS });
    } catch (error) {
      utterance.error = (error as Error).message;
      return;
    }
    if (this.options.aborted()) return utterance.stream.abandon();
    this.options.send(eventC());
    utterance.lastUpdate = Date.now();
  }

  private async feedUtterance(pcm: Int16Array): Promise<void> {
    const utterance = this.utterance;
    if (!utterance?.stream) return;
    const { updateMs } = this.options;
    try {
      await utterance.stream.feed(pcm);
      const wait = utterance.lastInterim === '' ? Math.min(updateMs, EMPTY_RETRY_MS) : updateMs;
      if (updateMs > 0 && Date.now() - utterance.lastUpdate >= wait) {
        utterance.lastUpdate = Date.now();
        this.sendInterim(utterance, await utterance.stream.partial());
      }
    } catch (error) {
      utterance.error = (error as Error).message;
      utterance.stream.abandon();
      utterance.stream = undefined;
    }
  }

  private sendInterim(utterance: OpenUtterance, engineWords: readonly string[]): void {
    const tokens = writeEnglish(
      applyDictionary(
        engineWords.map((word) => ({ written: word, spoken: word })),
        this.options.words,
      ),
      { final: false },
    );
    const text = englishText(tokens);
    if (text === '' || text === utterance.lastInterim) return;
    utterance.lastInterim = text;
    const interim = `${text}${INTERIM_MARKER}`;
    this.options.send(
      eventU({
        results: [
          {
            tokens: [...tokens.map((t) => ({ written: t.written })), { written: INTERIM_MARKER }],
            text: interim,
          },
        ],
        text: interim,
      }),
    );
  }

  private async endUtterance(ms: number): Promise<void> {
    const utterance = this.utterance;
    this.utterance = undefined;
    this.options.send(eventE(ms));
    if (!utterance) return;
    let result: FinalResultInput;
    const id = utteranceId(this.options.sessionId);
    const empty = {
      results: [{ tokens: [], tags: [], rulename: '', text: '' }],
      utteranceid: id,
      text: '',
    };
    if (utterance.stream && utterance.error === undefined) {
      try {
        const recognized = await utterance.stream.finish();
        const found = utteranceOf(recognized.words, utterance.offsetMs, {
          keepFillerToken: this.options.settings.keepFillerToken,
          words: this.options.words,
          parallel: false,
        });
        if (found) this.results.push(found);
        result = found
          ? { results: [found], utteranceid: id, text: found.text, code: '', message: '' }
          : { ...empty, code: 'o', message: RESULT_MESSAGES.o };
      } catch (error) {
        result = {
          ...empty,
          code: '!',
          message: `${RESULT_MESSAGES['!']} (${(error as Error).message})`,
        };
      }
    } else {
      utterance.stream?.abandon();
      result = {
        ...empty,
        code: '!',
        message: `${RESULT_MESSAGES['!']} (${utterance.error ?? 'no recognizer'})`,
      };
    }
    this.options.send(eventA(result));
  }
}
