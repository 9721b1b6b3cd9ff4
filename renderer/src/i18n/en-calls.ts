/**
 * English strings of calls noticed: the notice every screen may show and Settings → Calls, loaded
 * with either (calls-strings.ts).
 */
export const enCalls = {
  calls: {
    region: 'Calls',
    asking: '{{app}} is using the microphone. Transcribe this call?',
    start: 'Start',
    startFor: 'Transcribe the {{app}} call',
    notNow: 'Not now',
    notNowFor: 'Not now: do not transcribe this {{app}} call',
    never: 'Never for {{app}}',
    starting: 'Starting to transcribe the {{app}} call…',
    recording: 'Transcribing the {{app}} call (the microphone and the computer’s sound).',
    busy: '{{app}} is using the microphone. Live was already running, so nothing was started.',
    ending: '{{app}} call ended: saving its transcript…',
    ended: '{{app}} call ended: transcript in Jobs.',
    endedOfferStop: '{{app}} call ended. Live, started by hand, is still running.',
    failed: 'The {{app}} call could not be transcribed.',
    stopLive: 'Stop Live',
    openJobs: 'Open Jobs',
    close: 'Close',
    closeFor: 'Close this notice about {{app}}',
    notifyTitle: '{{app}} is using the microphone',
    notifyBody: 'Transcribe this call? Open Kikitori to choose.',
    notifyStarted: 'Transcribing the {{app}} call',
    notifyEnded: '{{app}} call ended: transcript in Jobs',
    heading: 'Calls',
    intro:
      'When another application starts recording from the microphone (a call in Zoom, Teams or a browser), Kikitori can transcribe the call: the microphone and the computer’s sound, until the application has stopped recording for 30 seconds. The transcript is kept in Jobs, named after the application and the time.',
    mode: 'When a call starts',
    modes: {
      off: 'Do nothing',
      ask: 'Ask me',
      auto: 'Start by itself for the applications ticked below (ask for the others)',
    },
    apps: 'Start by itself for',
    appsNone: 'No application has been seen recording yet.',
    neverList: 'Never asked about',
    neverNone: 'None.',
    askAgain: 'Ask again',
    askAgainFor: 'Ask again about {{app}}',
    connection: 'Connection for calls',
    activeConnection: 'The active connection',
    profile: 'Profile for calls (optional)',
    profileHint: 'A profile of that connection’s dictionary; empty: the connection’s own.',
    saveProfile: 'Save',
    saveProfileName: 'Save the profile for calls',
    unavailable: 'Calls cannot be noticed here',
    windowNeeded:
      'Calls are transcribed by this window: keep Kikitori open. With no window, the command kikitori watch-calls records them.',
  },
};
