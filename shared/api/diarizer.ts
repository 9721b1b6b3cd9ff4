/**
 * Speaker labels on direct (sync) requests and Live: the cloud service labels each
 * word's speaker on those interfaces too when `segmenterProperties` holds `useDiarizer=1` (with
 * `diarizerAlpha` and `diarizerTransitionBias` to tune how readily a new speaker or a change of
 * speaker is heard; the manual's speaker-diarization page). The property sits in a connection's
 * `settings.segmenterProperties`, which both the `d` of a direct request and Live's `s` line
 * send (it is not one of the async-only keys), next to whatever other sub-properties it holds.
 */
type Settings = Readonly<Record<string, string>>;

/** `a=1 b=2` → [['a','1'], ['b','2']]: the space-separated sub-properties, in order. */
function propertiesOf(text: string | undefined): Array<[string, string]> {
  return (text ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
}

/** Whether a connection's settings ask for speaker labels on direct requests and Live. */
export const diarizerOn = (settings: Settings): boolean =>
  propertiesOf(settings.segmenterProperties).some(
    ([key, value]) => key === 'useDiarizer' && value === '1',
  );

/**
 * A copy of the settings with `useDiarizer=1` in `segmenterProperties` (on), or without it and
 * its tuning (off); other sub-properties are kept as they were.
 */
export function withDiarizer(
  settings: Settings,
  on: boolean,
  tuning: { alpha?: string; transitionBias?: string } = {},
): Record<string, string> {
  const tuningKeys = new Set(['useDiarizer', 'diarizerAlpha', 'diarizerTransitionBias']);
  const kept = propertiesOf(settings.segmenterProperties).filter(([key]) => !tuningKeys.has(key));
  const old = new Map(propertiesOf(settings.segmenterProperties));
  if (on) {
    kept.push(['useDiarizer', '1']);
    const alpha = tuning.alpha ?? old.get('diarizerAlpha');
    const bias = tuning.transitionBias ?? old.get('diarizerTransitionBias');
    if (alpha) kept.push(['diarizerAlpha', alpha]);
    if (bias) kept.push(['diarizerTransitionBias', bias]);
  }
  const next: Record<string, string> = { ...settings };
  const text = kept.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join(' ');
  if (text) next.segmenterProperties = text;
  else delete next.segmenterProperties;
  return next;
}
