/**
 * A live session in a process of its own, for the crash test (live-recording.test.ts): it
 * records `<pcm file>` (LSB16K) into a live job of `<data folder>` in 100 ms chunks, five times
 * faster than real time, journals one final per second of audio, and says on stdout (one JSON
 * line each) when it started and each final that was journaled; then it waits to be killed.
 *
 *   node --import tsx live-recording-child.ts <data folder> <pcm file>
 */
import { readFile } from 'node:fs/promises';
import { JobJournal } from '../../../core/jobs/job-journal';
import { LiveRecording } from '../../../core/live/live-recording';
import { BUILT_IN_CONNECTIONS } from '../../../shared/domain/connection';
import { finalAt } from './live-finals';

const [dataDir, pcmPath] = process.argv.slice(2) as [string, string];
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

const pcm = await readFile(pcmPath);
const journal = await JobJournal.open(dataDir);
const recording = await LiveRecording.create({
  dataDir,
  journal,
  connection: BUILT_IN_CONNECTIONS[0]!,
});
say({ type: 'started', id: recording.job.id, encoderPid: recording.encoderPid });
let index = 0;
for (let at = 0; at < pcm.length; at += 3_200) {
  recording.writeAudio(pcm.subarray(at, at + 3_200));
  if (recording.recordedMs >= (index + 1) * 1_000) {
    const final = finalAt(index, recording.recordedMs);
    await recording.addFinal(final);
    say({ type: 'final', index, recordedMs: recording.recordedMs });
    index++;
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
say({ type: 'recorded', recordedMs: recording.recordedMs });
setInterval(() => undefined, 60_000);
