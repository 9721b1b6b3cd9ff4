/**
 * The models the OpenAI-compatible endpoint offers: one per connection the person can use (its
 * own engine, named after the connection: `local`, `amivoice-cloud`) and one per engine of it
 * (`amivoice-cloud/a2-ja-general`), plus `whisper-1`, which many tools send whatever they are
 * told, as the connection chosen in the window. A connection is usable when it is the bundled
 * local service or has a key.
 */
import { CLOUD_ENGINES, isEndToEndEngine } from '../../../shared/api/engines';
import type { Connection } from '../../../shared/domain/connection';

/** The model many tools send whatever they are told: the default connection. */
export const WHISPER_ALIAS = 'whisper-1';

export interface OfferedModel {
  readonly id: string;
  readonly connection: Connection;
  /** The engine it names; undefined: the connection's own. */
  readonly engine?: string;
}

/**
 * A connection's name as a model's: lower case, words joined by `-`, what is in brackets left out
 * (`AmiVoice Cloud` → `amivoice-cloud`, `Local (offline)` → `local`).
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKC')
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** Engines a connection offers: the local service its one, the cloud those it documents. */
function enginesOf(connection: Connection): readonly string[] {
  if (connection.kind === 'local') return [connection.engine];
  // Batch engines answer only jobs of their own kind: not offered one request at a time.
  const documented = CLOUD_ENGINES.filter((e) => e.kind !== 'batch').map((e) => e.name);
  return documented.includes(connection.engine) ? documented : [connection.engine, ...documented];
}

/** Every model on offer, the connection's own first, ids unique. */
export function offeredModels(connections: readonly Connection[]): OfferedModel[] {
  const usable = connections.filter((c) => c.kind === 'local' || c.keyRef !== null);
  const taken = new Set<string>([WHISPER_ALIAS]);
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n++) candidate = `${id}-${n}`;
    taken.add(candidate);
    return candidate;
  };
  const models: OfferedModel[] = [];
  for (const connection of usable) {
    const base = unique(slugOf(connection.name, connection.id));
    models.push({ id: base, connection });
    for (const engine of enginesOf(connection))
      models.push({ id: unique(`${base}/${engine.replace(/^-/, '')}`), connection, engine });
  }
  return models;
}

/** An engine's language as OpenAI's clients name it (ISO-639-1), or undefined (several). */
export function languageOf(engine: string): string | undefined {
  const documented = CLOUD_ENGINES.find((e) => e.name === engine);
  if (documented) return documented.language === 'multi' ? undefined : documented.language;
  const match = /-(ja|en|zh|ko)(?:-|$)/.exec(engine);
  return match?.[1];
}

/**
 * The connection and engine a request names: by model id (`whisper-1` the window's connection),
 * and, when it names a connection and a `language` unlike its engine's, the engine of the
 * connection that speaks it (an end-to-end one when the connection's own is). Undefined: no such
 * model, or the connection has no engine for that language.
 */
export function chooseModel(
  models: readonly OfferedModel[],
  id: string,
  activeId: string,
  language: string | undefined,
): { model: OfferedModel; engine?: string } | 'no-model' | 'no-language' {
  const model =
    id === WHISPER_ALIAS
      ? models.find((m) => m.connection.id === activeId && m.engine === undefined)
      : models.find((m) => m.id === id);
  if (!model) return 'no-model';
  const engine = model.engine ?? model.connection.engine;
  const lang = language?.toLowerCase().split(/[-_]/)[0];
  const speaks = languageOf(engine);
  if (!lang || speaks === undefined || speaks === lang)
    return model.engine ? { model, engine: model.engine } : { model };
  if (model.engine) return 'no-language';
  const wantE2e = isEndToEndEngine(engine);
  const others = models.filter(
    (m) => m.connection.id === model.connection.id && m.engine && languageOf(m.engine) === lang,
  );
  const chosen =
    others.find((m) => isEndToEndEngine(m.engine!) === wantE2e) ?? others[0] ?? undefined;
  return chosen?.engine ? { model, engine: chosen.engine } : 'no-language';
}
