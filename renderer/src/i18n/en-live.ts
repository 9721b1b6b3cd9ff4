/** English strings of the Live screen: they load with its code (app/screens.tsx). */
import type { MessagesOf } from './messages-of';

export const enLive = {
  live: {
    heading: 'Live transcription',
    connection: 'Connection',
    input: 'Input',
    defaultInput: 'System default',
    inputNumber: 'Microphone {{n}}',
    start: 'Start',
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop',
    level: 'Input level',
    levelValue: '{{db}} dB',
    levelNone: 'no sound',
    speakers: 'Label who speaks',
    source: 'Listen to',
    sources: {
      microphone: 'Microphone',
      computer: 'Computer sound (speakers)',
      both: 'Microphone and computer sound',
    },
    sourcesHeading: 'Sources',
    levelOf: '{{source}}: level',
    gain: '{{source}}: gain',
    gainValue: '{{db}} dB',
    echo: 'Without headphones the microphone also hears the speakers, so the other side’s words may be written twice. Headphones avoid it, and so, mostly, does lowering the microphone while the computer plays (below).',
    duck: 'Lower the microphone while the computer plays',
    duckHint:
      'By 15 dB while the computer’s sound is on, so the speakers’ words are not written twice; what you say meanwhile is lowered too.',
    apart: 'Also keep each source apart',
    apartHint:
      'The job then keeps a 2-channel FLAC (microphone, computer) beside the mix, to mix again later. From the next Start.',
    echoDismiss: 'Got it',
    elapsed: 'Recorded time',
    copy: 'Copy so far',
    copied: 'Copied',
    said: '{{name}}: {{text}}',
    transcript: 'Live transcript',
    notFinal: '(not final yet)',
    jump: 'Jump to live',
    empty:
      'Press Start and speak: the words appear here as you talk, and the recording is kept as a job when you stop.',
    waiting: 'Listening… the words appear here as you speak.',
    openJob: 'Open the transcript',
    toSettings: 'Open Settings',
    state: {
      idle: 'Not recording.',
      connecting: 'Connecting to the service…',
      listening: 'Listening.',
      paused: 'Paused: nothing is recorded or sent until you resume.',
      reconnecting:
        'Connection lost. Recording goes on; reconnecting (attempt {{attempt}}) in {{seconds}} s…',
      stopping: 'Finishing the last words…',
      nothingKept: 'Stopped. Nothing was recorded.',
      stopped: 'Stopped. The recording and its transcript are saved as a job.',
      unsaved:
        'Stopped. The disk is full: the transcript is kept in memory and saved as a cut-off job as soon as there is room.',
    },
  },
};

export type LiveMessages = MessagesOf<typeof enLive>;
