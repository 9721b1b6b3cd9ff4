/**
 * `kikitori watch-calls`: calls noticed (core/calls/) for as long as the command runs, a line for
 * each call and each transcript kept (`--json`: each call's every change, and each job).
 *
 * With no Kikitori running on the data folder, the core opened here records each call itself
 * (core/calls/core-capture.ts: the microphone and the computer's sound from the sound server),
 * but those of the applications set to Never in Settings → Calls: running the command is the
 * person's yes, as nobody is there to be asked. When the app runs, its window takes the calls as
 * its settings say, and this command shows them. Ctrl+C stops cleanly (exit 0): a call being
 * recorded is kept as a cut-off job with everything finalized.
 */
import type { CoreLink } from '../core/programs/program-link';
import type { CallView } from '../shared/domain/calls';
import type { EventPayload } from '../shared/ipc/contract';
import { appErrorSentence, type Io } from './io';
import { say } from './text';

export async function watchCalls(
  link: CoreLink,
  io: Io,
  interrupted: Promise<void>,
): Promise<number> {
  const said = new Map<string, string>();
  const tell = (call: CallView) => {
    io.emit({ type: 'call', ...call });
    const key = `${call.state}:${call.jobId ?? ''}`;
    if (said.get(call.id) === key) return;
    said.set(call.id, key);
    const { app } = call;
    const job = call.jobId ?? '';
    if (call.state === 'recording') io.out(say(io.lang, 'calls.recording', { app, job }));
    else if (call.state === 'asking') io.out(say(io.lang, 'calls.asking', { app }));
    else if (call.state === 'busy') io.out(say(io.lang, 'calls.busy', { app }));
    else if (call.state === 'ending') io.note(say(io.lang, 'calls.ending', { app }));
    else if (call.state === 'declined' && call.problem)
      io.error(`${app}: ${appErrorSentence(call.problem, io.lang)}`, { call: call.id });
    else if (call.state === 'ended') {
      if (call.jobId) {
        io.emit({ type: 'job', id: call.jobId, call: call.id, app });
        io.out(say(io.lang, 'calls.ended', { app, job }));
      } else io.out(say(io.lang, 'calls.endedNone', { app }));
    }
  };
  const unsubscribe = link.subscribe((event, payload) => {
    if (event === 'calls:call') tell(payload as EventPayload<'calls:call'>);
    else if (event === 'calls:changed') {
      const { problem } = payload as EventPayload<'calls:changed'>;
      if (problem) io.error(appErrorSentence(problem, io.lang));
    }
  });
  const listed = await link.invoke('calls:list', {});
  if (!listed.ok) {
    unsubscribe();
    io.error(appErrorSentence(listed.error, io.lang));
    io.emit({ type: 'result', ok: false, exitCode: 1 });
    return 1;
  }
  if (listed.data.problem) io.error(appErrorSentence(listed.data.problem, io.lang));
  io.emit({ type: 'watching', by: link.where === 'here' ? 'command' : 'app' });
  io.note(say(io.lang, link.where === 'here' ? 'calls.watching' : 'calls.watchingApp'));
  for (const call of listed.data.calls) if (call.state !== 'ended') tell(call);
  await interrupted;
  unsubscribe();
  io.note(say(io.lang, 'calls.stopped'));
  io.emit({ type: 'result', ok: true, exitCode: 0 });
  return 0;
}
