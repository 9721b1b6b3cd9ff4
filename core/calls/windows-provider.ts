/**
 * Calls on Windows: the audio sessions of every active capture endpoint (WASAPI's
 * IAudioSessionManager2 → IAudioSessionEnumerator → IAudioSessionControl2), read by Windows
 * PowerShell with a few COM declarations compiled by its Add-Type, once a second, a JSON line
 * written each time they change:
 *
 *   {"sessions":[{"pid":1234,"state":"active","name":"Zoom Meetings","process":"Zoom",
 *     "path":"C:\\Users\\…\\Zoom.exe","device":"Microphone (Realtek Audio)","system":false}]}
 *
 * A session is recording while its state is active (a muted call keeps it active); a session
 * stays listed, inactive, after its application stops. Kikitori's own are those of its process
 * or of a process of the same program (Electron's audio service runs as Kikitori.exe).
 */
import { z } from 'zod';
import { callAppName } from '../../shared/domain/calls';
import { HelperCallProvider } from './helper-provider';
import type { RecordingStream } from './provider';

const sessionSchema = z.object({
  pid: z.number().int().nonnegative(),
  state: z.enum(['inactive', 'active', 'expired']),
  /** The session's display name, else the program's description, else its process name. */
  name: z.string(),
  process: z.string().optional(),
  path: z.string().optional(),
  device: z.string().optional(),
  system: z.boolean().optional(),
});
export const windowsSnapshotSchema = z.object({ sessions: z.array(sessionSchema) });

/** What marks a process as Kikitori's own on Windows. */
export interface OwnWindowsProcess {
  readonly pid: number;
  /** This program's path (process.execPath): Electron's helpers run the same file. */
  readonly exe: string;
}

const samePath = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** One line of the helper's output as the recording streams it says, or undefined. */
export function windowsStreams(
  line: string,
  own: OwnWindowsProcess,
): RecordingStream[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = windowsSnapshotSchema.safeParse(json);
  if (!parsed.success) return undefined;
  return parsed.data.sessions
    .filter((s) => s.state === 'active' && !s.system && s.pid !== 0)
    .map((s) => ({
      id: `${s.pid}:${s.device ?? ''}`,
      app: callAppName(s.name || s.process || `#${s.pid}`),
      ...(s.path ? { binary: s.path } : s.process ? { binary: s.process } : {}),
      pid: s.pid,
      own: s.pid === own.pid || (s.path !== undefined && samePath(s.path, own.exe)),
    }));
}

