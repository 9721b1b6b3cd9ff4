/**
 * A finished job's transcript in the response formats of OpenAI's `/v1/audio/transcriptions`:
 * `json` ({text}), `text`, `srt` and `vtt` (rendered by the app's own exporters,
 * core/export/render.ts, so they are the files Export would save) and `verbose_json`, whose
 * segments are the transcript's blocks (an utterance, cut where the speaker changes, with the
 * speaker's label where the service gave them) and whose words carry the service's own times, in
 * seconds. The text is the one a person sees: the service's, with any corrections made since.
 */
import type { EditedTranscript } from '../../../shared/domain/edits';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { blocksOf, isPunctuation, joinTexts } from '../../../shared/format/speakers';
import { renderTranscript, type RecordingFacts } from '../../export/render';
import type { Transcript } from '../../../shared/domain/job';

export const RESPONSE_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
export const GRANULARITIES = ['word', 'segment'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export interface Answer {
  readonly contentType: string;
  readonly body: string;
}

export interface FinishedTranscript {
  readonly service: Transcript;
  readonly edited: EditedTranscript;
  readonly facts: RecordingFacts;
  /** The language asked for or the engine's (ISO-639-1), when known. */
  readonly language: string | undefined;
}

const seconds = (ms: number | undefined) => Math.round(ms ?? 0) / 1000;

/** The whole text, one utterance after another as the viewer joins them. */
export const textOf = (transcript: Transcript) =>
  joinTexts(transcript.utterances.map((u) => u.text));

/** OpenAI's verbose_json, from the transcript's blocks and tokens. */
export function verboseJson(
  finished: FinishedTranscript,
  granularities: readonly Granularity[],
): Record<string, unknown> {
  const { edited, facts } = finished;
  const blocks = blocksOf(edited);
  const lastEnd = Math.max(0, ...blocks.map((b) => b.endtime ?? 0));
  const body: Record<string, unknown> = {
    task: 'transcribe',
    language: finished.language ?? '',
    duration: seconds(facts.durationMs ?? lastEnd),
    text: textOf(edited),
  };
  // Segments come unless only words were asked for (OpenAI's default is segments).
  if (granularities.length === 0 || granularities.includes('segment'))
    body.segments = blocks.map((block, id) => {
      const confidences = block.tokens.flatMap((t) =>
        t.confidence === undefined ? [] : [t.confidence],
      );
      const mean =
        confidences.length > 0 ? confidences.reduce((a, b) => a + b, 0) / confidences.length : 1;
      return {
        id,
        seek: 0,
        start: seconds(block.starttime ?? block.tokens[0]?.starttime),
        end: seconds(block.endtime ?? block.tokens.at(-1)?.endtime),
        text: block.text,
        tokens: [],
        temperature: 0,
        avg_logprob: Math.log(Math.max(mean, 1e-6)),
        compression_ratio: 1,
        no_speech_prob: 0,
        ...(block.label !== undefined && { speaker: block.label }),
      };
    });
  if (granularities.includes('word'))
    body.words = edited.utterances.flatMap((u) =>
      u.tokens
        .filter((t) => !isPunctuation(t) && t.starttime !== undefined)
        .map((t) => ({
          word: t.written,
          start: seconds(t.starttime),
          end: seconds(t.endtime ?? t.starttime),
          ...(t.label !== undefined && { speaker: t.label }),
        })),
    );
  return body;
}

/** The answer in `format`. */
export async function answerOf(
  finished: FinishedTranscript,
  format: ResponseFormat,
  granularities: readonly Granularity[],
): Promise<Answer> {
  switch (format) {
    case 'json':
      return {
        contentType: 'application/json',
        body: JSON.stringify({ text: textOf(finished.edited) }),
      };
    case 'text':
      return { contentType: 'text/plain; charset=utf-8', body: `${textOf(finished.edited)}\n` };
    case 'verbose_json':
      return {
        contentType: 'application/json',
        body: JSON.stringify(verboseJson(finished, granularities)),
      };
    case 'srt':
    case 'vtt': {
      const settings = exportSettingsSchema.parse({
        lang: finished.language === 'ja' ? 'ja' : 'en',
      });
      const [file] = await renderTranscript(
        finished.service,
        finished.edited,
        finished.facts,
        [format],
        settings,
      );
      return {
        contentType: format === 'vtt' ? 'text/vtt; charset=utf-8' : 'text/plain; charset=utf-8',
        body: Buffer.from(file!.bytes).toString('utf8'),
      };
    }
  }
}
