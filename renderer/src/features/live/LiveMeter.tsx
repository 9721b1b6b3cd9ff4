/**
 * The input's level on the Live screen: a canvas drawn by a Worker (meter.ts, meter-worker.ts),
 * fed by the capture's worklet, so neither the level nor its drawing touches this thread. The
 * store hands each capture a fresh port to it (setLiveMeter). Screen readers get a meter of their
 * own beside the picture: the loudest peak of each second, in 10 dB steps (the store's
 * liveLevel), its value written here when it changes.
 *
 * The canvas is made here, not by React: its control is handed to the Worker once, for good, and
 * React in development mounts every effect twice.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVEL_FLOOR_DB } from '../../store/live-slice';
import { useApp } from '../../store/store';
import type { MeterColors, MeterCommand } from './meter';
import { useValueStream } from './use-value-stream';

/** The meter's size in CSS pixels (live.css gives the same). */
const WIDTH = 120;
const HEIGHT = 12;

function colorsOf(element: Element): MeterColors {
  const style = getComputedStyle(element);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return { track: token('--surface-3'), fill: token('--accent'), hot: token('--danger') };
}

const canDraw = () =>
  typeof Worker !== 'undefined' &&
  typeof HTMLCanvasElement !== 'undefined' &&
  'transferControlToOffscreen' in HTMLCanvasElement.prototype;

/**
 * The mix's meter, or with `source` one source's, by its index (`name` its test id's end, and
 * `label` its name for screen readers).
 */
export function LiveMeter({
  source,
  name,
  label,
}: { source?: number; name?: string; label?: string } = {}) {
  const { t } = useTranslation();
  const holder = useRef<HTMLSpanElement>(null);
  const setMeter = useApp((s) => s.setLiveMeter);
  const levels = useApp((s) =>
    source === undefined ? s.liveLevel : (s.liveSourceLevels[source] ?? s.liveLevel),
  );
  const spoken = useRef<HTMLSpanElement>(null);
  const show = useCallback(
    (db: number) => {
      const meter = spoken.current;
      if (!meter) return;
      meter.setAttribute('aria-valuenow', String(db));
      meter.setAttribute(
        'aria-valuetext',
        db <= LEVEL_FLOOR_DB ? t('live.levelNone') : t('live.levelValue', { db }),
      );
    },
    [t],
  );
  useValueStream(levels, show);

  useEffect(() => {
    const box = holder.current;
    if (!box || !canDraw()) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'live-level';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.dataset.testid = name ? `live-level-${name}` : 'live-level';
    let scale = window.devicePixelRatio || 1;
    canvas.width = Math.round(WIDTH * scale);
    canvas.height = Math.round(HEIGHT * scale);
    box.append(canvas);
    const worker = new Worker(new URL('./meter-worker.ts', import.meta.url), {
      type: 'module',
      name: 'kikitori-meter',
    });
    const command = (message: MeterCommand, transfer: Transferable[] = []) =>
      worker.postMessage(message, transfer);
    const offscreen = canvas.transferControlToOffscreen();
    command({ type: 'canvas', canvas: offscreen, colors: colorsOf(box) }, [offscreen]);
    // The theme's colors (it changes on the root element), and the zoom's pixels.
    const themes = new MutationObserver(() => command({ type: 'colors', colors: colorsOf(box) }));
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const onResize = () => {
      const now = window.devicePixelRatio || 1;
      if (now === scale) return;
      scale = now;
      command({ type: 'size', width: Math.round(WIDTH * now), height: Math.round(HEIGHT * now) });
    };
    window.addEventListener('resize', onResize);
    setMeter(() => {
      const { port1, port2 } = new MessageChannel();
      command({ type: 'levels', port: port2 }, [port2]);
      return port1;
    }, source);
    return () => {
      setMeter(undefined, source);
      window.removeEventListener('resize', onResize);
      themes.disconnect();
      worker.terminate();
      canvas.remove();
    };
  }, [setMeter, source, name]);

  return (
    <span ref={holder} className="live-level-box">
      <span
        ref={spoken}
        className="visually-hidden"
        role="meter"
        aria-label={label ?? t('live.level')}
        aria-valuemin={LEVEL_FLOOR_DB}
        aria-valuemax={0}
        data-testid={name ? `live-level-value-${name}` : 'live-level-value'}
      />
    </span>
  );
}