/** The helper: the sessions of every active capture endpoint, a line when they change. */
export const WINDOWS_SCRIPT = String.raw`
$ErrorActionPreference = 'Stop'
Add-Type -Language CSharp -TypeDefinition @'
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
namespace Kikitori {
  [ComImport, Guid("BCDE0395-E52F-467C-8E3D-C4579291692E")] class MMDeviceEnumerator {}
  [Guid("A95664D2-9614-4F35-A746-DE8DB63617E6"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IMMDeviceEnumerator {
    int EnumAudioEndpoints(int dataFlow, int stateMask, out IMMDeviceCollection devices);
  }
  [Guid("0BD7A1BE-7A1A-44DB-8397-CC5392387B5E"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IMMDeviceCollection {
    int GetCount(out int count);
    int Item(int index, out IMMDevice device);
  }
  [Guid("D666063F-1587-4E43-81F1-B948E807363F"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IMMDevice {
    int Activate(ref Guid iid, int clsCtx, IntPtr parameters, [MarshalAs(UnmanagedType.IUnknown)] out object result);
    int OpenPropertyStore(int access, out IntPtr store);
    int GetId([MarshalAs(UnmanagedType.LPWStr)] out string id);
  }
  [Guid("77AA99A0-1BD6-484F-8BC7-2C654C9A9B6F"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IAudioSessionManager2 {
    int GetAudioSessionControl(IntPtr group, int flags, out IntPtr control);
    int GetSimpleAudioVolume(IntPtr group, int flags, out IntPtr volume);
    int GetSessionEnumerator(out IAudioSessionEnumerator sessions);
  }
  [Guid("E2F5BB11-0570-40CA-ACDD-3AA01277DEE8"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IAudioSessionEnumerator {
    int GetCount(out int count);
    int GetSession(int index, out IAudioSessionControl2 session);
  }
  [Guid("bfb7ff88-7239-4fc9-8fa2-07c950be9c6d"), InterfaceType(ComInterfaceType.InterfaceIsIUnknown)]
  interface IAudioSessionControl2 {
    int GetState(out int state);
    int GetDisplayName([MarshalAs(UnmanagedType.LPWStr)] out string name);
    int SetDisplayName(string name, IntPtr context);
    int GetIconPath(IntPtr path);
    int SetIconPath(string path, IntPtr context);
    int GetGroupingParam(out Guid group);
    int SetGroupingParam(ref Guid group, IntPtr context);
    int RegisterAudioSessionNotification(IntPtr client);
    int UnregisterAudioSessionNotification(IntPtr client);
    int GetSessionIdentifier([MarshalAs(UnmanagedType.LPWStr)] out string id);
    int GetSessionInstanceIdentifier([MarshalAs(UnmanagedType.LPWStr)] out string id);
    int GetProcessId(out int pid);
    [PreserveSig] int IsSystemSoundsSession();
  }
  public class Session { public int Pid; public int State; public string Name; public string Device; public bool System; }
  public static class Sessions {
    public static List<Session> Capture() {
      var list = new List<Session>();
      var enumerator = (IMMDeviceEnumerator)new MMDeviceEnumerator();
      IMMDeviceCollection devices;
      enumerator.EnumAudioEndpoints(1, 1, out devices);
      int count; devices.GetCount(out count);
      var iid = typeof(IAudioSessionManager2).GUID;
      for (int d = 0; d < count; d++) {
        IMMDevice device; devices.Item(d, out device);
        string id; device.GetId(out id);
        object managerObject; device.Activate(ref iid, 23, IntPtr.Zero, out managerObject);
        var manager = (IAudioSessionManager2)managerObject;
        IAudioSessionEnumerator sessions; manager.GetSessionEnumerator(out sessions);
        int n; sessions.GetCount(out n);
        for (int i = 0; i < n; i++) {
          IAudioSessionControl2 s; sessions.GetSession(i, out s);
          var one = new Session();
          s.GetState(out one.State); s.GetProcessId(out one.Pid); s.GetDisplayName(out one.Name);
          one.System = s.IsSystemSoundsSession() == 0; one.Device = id;
          list.Add(one);
        }
      }
      return list;
    }
  }
}
'@
$states = @('inactive', 'active', 'expired')
$last = ''
while ($true) {
  $sessions = foreach ($s in [Kikitori.Sessions]::Capture()) {
    $process = Get-Process -Id $s.Pid -ErrorAction SilentlyContinue
    $name = $s.Name
    if (-not $name -and $process) { $name = $process.Description }
    if (-not $name -and $process) { $name = $process.ProcessName }
    [ordered]@{ pid = $s.Pid; state = $states[$s.State]; name = [string]$name;
      process = [string]$process.ProcessName; path = [string]$process.Path;
      device = $s.Device; system = $s.System }
  }
  $line = ConvertTo-Json -Compress -Depth 4 @{ sessions = @($sessions) }
  if ($line -ne $last) { [Console]::Out.WriteLine($line); [Console]::Out.Flush(); $last = $line }
  Start-Sleep -Seconds 1
}
`;

export class WindowsCallProvider extends HelperCallProvider {
  constructor(own: OwnWindowsProcess = { pid: process.pid, exe: process.execPath }) {
    super({
      command: 'powershell.exe',
      // The script as one encoded argument (UTF-16LE, base64): read from standard input,
      // PowerShell would run it line by line, as typed.
      args: [
        ...['-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass'],
        ...['-EncodedCommand', Buffer.from(WINDOWS_SCRIPT, 'utf16le').toString('base64')],
      ],
      parse: (line) => windowsStreams(line, own),
    });
  }
}
