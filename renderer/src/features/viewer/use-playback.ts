/**
 * The player's state for the viewer: play/pause, seek, skip, its speed, and the playing position delivered to
 * listeners every frame while playing (so the current word moves smoothly without re-rendering
 * the whole transcript).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export interface Playback {
  readonly playing: boolean;
  readonly failed: boolean;
  readonly toggle: () => void;
  readonly seek: (ms: number) => void;
  /** Moves the playing position by `ms` (back when negative), within the audio. */
  readonly skip: (ms: number) => void;
  readonly onTime: (listener: (ms: number) => void) => () => void;
}

/**
 * The player's state, and apart from it the ref callback for the <audio> or <video> element (it appears
 * once the transcript has loaded): what the lists get is only ever read, never a ref.
 */
export function usePlayback(rate = 1): {
  attachAudio: (element: HTMLMediaElement | null) => void;
  playback: Playback;
} {
  const [audio, setAudio] = useState<HTMLMediaElement | null>(null);
  // The element for the callbacks (set with it, never during render).
  const element = useRef<HTMLMediaElement | null>(null);
  const attachAudio = useCallback((el: HTMLMediaElement | null) => {
    element.current = el;
    setAudio(el);
  }, []);
  const listeners = useRef(new Set<(ms: number) => void>());
  // A seek asked for before the audio's length is known (its address still coming): a new source
  // starts at 0, so the seek is made again once its metadata has loaded.
  const pendingSeek = useRef<number | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!audio) return;
    let frame = 0;
    const tell = () => {
      for (const listener of listeners.current) listener(audio.currentTime * 1000);
    };
    const loop = () => {
      tell();
      frame = requestAnimationFrame(loop);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      tell();
    };
    const onError = () => setFailed(true);
    const onMetadata = () => {
      if (pendingSeek.current !== undefined) audio.currentTime = pendingSeek.current / 1000;
      pendingSeek.current = undefined;
    };
    audio.addEventListener('loadedmetadata', onMetadata);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onPause);
    audio.addEventListener('seeked', tell);
    audio.addEventListener('error', onError);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('loadedmetadata', onMetadata);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('seeked', tell);
      audio.removeEventListener('error', onError);
    };
  }, [audio]);

  useEffect(() => {
    const player = element.current;
    if (!player) return;
    // The default too: a new source (load()) starts at the default rate.
    player.defaultPlaybackRate = rate;
    player.playbackRate = rate;
  }, [audio, rate]);

  const toggle = useCallback(() => {
    const player = element.current;
    if (!player) return;
    if (player.paused) player.play().catch(() => setFailed(true));
    else player.pause();
  }, []);
  const seek = useCallback((ms: number) => {
    const player = element.current;
    pendingSeek.current = player && player.readyState >= 1 ? undefined : ms;
    if (player) player.currentTime = ms / 1000;
  }, []);
  const skip = useCallback((ms: number) => {
    const player = element.current;
    if (!player) return;
    const end = Number.isFinite(player.duration) ? player.duration : Infinity;
    player.currentTime = Math.min(end, Math.max(0, player.currentTime + ms / 1000));
  }, []);
  const onTime = useCallback((listener: (ms: number) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const playback = useMemo(
    () => ({ playing, failed, toggle, seek, skip, onTime }),
    [playing, failed, toggle, seek, skip, onTime],
  );
  return { attachAudio, playback };
}
