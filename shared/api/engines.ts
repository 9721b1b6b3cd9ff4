/** Engine names (`grammarFileNames`, `<dgn>`), docs/api.md §2. */

export type EngineKind = 'conventional' | 'end-to-end' | 'batch';

export interface EngineInfo {
  readonly name: string;
  /** BCP 47 primary language, or `multi`. */
  readonly language: string;
  readonly kind: EngineKind;
}

/** Engines the cloud documents. */
export const CLOUD_ENGINES: readonly EngineInfo[] = [
  { name: '-a-general', language: 'ja', kind: 'conventional' },
  { name: '-a-medical', language: 'ja', kind: 'conventional' },
  { name: '-a-bizfinance', language: 'ja', kind: 'conventional' },
  { name: '-a2-ja-general', language: 'ja', kind: 'end-to-end' },
  { name: '-a2-zh-general', language: 'zh', kind: 'end-to-end' },
  { name: '-a2-multi-general', language: 'multi', kind: 'end-to-end' },
  { name: '-a2b-ja-general', language: 'ja', kind: 'batch' },
  { name: '-a2b-zh-general', language: 'zh', kind: 'batch' },
  { name: '-a2b-multi-general', language: 'multi', kind: 'batch' },
  { name: '-a-general-en', language: 'en', kind: 'conventional' },
  { name: '-a-general-zh', language: 'zh', kind: 'conventional' },
  { name: '-a-general-ko', language: 'ko', kind: 'conventional' },
];

/** The engine the local service runs (CMU PocketSphinx, US English). */
export const LOCAL_ENGINE = '-a-general-en';

/** The default engine of a cloud connection. */
export const DEFAULT_CLOUD_ENGINE = '-a-general';

/** End-to-end engines take `alternativewritten` and `biasing` in dictionary words. */
export function isEndToEndEngine(name: string): boolean {
  return /^-a2b?-/.test(name);
}

/** Engine names are `-` followed by letters, digits and `-`. */
export function isWellFormedEngineName(name: string): boolean {
  return /^-[A-Za-z0-9][A-Za-z0-9-]*$/.test(name);
}
