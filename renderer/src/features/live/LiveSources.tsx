/**
 * The sources Live listens to (issue #33 §1): each with its own level meter and gain (−20 to
 * +20 dB, remembered per device), and, when the microphone and the computer's sound are both
 * picked and no headphones are in use, the one note that the microphone hears the speakers too.
 */
import { useTranslation } from 'react-i18next';
import { gainKeyOf, rolesOf, type LiveRole } from '../../store/live-slice';
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
    </>
  );
}
