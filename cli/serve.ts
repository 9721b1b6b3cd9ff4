/**
 * `kikitori serve`: the OpenAI-compatible endpoint (core/programs/openai/server.ts) while no app runs on
 * the data folder: the command holds the folder (its link opened the core here with the
 * endpoint) until Ctrl+C or SIGTERM. When an app holds it, that app serves the endpoint already:
 * its address is said and the command ends.
 */
import type { CoreLink } from '../core/programs/program-link';
import { AppFailure } from '../shared/domain/errors';
import type { Io } from './io';
import { say } from './text';

export async function serve(link: CoreLink, io: Io, interrupted: Promise<void>): Promise<number> {
  const listed = await link.invoke('programs:list', {});
  if (!listed.ok) throw new AppFailure(listed.error);
  const url = listed.data.baseUrl ?? '';
  io.emit({ type: 'serving', baseUrl: url, where: link.where });
  if (link.where === 'app') {
    io.out(say(io.lang, 'serve.app', { url }));
    return 0;
  }
  io.out(say(io.lang, 'serve.serving', { url }));
  await interrupted;
  io.note(say(io.lang, 'serve.stopped'));
  return 0;
}
