/**
 * Each platform's reading of what records (core/calls/), against shapes recorded from each:
 * PulseAudio 16's `pactl -f json list source-outputs` and `… sources` (recorded here, on a
 * server with a call application, Chromium's capture, Kikitori's remap and a level meter), the
 * Windows helper's lines (WASAPI's audio sessions of the capture endpoints, as its script writes
 * them) and the macOS helper's (CoreAudio's "running somewhere" and its process objects).
 */
import { describe, expect, it } from 'vitest';
import { macStreams, SOME_APPLICATION } from '../../../core/calls/mac-provider';
import { listsAgain, streamsOf } from '../../../core/calls/pulse-provider';
import { windowsStreams } from '../../../core/calls/windows-provider';
import { callAppName, callTitle } from '../../../shared/domain/calls';

const props = (more: Record<string, string>) => ({
  'native-protocol.peer': 'UNIX socket client',
  'native-protocol.version': '35',
  'application.process.user': 'root',
  'application.process.host': 'vm',
  'application.language': 'C',
  ...more,
});

/** Recorded from pactl 16.1 (trimmed of volume and format fields the reading ignores). */
const OUTPUTS = [
  {
    index: 0,
    driver: 'module-remap-source.c',
    owner_module: '3',
    client: null,
    source: 1,
    corked: false,
    properties: { 'media.name': 'Remapped Stream', 'media.role': 'filter' },
  },
  {
    index: 1,
    driver: 'protocol-native.c',
    owner_module: '0',
    client: '4',
    source: 2,
    corked: false,
    properties: props({
      'application.name': 'Zoom',
      'media.name': '/dev/null',
      'application.process.id': '11104',
      'application.process.binary': 'pacat',
    }),
  },
  {
    index: 2,
    driver: 'protocol-native.c',
    owner_module: '0',
    client: '5',
    source: 2,
    corked: true,
    properties: props({
      'application.icon_name': 'chromium-browser',
      'media.name': 'RecordStream',
      'application.name': 'Chromium input',
      'application.process.id': '11246',
      'application.process.binary': 'chromium',
    }),
  },
  {
    index: 3,
    driver: 'protocol-native.c',
    client: '6',
    source: 3,
    properties: props({
      'application.name': 'Chromium input',
      'application.process.id': '11246',
      'application.process.binary': 'chromium',
    }),
  },
  {
    index: 4,
    driver: 'protocol-native.c',
    client: '7',
    source: 2,
    properties: props({
      'application.name': 'PulseAudio Volume Control',
      'application.id': 'org.PulseAudio.pavucontrol',
      'media.name': 'Peak detect',
    }),
  },
  {
    index: 5,
    driver: 'protocol-native.c',
    client: '8',
    source: 0,
    properties: props({ 'application.name': 'OBS', 'application.process.id': '900' }),
  },
];
const SOURCES = [
  {
    index: 0,
    name: 'speakers.monitor',
    monitor_source: 'speakers',
    properties: { 'device.class': 'monitor' },
  },
  {
    index: 1,
    name: 'voice.monitor',
    monitor_source: 'voice',
    properties: { 'device.class': 'monitor' },
  },
  {
    index: 2,
    name: 'test_microphone',
    monitor_source: '',
    properties: { 'device.class': 'filter' },
  },
  {
    index: 3,
    name: 'kikitori_computer_sound',
    monitor_source: '',
    properties: { 'device.class': 'filter' },
  },
];

describe('PulseAudio (and pipewire-pulse)', () => {
  it('lists the applications recording from a microphone, muted or corked ones too', () => {
    expect(streamsOf(OUTPUTS, SOURCES)).toEqual([
      { id: '1', app: 'Zoom', binary: 'pacat', pid: 11104, host: 'vm', own: false },
      { id: '2', app: 'Chromium', binary: 'chromium', pid: 11246, host: 'vm', own: false },
      // Recording from a source Kikitori made: its own.
      { id: '3', app: 'Chromium', binary: 'chromium', pid: 11246, host: 'vm', own: true },
    ]);
  });

  it('passes over what it cannot read, never guessing', () => {
    expect(streamsOf('not a list', SOURCES)).toEqual([]);
    expect(streamsOf([{ index: 'x' }, null, ...OUTPUTS.slice(1, 2)], 'nothing')).toEqual([
      { id: '1', app: 'Zoom', binary: 'pacat', pid: 11104, host: 'vm', own: false },
    ]);
  });

  it('lists again after a stream, a source or the server changes, never after a client', () => {
    // As pactl 16's `subscribe` prints them: a `pactl list` of its own is a client that comes,
    // changes and goes, so listing after a client's events would list for ever.
    for (const line of [
      "Event 'new' on source-output #4",
      "Event 'change' on source-output #4",
      "Event 'remove' on source-output #4",
      "Event 'new' on source #2",
      "Event 'change' on source #2",
      "Event 'change' on server #4294967295",
    ])
      expect(listsAgain(line), line).toBe(true);
    for (const line of [
      "Event 'new' on client #3",
      "Event 'change' on client #3",
      "Event 'remove' on client #3",
      "Event 'new' on sink #2",
      "Event 'change' on sink-input #7",
      "Event 'new' on module #3",
    ])
      expect(listsAgain(line), line).toBe(false);
  });
});

