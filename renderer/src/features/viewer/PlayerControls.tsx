/**
 * Beside the player: skip 5 s back and forward, the speed (0.5× to 2×, remembered), and the
 * button that lists the keyboard shortcuts.
 */
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, type PlaybackRate } from '../../store/prefs-slice';
import { useApp } from '../../store/store';
import { SKIP_MS } from './player-keys';
import type { Playback } from './use-playback';

export function PlayerControls({
  playback,
  onShortcuts,
}: {
  playback: Playback;
  onShortcuts: () => void;
}) {
  const { t } = useTranslation();
  const rate = useApp((s) => s.playbackRate);
  const setRate = useApp((s) => s.setPlaybackRate);
  return (
    <div className="player-controls">
      <button
        type="button"
        className="button small"
        aria-label={t('player.backLabel')}
        title={`${t('player.backLabel')} (F7)`}
        aria-keyshortcuts="F7"
        onClick={() => playback.skip(-SKIP_MS)}
        data-testid="skip-back"
      >
        {t('player.back')}
      </button>
      <button
        type="button"
        className="button small"
        aria-label={t('player.forwardLabel')}
        title={`${t('player.forwardLabel')} (F8)`}
        aria-keyshortcuts="F8"
        onClick={() => playback.skip(SKIP_MS)}
        data-testid="skip-forward"
      >
        {t('player.forward')}
      </button>
      <label className="compact-field">
        <span className="label">{t('player.speed')}</span>
        <select
          className="select"
          value={String(rate)}
          onChange={(e) => setRate(Number(e.target.value) as PlaybackRate)}
          aria-keyshortcuts="Control+[ Control+]"
          data-testid="speed"
        >
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {t('player.rate', { rate: r })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button small ghost"
        onClick={onShortcuts}
        aria-keyshortcuts="?"
        aria-haspopup="dialog"
        data-testid="shortcuts-open"
      >
        {t('player.shortcuts')}
      </button>
    </div>
  );
}
