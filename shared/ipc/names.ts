/**
 * The names of the IPC channels and events, without their schemas: what the preload needs to
 * build `window.kikitori`, without bundling zod into it. contract.ts must define exactly these.
 */
export const CHANNEL_NAMES = [
  'connections:list',
  'connections:save',
  'connections:setActive',
  'connections:remove',
  'connections:test',
  'keys:list',
  'keys:add',
  'keys:remove',
  'keys:reveal',
  'keys:issue',
  'transcribe:files',
  'jobs:list',
  'jobs:get',
  'jobs:remove',
  'jobs:retry',
  'jobs:cancel',
  'jobs:rename',
  'edits:apply',
  'edits:undo',
  'edits:redo',
  'search:query',
  'dictionary:profiles',
  'dictionary:getWords',
  'dictionary:setWords',
  'dictionary:diff',
  'dictionary:classnames',
  'service:status',
  'service:restart',
  'live:computerSound',
  'export:save',
  'export:render',
  'export:job',
  'watch:list',
  'watch:add',
  'watch:update',
  'watch:remove',
  'export:jobs',
  'export:bundle',
  'usage:summary',
  'usage:setPlan',
  'calls:list',
  'calls:settings',
  'calls:answer',
  'calls:expectOwn',
  'programs:list',
  'programs:create',
  'programs:revoke',
  'programs:addFolder',
  'programs:removeFolder',
] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** Channels only the Electron host serves; in the browser the window does it itself (a download). */
/**
 * Not a channel of the contract (the window cannot call it): the preload hands the main process,
 * synchronously, each path it read off a File the person dropped or picked, and gets back the
 * opaque reference the window is given instead (core/media/media-file.ts ChosenFiles), the only thing
 * transcribe:files takes from the window.
 */
export const CHOSEN_FILE_MESSAGE = 'preload:chosen-file';

/**
 * The preload's live link (shared/ipc/live.ts): it posts one end of each of two MessageChannels
 * on this message, the link's (text both ways) and the audio's (what the capture's worklet
 * writes: audio, and the pause, resume and stop among it), and the main process runs a live
 * session over the pair.
 */
export const LIVE_OPEN_MESSAGE = 'preload:live-open';

/**
 * The window message (`window.postMessage`, the way Electron documents for handing a port from
 * the preload's world to the page's) carrying the page's end of the live audio channel:
 * `{type: LIVE_AUDIO_PORT_MESSAGE, id}` with the port, `id` being the link's `audioPortId`.
 */
export const LIVE_AUDIO_PORT_MESSAGE = 'kikitori:live-audio-port';

export const ELECTRON_ONLY_CHANNELS: readonly ChannelName[] = [
  'export:save',
  'export:job',
  'export:jobs',
];

export const EVENT_NAMES = [
  'jobs:changed',
  'jobs:removed',
  'upload:progress',
  'service:status',
  'watch:changed',
  'watch:folder',
  'watch:file',
  'usage:changed',
  'usage:warning',
  'calls:call',
  'calls:changed',
  'programs:changed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];
