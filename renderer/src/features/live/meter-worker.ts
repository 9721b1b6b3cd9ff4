/**
 * The Worker that draws the Live screen's level meter on its OffscreenCanvas (meter.ts says why):
 * the levels come straight from the capture's worklet through a port, ten a second, and each is
 * drawn at the next animation frame, the bar falling gently between peaks. Only a level that
 * changes the picture is drawn: every frame an OffscreenCanvas shows costs the window's main
 * thread a small task (its placeholder canvas is given the frame), so the meter draws at most
 * ten a second, and not at all in silence. Vite bundles it as a module of its own.
 */
import {
  drawMeter,
  MeterBallistics,
  pictureOf,
  type MeterColors,
  type MeterCommand,
} from './meter';

/** The worker scope, typed here: the window's project has DOM types, not the worker's. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<MeterCommand>) => void) | null;
  requestAnimationFrame(callback: (now: number) => void): number;
}
const scope = globalThis as unknown as WorkerScope;

let context: OffscreenCanvasRenderingContext2D | undefined;
let colors: MeterColors | undefined;
let levels: MessagePort | undefined;
const ballistics = new MeterBallistics();
let framing = false;
/** What the canvas shows: redrawn only when this changes. */
let drawn = '';

function frame(now: number): void {
  framing = false;
  ballistics.step(now);
  if (!context || !colors) return;
  const picture = pictureOf(context.canvas.width, colors, ballistics.db);
  if (picture === drawn) return;
  drawn = picture;
  drawMeter(context, colors, ballistics.db);
}

function ask(force = false): void {
  if (force) drawn = '';
  if (framing) return;
  framing = true;
  scope.requestAnimationFrame(frame);
}

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'canvas':
      context = data.canvas.getContext('2d') ?? undefined;
      colors = data.colors;
      return ask(true);
    case 'colors':
      colors = data.colors;
      return ask(true);
    case 'size':
      if (context) {
        context.canvas.width = data.width;
        context.canvas.height = data.height;
      }
      return ask(true);
    case 'levels':
      levels?.close();
      levels = data.port;
      levels.onmessage = (event: MessageEvent<number>) => {
        ballistics.set(event.data, performance.now());
        ask();
      };
      return;
  }
};
