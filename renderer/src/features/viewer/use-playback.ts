/**
 * The player's state for the viewer: play/pause, seek, and the playing position delivered to
 * listeners every frame while playing (so the current word moves smoothly without re-rendering
 * the whole transcript).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Playback {
  /** The ref callback for the <audio> element (it appears once the transcript has loaded). */
  readonly audioRef: (element: HTMLAudioElement | null) => void;
  readonly playing: boolean;
  readonly failed: boolean;
  toggle(): void;
  seek(ms: number): void;
  onTime(listener: (ms: number) => void): () => void;
}

export function usePlayback(): Playback {
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const element = useRef<HTMLAudioElement | null>(null);
  element.current = audio;
  const listeners = useRef(new Set<(ms: number) => void>());
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
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onPause);
    audio.addEventListener('seeked', tell);
    audio.addEventListener('error', onError);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('seeked', tell);
      audio.removeEventListener('error', onError);
    };
  }, [audio]);

  const toggle = useCallback(() => {
    const audio = element.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setFailed(true));
    else audio.pause();
  }, []);
  const seek = useCallback((ms: number) => {
    const audio = element.current;
    if (audio) audio.currentTime = ms / 1000;
  }, []);
  const onTime = useCallback((listener: (ms: number) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  return { audioRef: setAudio, playing, failed, toggle, seek, onTime };
}
