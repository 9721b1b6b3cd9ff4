/**
 * Beside the player: skip 5 s back and forward, the speed (0.5× to 2×, remembered), the
 * button that lists the keyboard shortcuts, and what the viewer adds (a video's Hide picture).
 */
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, type PlaybackRate } from '../../store/prefs-slice';
import { useApp } from '../../store/store';
import { SKIP_MS } from './player-keys';
import type { Playback } from './use-playback';

export function PlayerControls({
  playback,
  onShortcuts,
  showPlay = false,
  children,
}: {
  playback: Playback;
  onShortcuts: () => void;
  /** A Play/Pause button, where the player's own controls are hidden (a video's picture). */
  showPlay?: boolean;
  /** More controls, after the skip and speed ones. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const rate = useApp((s) => s.playbackRate);
  const setRate = useApp((s) => s.setPlaybackRate);
  return (
    <div className="player-controls">
      {showPlay ? (
        <button
          type="button"
          className="button small play"
          aria-keyshortcuts="Control+Space F9"
          onClick={playback.toggle}
          data-testid="play"
        >
          {playback.playing ? t('viewer.pause') : t('viewer.play')}
        </button>
      ) : null}
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
      {children}
    </div>
  );
}
