/**
 * A completed async job with speaker labels, shaped exactly like docs/api.md §3–§4 (segments of
 * sync-style results; diarization adds `"label":"speakerN"` to every token, punctuation too), and
 * the transcript the runner stores from it (its text, utterancesOfJob, the session id).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { jobStatusSchema, utterancesOfJob } from '../../shared/api/recognition';
import { withDiarizer } from '../../shared/api/diarizer';
import type { Connection } from '../../shared/domain/connection';
import type { Transcript } from '../../shared/domain/job';

export const DIARIZED_JOB_BODY = `{"status":"completed","session_id":"017c25ec12c00a304474a999","service_id":"cloud",
"audio_size":306980,"audio_md5":"40f59fe5fc7745c33b33af44be43f6ad",
"segments":[{"results":[
 {"tokens":[
  {"written":"Good","confidence":0.97,"starttime":570,"endtime":900,"spoken":"good","label":"speaker0"},
  {"written":"morning","confidence":0.95,"starttime":900,"endtime":1400,"spoken":"morning","label":"speaker0"},
  {"written":".","confidence":0.9,"starttime":1400,"endtime":1400,"spoken":"_","label":"speaker0"}],
  "confidence":0.96,"starttime":570,"endtime":1400,"tags":[],"rulename":"","text":"Good morning."},
 {"tokens":[
  {"written":"Hi","confidence":0.93,"starttime":1700,"endtime":1900,"spoken":"hi","label":"speaker1"},
  {"written":"there","confidence":0.41,"starttime":1900,"endtime":2300,"spoken":"there","label":"speaker1"},
  {"written":".","confidence":0.9,"starttime":2300,"endtime":2300,"spoken":"_","label":"speaker1"},
  {"written":"Welcome","confidence":0.92,"starttime":2600,"endtime":3100,"spoken":"welcome","label":"speaker0"},
  {"written":"back","confidence":0.94,"starttime":3100,"endtime":3500,"spoken":"back","label":"speaker0"}],
  "confidence":0.9,"starttime":1700,"endtime":3500,"tags":[],"rulename":"","text":"Hi there. Welcome back"},
 {"tokens":[
  {"written":"Thanks","confidence":0.96,"starttime":4000,"endtime":4500,"spoken":"thanks","label":"speaker0"}],
  "confidence":0.96,"starttime":4000,"endtime":4500,"tags":[],"rulename":"","text":"Thanks"}],
 "text":"Good morning. Hi there. Welcome back Thanks"}],
"utteranceid":"20261122/09/017c25ec12c00a304474a999_20261122_090102","text":"Good morning. Hi there. Welcome back Thanks","code":"","message":""}`;

function transcriptOf(body: string): Transcript {
  const status = jobStatusSchema.parse(JSON.parse(body));
  if (status.status !== 'completed') throw new Error('the fixture is a completed job');
  return { text: status.text, utterances: utterancesOfJob(status), sessionId: status.session_id };
}

export const DIARIZED: Transcript = transcriptOf(DIARIZED_JOB_BODY);

/**
 * The same meeting as the realtime interface answers it with `segmenterProperties=useDiarizer=1`
 * (docs/api.md §9, events): per utterance `S`, `C`, an interim `U` (only `written`, a dummy last
 * token `...`), the final `A` (the §3 body with one element in `results`, each token labelled),
 * and `E`; times from the first audio after `s`.
 */
export const DIARIZED_REALTIME_EVENTS: readonly string[] = [
  'S 570',
  'C',
  'U {"results":[{"tokens":[{"written":"Good"},{"written":"..."}],"text":"Good..."}],"text":"Good..."}',
  `A {"results":[{"tokens":[{"written":"Good","confidence":0.97,"starttime":570,"endtime":900,"spoken":"good","label":"speaker0"},{"written":"morning","confidence":0.95,"starttime":900,"endtime":1400,"spoken":"morning","label":"speaker0"},{"written":".","confidence":0.9,"starttime":1400,"endtime":1400,"spoken":"_","label":"speaker0"}],"confidence":0.96,"starttime":570,"endtime":1400,"tags":[],"rulename":"","text":"Good morning."}],"utteranceid":"20261122/09/017c25ec12c00a304474a999_20261122_090102","text":"Good morning.","code":"","message":""}`,
  'E 1500',
  'S 1700',
  'C',
  `A {"results":[{"tokens":[{"written":"Hi","confidence":0.93,"starttime":1700,"endtime":1900,"spoken":"hi","label":"speaker1"},{"written":"there","confidence":0.41,"starttime":1900,"endtime":2300,"spoken":"there","label":"speaker1"},{"written":".","confidence":0.9,"starttime":2300,"endtime":2300,"spoken":"_","label":"speaker1"}],"confidence":0.9,"starttime":1700,"endtime":2300,"tags":[],"rulename":"","text":"Hi there."}],"utteranceid":"20261122/09/017c25ec12c00a304474a999_20261122_090103","text":"Hi there.","code":"","message":""}`,
  'E 2400',
];

/**
 * The same meeting as a direct (sync) request with `segmenterProperties=useDiarizer=1` answers
 * it (docs/api.md §3: the results of the job's one segment, each token labelled), a CRLF line.
 */
export const DIARIZED_SYNC_BODY = (() => {
  const job = JSON.parse(DIARIZED_JOB_BODY) as {
    segments: Array<{ results: unknown[] }>;
    utteranceid: string;
    text: string;
  };
  return `${JSON.stringify({
    results: job.segments[0]!.results,
    utteranceid: job.utteranceid,
    text: job.text,
    code: '',
    message: '',
  })}\r\n`;
})();

/** A cloud connection at a test server (`base`) with "Label who speaks" on. */
export const labellingCloud = (base: string): Connection => ({
  id: 'cloud',
  name: 'AmiVoice Cloud',
  kind: 'cloud',
  baseUrl: base,
  asyncUrl: base,
  keyRef: 'cloud',
  logging: true,
  engine: '-a-general',
  profileId: null,
  settings: withDiarizer({}, true),
});

/**
 * A WebSocket test server shaped like docs/api.md §9 that answers a session's first audio with
 * DIARIZED_REALTIME_EVENTS, event by event (`s` and `e` answered as the service does), and the
 * list of dictionary profiles (§6) as an account without any (`{"profiles":[]}`), which Live's
 * profile field asks for. `base` is its address for a connection; `startLines` the `s` lines it
 * was sent.
 */
export async function startDiarizedRealtime(): Promise<{
  readonly base: string;
  readonly startLines: readonly string[];
  close(): Promise<void>;
}> {
  const http = createServer((request, response) => {
    const profiles = request.method === 'GET' && request.url?.startsWith('/profilewords/');
    response.writeHead(profiles ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(profiles ? '{"profiles":[]}' : '{"code":"404","message":"not found"}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const server = new WebSocketServer({ server: http });
  const startLines: string[] = [];
  server.on('connection', (socket) => {
    let answered = false;
    socket.on('message', (data, binary) => {
      const text = binary ? '' : Buffer.from(data as Buffer).toString('utf8');
      if (text.startsWith('s ')) {
        startLines.push(text);
        return socket.send('s');
      }
      if (text === 'e') return socket.send('e');
      // The first audio: the recorded answer, event by event.
      if (binary && !answered) {
        answered = true;
        for (const event of DIARIZED_REALTIME_EVENTS) socket.send(event);
      }
    });
  });
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    startLines,
    async close() {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
