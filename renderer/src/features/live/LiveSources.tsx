/**
 * The sources Live listens to: each with its own level meter and gain (−20 to
 * +20 dB, remembered per device), and, when the microphone and the computer's sound are both
 * picked: the one note (no headphones in use) that the microphone hears the speakers too, the
 * option to lower the microphone while the computer plays (capture/duck.ts), and the option to
 * keep each source apart as well (a 2-channel FLAC beside the mix, taken at Start).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { gainKeyOf, liveBusy, rolesOf, type LiveRole } from '../../store/live-slice';
import { useApp } from '../../store/store';
import { LiveMeter } from './LiveMeter';

const dbOf = (gain: number) => Math.round(20 * Math.log10(gain));
const gainOf = (db: number) => 10 ** (db / 20);

function SourceRow({ role, meter }: { role: LiveRole; meter: boolean }) {
  const { t } = useTranslation();
  const device = useApp((s) => s.liveDevice);
  const gain = useApp((s) => s.liveGains[gainKeyOf(role, device)] ?? 1);
  const setGain = useApp((s) => s.setLiveGain);
  const name = t(`live.sources.${role}`);
  const db = dbOf(gain);
  const shown = t('live.gainValue', { db: db > 0 ? `+${db}` : String(db) });
  return (
    <li className="live-source" data-testid={`live-source-${role}`}>
      <span className="live-source-name">{name}</span>
      {meter ? <LiveMeter role={role} label={t('live.levelOf', { source: name })} /> : null}
      <label className="live-gain">
        <span className="visually-hidden">{t('live.gain', { source: name })}</span>
        <input
          type="range"
          min={-20}
          max={20}
          step={1}
          value={db}
          aria-valuetext={shown}
          onChange={(e) => setGain(role, gainOf(Number(e.target.value)))}
          data-testid={`live-gain-${role}`}
        />
        <span className="muted live-gain-value" aria-hidden="true">
          {shown}
        </span>
      </label>
    </li>
  );
}

/** With both sources: duck the microphone (at any time), keep the sources apart (at Start). */
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
  const source = useApp((s) => s.liveSource);
  const echo = useApp((s) => s.liveEchoNotice);
  const dismiss = useApp((s) => s.dismissLiveEchoNotice);
  const roles = rolesOf(source);
  return (
    <>
      <ul className="live-sources" aria-label={t('live.sourcesHeading')}>
        {roles.map((role) => (
          // One source: the toolbar's meter is its own.
          <SourceRow key={role} role={role} meter={roles.length > 1} />
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
      {source === 'both' ? <BothOptions /> : null}
    </>
  );
}
