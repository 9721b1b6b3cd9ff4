/** Checks of a connection being edited, as message keys per field. */
import type { MessageKey } from '../../i18n';
import { connectionIdSchema, type Connection } from '../../../../shared/domain/connection';

export type ConnectionField = 'id' | 'name' | 'baseUrl' | 'asyncUrl' | 'engine';
export type ConnectionProblems = Partial<Record<ConnectionField, { key: MessageKey; id?: string }>>;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** https anywhere; plain http only to this machine (the local service, a test server). */
export function urlProblem(text: string): MessageKey | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'settings.urlInvalid';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:')
    return LOOPBACK.test(url.hostname) ? undefined : 'settings.urlHttps';
  return 'settings.urlInvalid';
}

export function connectionProblems(
  draft: Connection,
  { existingIds, isNew }: { readonly existingIds: readonly string[]; readonly isNew: boolean },
): ConnectionProblems {
  const problems: ConnectionProblems = {};
  if (isNew) {
    if (!connectionIdSchema.safeParse(draft.id).success)
      problems.id = { key: 'settings.idInvalid' };
    else if (existingIds.includes(draft.id))
      problems.id = { key: 'settings.idTaken', id: draft.id };
  }
  if (draft.name.trim() === '') problems.name = { key: 'settings.nameEmpty' };
  if (draft.kind === 'cloud') {
    const base = urlProblem(draft.baseUrl);
    if (base) problems.baseUrl = { key: base };
    const async = urlProblem(draft.asyncUrl);
    if (async) problems.asyncUrl = { key: async };
  }
  if (!/^-[A-Za-z0-9][A-Za-z0-9-]*$/.test(draft.engine))
    problems.engine = { key: 'settings.engineInvalid' };
  return problems;
}

/**
 * The draft once the saved connection changed underneath it (a key added "for this connection", a
 * restarted local service): each field not edited here follows the newly saved value, so Save
 * cannot write the old one back; fields edited here keep the edit.
 */
export function followSaved(draft: Connection, before: Connection, now: Connection): Connection {
  const next = { ...draft } as Record<string, unknown>;
  for (const field of Object.keys(now) as Array<keyof Connection>) {
    if (JSON.stringify(draft[field]) === JSON.stringify(before[field])) next[field] = now[field];
  }
  return next as unknown as Connection;
}
