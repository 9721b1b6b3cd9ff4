/**
 * The sources Live listens to (the store's list, by index): each with its own level meter and
 * gain (−20 to +20 dB, remembered per device), and, when the microphone and the computer's sound
 * are both picked: the one note (no headphones in use) that the microphone hears the speakers too, the
 * option to lower the microphone while the computer plays (capture/duck.ts), and the option to
 * keep each source apart as well (a FLAC with a channel per source beside the mix, taken at
 * Start).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AudioSource } from '../../../../shared/ipc/live';
import { liveBusy } from '../../store/live-slice';
import { duckPairOf, gainKeyOf } from '../../store/live-sources';
import { useApp } from '../../store/store';
import { LiveMeter } from './LiveMeter';

const dbOf = (gain: number) => Math.round(20 * Math.log10(gain));
const gainOf = (db: number) => 10 ** (db / 20);

/**
 * Each source's name in test ids: its kind, and its place among those of its kind after the
 * first ("microphone", "computer", "microphone-2").
 */
const testNamesOf = (sources: readonly AudioSource[]): string[] =>
  sources.map((source, index) => {
    const before = sources.slice(0, index).filter((each) => each.kind === source.kind).length;
    return before === 0 ? source.kind : `${source.kind}-${before + 1}`;
  });

function SourceRow({
  source,
  index,
  testName,
  meter,
}: {
  source: AudioSource;
  index: number;
  testName: string;
  meter: boolean;
}) {
  const { t } = useTranslation();
  const gain = useApp((s) => s.liveGains[gainKeyOf(source)] ?? 1);
  const setGain = useApp((s) => s.setLiveGain);
  const name = t(`live.sources.${source.kind}`);
  const db = dbOf(gain);
  const shown = t('live.gainValue', { db: db > 0 ? `+${db}` : String(db) });
  return (
    <li className="live-source" data-testid={`live-source-${testName}`}>
      <span className="live-source-name">{name}</span>
      {meter ? (
        <LiveMeter source={index} name={testName} label={t('live.levelOf', { source: name })} />
      ) : null}
      <label className="live-gain">
        <span className="visually-hidden">{t('live.gain', { source: name })}</span>
        <input
          type="range"
          min={-20}
          max={20}
          step={1}
          value={db}
          aria-valuetext={shown}
          onChange={(e) => setGain(index, gainOf(Number(e.target.value)))}
          data-testid={`live-gain-${testName}`}
        />
        <span className="muted live-gain-value" aria-hidden="true">
          {shown}
        </span>
      </label>
    </li>
  );
}

/**
 * With a microphone and the computer's sound: duck the microphone (at any time), keep the
 * sources apart (at Start).
 */
function BothOptions() {
  const { t } = useTranslation();
  const duck = useApp((s) => s.liveDuck);
  const setDuck = useApp((s) => s.setLiveDuck);
  const apart = useApp((s) => s.liveKeepApart);
  const setApart = useApp((s) => s.setLiveKeepApart);
  const busy = useApp((s) => liveBusy(s.live.phase));
  const duckHint = useId();
  const apartHint = useId();
  return (
    <div className="live-both-options">
      <label className="check">
        <input
          type="checkbox"
          checked={duck}
          aria-describedby={duckHint}
          onChange={(e) => setDuck(e.target.checked)}
          data-testid="live-duck"
        />
        <span>{t('live.duck')}</span>
      </label>
      <span id={duckHint} className="muted live-option-hint">
        {t('live.duckHint')}
      </span>
      <label className="check">
        <input
          type="checkbox"
          checked={apart}
          disabled={busy}
          aria-describedby={apartHint}
          onChange={(e) => setApart(e.target.checked)}
          data-testid="live-apart"
        />
        <span>{t('live.apart')}</span>
      </label>
      <span id={apartHint} className="muted live-option-hint">
        {t('live.apartHint')}
      </span>
    </div>
  );
}

export function LiveSources() {
  const { t } = useTranslation();
  const sources = useApp((s) => s.liveSources);
  const echo = useApp((s) => s.liveEchoNotice);
  const dismiss = useApp((s) => s.dismissLiveEchoNotice);
  const testNames = testNamesOf(sources);
  return (
    <>
      <ul className="live-sources" aria-label={t('live.sourcesHeading')}>
        {sources.map((source, index) => (
          // One source: the toolbar's meter is its own.
          <SourceRow
            key={testNames[index]}
            source={source}
            index={index}
            testName={testNames[index]!}
            meter={sources.length > 1}
          />
        ))}
      </ul>
      {echo ? (
        <p className="live-echo" role="note" data-testid="live-echo">
          {t('live.echo')}{' '}
          <button type="button" className="link" onClick={dismiss}>
            {t('live.echoDismiss')}
          </button>
        </p>
      ) : null}
      {duckPairOf(sources) ? <BothOptions /> : null}
    </>
  );
}
