/**
 * Calls on macOS: CoreAudio, read by osascript's JavaScript (its Objective-C bridge loads the
 * framework's BridgeSupport) once a second, a JSON line written each time it changes:
 *
 *   {"running":true,"processes":[{"pid":812,"bundle":"us.zoom.xos","name":"zoom.us","input":true}]}
 *
 * `running` is the default input device's kAudioDevicePropertyDeviceIsRunningSomewhere: some
 * process records from it. From macOS 14.2, CoreAudio also lists its client processes
 * (kAudioHardwarePropertyProcessObjectList) with kAudioProcessPropertyIsRunningInput, their pid
 * and bundle ID, so the application is named; before that only `running` is known, and the call
 * is "an application" (older systems leave `processes` out). A muted call keeps its input
 * running. Kikitori's own are its process and those of its bundle (its helpers' IDs extend it).
 */
import { z } from 'zod';
import { callAppName } from '../../shared/domain/calls';
import { HelperCallProvider } from './helper-provider';
import type { RecordingStream } from './provider';

export const macSnapshotSchema = z.object({
  running: z.boolean(),
  processes: z
    .array(
      z.object({
        pid: z.number().int().nonnegative(),
        bundle: z.string().optional(),
        name: z.string().optional(),
        input: z.boolean(),
      }),
    )
    .optional(),
});

/** What marks a process as Kikitori's own on macOS. */
export interface OwnMacProcess {
  readonly pid: number;
  /** The app's bundle ID (build/electron-builder.config.ts appId). */
  readonly bundle: string;
}

/** The name a call is given when the system cannot say which application records. */
export const SOME_APPLICATION = 'An application';

/** One line of the helper's output as the recording streams it says, or undefined. */
export function macStreams(line: string, own: OwnMacProcess): RecordingStream[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = macSnapshotSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { running, processes } = parsed.data;
  if (processes === undefined)
    return running ? [{ id: 'default-input', app: SOME_APPLICATION, own: false }] : [];
  return processes
    .filter((p) => p.input)
    .map((p) => ({
      id: String(p.pid),
      app: callAppName(p.name || p.bundle || `#${p.pid}`),
      ...(p.bundle ? { binary: p.bundle } : {}),
      pid: p.pid,
      own:
        p.pid === own.pid ||
        (p.bundle !== undefined &&
          (p.bundle === own.bundle || p.bundle.startsWith(`${own.bundle}.`))),
    }));
}

/** The helper (JavaScript for Automation): CoreAudio's properties, a line when they change. */
export const MAC_SCRIPT = String.raw`
ObjC.import('CoreAudio');
ObjC.import('AppKit');
const code = (s) => ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;
const SYSTEM = 1, GLOBAL = code('glob'), INPUT = code('inpt'), MAIN = 0;
function property(object, selector, scope, type, count) {
  const address = { mSelector: selector, mScope: scope, mElement: MAIN };
  const size = Ref(); size[0] = 0;
  if ($.AudioObjectGetPropertyDataSize(object, address, 0, null, size) !== 0) return undefined;
  const n = count ?? Math.max(1, size[0] / 4);
  const data = Ref(type + '[' + n + ']');
  if ($.AudioObjectGetPropertyData(object, address, 0, null, size, data) !== 0) return undefined;
  return data;
}
function snapshot() {
  const device = property(SYSTEM, code('dIn '), GLOBAL, 'I', 1);
  const running = device ? property(device[0], code('gone'), GLOBAL, 'I', 1) : undefined;
  const out = { running: !!(running && running[0]) };
  const list = property(SYSTEM, code('prs#'), GLOBAL, 'I');
  if (list) {
    out.processes = [];
    for (let i = 0; list[i] !== undefined; i++) {
      const object = list[i];
      const input = property(object, code('piri'), GLOBAL, 'I', 1);
      const pid = property(object, code('ppid'), GLOBAL, 'i', 1);
      if (!input || !pid) continue;
      const app = $.NSRunningApplication.runningApplicationWithProcessIdentifier(pid[0]);
      const bundle = app.isNil() ? undefined : ObjC.unwrap(app.bundleIdentifier);
      const name = app.isNil() ? undefined : ObjC.unwrap(app.localizedName);
      out.processes.push({ pid: pid[0], bundle, name, input: input[0] !== 0 });
    }
  }
  return JSON.stringify(out);
}
function run() {
  let last = '';
  for (;;) {
    const line = snapshot();
    if (line !== last) { console.log(line); last = line; }
    delay(1);
  }
}
`;

export class MacCallProvider extends HelperCallProvider {
  constructor(own: OwnMacProcess = { pid: process.pid, bundle: 'app.kikitori.desktop' }) {
    super({
      // osascript's console.log writes to standard error.
      command: '/bin/sh',
      args: ['-c', 'osascript -l JavaScript - 2>&1'],
      script: MAC_SCRIPT,
      parse: (line) => macStreams(line, own),
    });
  }
}
