/** English strings. ja.ts has the same shape (the type checker holds them to it). */
import type { MessagesOf } from './messages-of';

export const en = {
  app: {
    title: 'Kikitori',
    tagline: 'Transcription',
    tabs: 'Sections',
    transcribe: 'Transcribe',
    live: 'Live',
    jobs: 'Jobs',
    dictionary: 'Dictionary',
    settings: 'Settings',
    liveMark: { recording: '(recording)', paused: '(paused)' },
    titleLive: { recording: '● Recording — {{title}}', paused: 'Paused — {{title}}' },
    loading: 'Loading…',
    copyFailed:
      'Could not copy: the system did not allow Kikitori to use the clipboard. Select the text and copy it with Ctrl+C (⌘C on a Mac).',
    errorTextFailed:
      'Something went wrong, but its description could not be loaded. Reload the window to read it.',
  },
  budget: {
    title: 'Past this month’s budget',
    sendAnyway: 'Send anyway',
    startAnyway: 'Start anyway',
    cancel: 'Cancel',
    warning:
      '{{name}} has used {{percent}} % of its monthly budget ({{used}} of {{budget}} h). Settings → Usage shows what it sent.',
    dismiss: 'Dismiss',
  },
  status: {
    region: 'Status',
    connection: 'Connection',
    service: 'Local service',
    state: {
      starting: 'Starting…',
      running: 'Running',
      restarting: 'Restarting…',
      stopped: 'Stopped',
      unavailable: 'Unavailable',
      unknown: 'Checking…',
      disconnected: 'Not connected',
    },
    language: 'Language',
    theme: 'Theme',
    themes: { system: 'Follow system', light: 'Light', dark: 'Dark' },
    hostLost:
      'Not connected to Kikitori: it stopped or does not answer. This window reconnects by itself once Kikitori runs again (npm start); there is no need to reload.',
    rowNotConnected: 'Not connected to Kikitori',
    sessionEnded:
      'This window is no longer connected to Kikitori: it was unused for 12 hours, or Kikitori now runs on another data folder. Reloading will not help. Open the address Kikitori printed when it started (run npm start again to get one), then close this tab.',
  },
  notify: {
    done: 'Transcript ready: {{name}}',
    failed: 'Transcription failed: {{name}}',
  },
  boundary: {
    title: 'Something went wrong in this window',
    body: 'Your jobs and settings are safe: they are kept by Kikitori, not by this window. Try again, or reload the window.',
    retry: 'Try again',
    reload: 'Reload window',
    details: 'Technical details',
  },
  transcribe: {
    heading: 'Transcribe audio',
    dropTitle: 'Drop audio or video files anywhere in this window',
    dropHint:
      'WAV, FLAC, Ogg, MP3, M4A, AAC, MP4 and WebM. Up to 16 MB and 8 minutes 45 seconds goes straight through; larger or longer files, and any file with speaker labels on, run as jobs that survive restarts.',
    choose: 'Choose files…',
    dropOverlay: 'Drop to transcribe',
    options: 'Options',
    connection: 'Connection',
    engine: 'Engine',
    profile: 'Dictionary profile',
    noProfile: 'None',
    logging: 'Let the service keep the audio (logging)',
    loggingLocal:
      'On this computer: the local service keeps the audio and transcript in its own folder for 30 days; nothing leaves this computer either way.',
    loggingCloud:
      'The service may keep the audio and results and use them to improve its recognition; off, it keeps nothing (/v1/nolog/).',
    keepFillers: 'Keep fillers and pauses (such as "um" and silences) in the transcript',
    notify: 'Notify me when a long job finishes',
    notifyHint:
      'A system notification while Kikitori is in the background, for jobs and for direct requests over 30 seconds.',
    notifyBlocked:
      'Notifications are blocked for Kikitori. Allow them in your system settings (or the browser’s site settings), then turn this on again.',
    notifyUnsupported: 'This window cannot show system notifications.',
    speakers: 'Label who speaks (speaker labels)',
    speakersHint: 'With speaker labels on, every file is sent as a job, which is what gives them.',
    speakersLocal:
      'The local service cannot tell speakers apart: choose a cloud connection for speaker labels.',
    minSpeakers: 'Fewest speakers',
    maxSpeakers: 'Most speakers',
    waitingService: 'Waiting for the local service to start…',
    serviceDown: 'The local service is not running: {{message}}',
    rejected: '{{name}}: {{reason}}.',
    rejectedSummary_one: '{{count}} file was not sent:',
    rejectedSummary_other: '{{count}} files were not sent:',
    empty: 'Nothing transcribed in this session yet.',
    recent: 'Running and recent jobs',
    recentIntro: 'Nothing sent from this window yet. Jobs still running and those of the last day:',
    files: 'Files in this session',
    clear: 'Clear finished',
    route: {
      sync: 'Direct (up to 16 MB and 8:45)',
      'async-size': 'Job (over 16 MB, survives restarts)',
      'async-length': 'Job (longer than 8:45, survives restarts)',
      'async-speakers': 'Job (speaker labels need one, survives restarts)',
      'async-unknown-length':
        'Job (its length could not be read before conversion, survives restarts)',
    },
    state: {
      waiting: 'Waiting',
      uploading: 'Uploading {{percent}} %',
      submitting: 'Submitting…',
      queued: 'Queued',
      findingSpeech: 'Finding where people speak…',
      recognizing: 'Recognizing… {{elapsed}}',
      recognizingLeft: 'Recognizing… about {{left}} left',
      recognizingFirst: 'Recognizing… about {{left}} left (first estimate)',
      recognizingLate: 'Recognizing… {{elapsed}}, longer than usual',
      completed: 'Done',
      failed: 'Failed',
      cancelled: 'Cancelled',
      removed: 'Removed',
      asking: 'Past the budget: waiting for your answer',
    },
    reason: {
      type: 'not an audio or video type',
      empty: 'the file is empty',
      'too-large': 'over the 2 GB limit of the service',
    },
    cancel: 'Cancel',
    cancelFile: 'Cancel {{name}}',
    open: 'Open transcript',
    openFile: 'Open transcript of {{name}}',
    retry: 'Retry',
    goSettings: 'Open Settings',
    duration: 'Duration',
    size: 'Size',
    sentOf: 'Sent {{sent}} of {{recorded}}',
    sentOfLong: 'Only speech was sent: {{sent}} of the {{recorded}} recorded',
  },
  jobs: {
    status: {
      queued: 'Queued',
      uploading: 'Uploading',
      recognizing: 'Recognizing',
      completed: 'Completed',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
  },
  dictionary: {
    heading: 'Dictionary',
    empty:
      'Your dictionaries appear here: words with their readings, per engine and profile, to help recognition.',
  },
  settings: {
    heading: 'Settings',
    empty: 'Connections, API keys and preferences appear here.',
  },
  rename: {
    action: 'Rename',
    actionFor: 'Rename {{name}}',
    title: 'Rename {{name}}',
    label: 'Name',
    hint: 'The file name stays shown beside the name. Leave it empty to show the file name alone.',
    save: 'Save',
    cancel: 'Cancel',
    fileName: 'File: {{name}}',
  },
  units: {
    bytes: '{{value}} B',
    kb: '{{value}} KB',
    mb: '{{value}} MB',
    gb: '{{value}} GB',
  },
};

export type Messages = MessagesOf<typeof en>;
