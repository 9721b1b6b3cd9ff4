/**
 * Ready-made validity periods for issued keys (the `epi` of docs/api.md §7), offered in the
 * issuance dialog next to a custom value. Each `epi` is in the service's own syntax, so what the
 * dialog shows is exactly what is sent.
 */
export interface ValidityPreset {
  readonly id: string;
  readonly epi: string;
  readonly label: { readonly en: string; readonly ja: string };
}

export const VALIDITY_PRESETS: readonly ValidityPreset[] = [
  {
    id: '30s',
    epi: '30000',
    label: { en: '30 seconds (one request)', ja: '30 秒（1 回の要求用）' },
  },
  { id: '10m', epi: '10m', label: { en: '10 minutes', ja: '10 分' } },
  { id: '1h', epi: '1h', label: { en: '1 hour', ja: '1 時間' } },
  { id: '1d', epi: '1d', label: { en: '1 day', ja: '1 日' } },
  { id: '1w', epi: '1w', label: { en: '1 week', ja: '1 週間' } },
  { id: '30d', epi: '30d', label: { en: '30 days', ja: '30 日' } },
];