/** The Windows helper's line, as its script writes it (ConvertTo-Json -Compress). */
const WINDOWS_LINE = JSON.stringify({
  sessions: [
    {
      pid: 0,
      state: 'inactive',
      name: '@%SystemRoot%\\System32\\AudioSrv.Dll,-202',
      process: 'Idle',
      path: '',
      device: '{0.0.1.00000000}.{8c3a}',
      system: true,
    },
    {
      pid: 15872,
      state: 'active',
      name: 'Zoom Meetings',
      process: 'Zoom',
      path: 'C:\\Users\\aiko\\AppData\\Roaming\\Zoom\\bin\\Zoom.exe',
      device: '{0.0.1.00000000}.{8c3a}',
      system: false,
    },
    {
      pid: 9920,
      state: 'inactive',
      name: 'Microsoft Teams',
      process: 'ms-teams',
      path: 'C:\\Program Files\\WindowsApps\\MSTeams\\ms-teams.exe',
      device: '{0.0.1.00000000}.{8c3a}',
      system: false,
    },
    {
      pid: 4120,
      state: 'active',
      name: '',
      process: 'Kikitori',
      path: 'C:\\Program Files\\Kikitori\\Kikitori.exe',
      device: '{0.0.1.00000000}.{8c3a}',
      system: false,
    },
  ],
});

describe('Windows: the capture endpoints’ audio sessions', () => {
  const own = { pid: 4000, exe: 'c:\\program files\\kikitori\\kikitori.exe' };
  it('lists the active sessions; Kikitori’s own program (any of its processes) is marked', () => {
    expect(windowsStreams(WINDOWS_LINE, own)).toEqual([
      {
        id: '15872:{0.0.1.00000000}.{8c3a}',
        app: 'Zoom Meetings',
        binary: 'C:\\Users\\aiko\\AppData\\Roaming\\Zoom\\bin\\Zoom.exe',
        pid: 15872,
        own: false,
      },
      {
        id: '4120:{0.0.1.00000000}.{8c3a}',
        app: 'Kikitori',
        binary: 'C:\\Program Files\\Kikitori\\Kikitori.exe',
        pid: 4120,
        own: true,
      },
    ]);
  });
  it('reads a line with no session, and no other line', () => {
    expect(windowsStreams('{"sessions":[]}', own)).toEqual([]);
    expect(windowsStreams('Add-Type : Cannot add type', own)).toBeUndefined();
    expect(windowsStreams('{"sessions":[{"pid":"x"}]}', own)).toBeUndefined();
  });
});

describe('macOS: CoreAudio', () => {
  const own = { pid: 700, bundle: 'app.kikitori.desktop' };
  it('names the processes running input (macOS 14.2 and later); Kikitori’s helpers are its own', () => {
    const line = JSON.stringify({
      running: true,
      processes: [
        { pid: 812, bundle: 'us.zoom.xos', name: 'zoom.us', input: true },
        { pid: 640, bundle: 'com.apple.Music', name: 'Music', input: false },
        { pid: 701, bundle: 'app.kikitori.desktop.helper', name: 'Kikitori Helper', input: true },
      ],
    });
    expect(macStreams(line, own)).toEqual([
      { id: '812', app: 'zoom.us', binary: 'us.zoom.xos', pid: 812, own: false },
      {
        id: '701',
        app: 'Kikitori Helper',
        binary: 'app.kikitori.desktop.helper',
        pid: 701,
        own: true,
      },
    ]);
  });
  it('before 14.2, only that the input device runs somewhere', () => {
    expect(macStreams('{"running":true}', own)).toEqual([
      { id: 'default-input', app: SOME_APPLICATION, own: false },
    ]);
    expect(macStreams('{"running":false}', own)).toEqual([]);
    expect(macStreams('execution error: -1743', own)).toBeUndefined();
  });
});

describe('a call’s names', () => {
  it('reads an application as a person does, and names its session in each language', () => {
    expect(callAppName('Chromium input')).toBe('Chromium');
    expect(callAppName('Zoom')).toBe('Zoom');
    const at = new Date(2025, 11, 7, 10, 0);
    expect(callTitle('Zoom', at, 'en')).toBe('Zoom call 7 Dec 10:00');
    expect(callTitle('Zoom', at, 'ja')).toBe('Zoom 通話 12月7日 10:00');
  });
});
