/** English: the errors of files, jobs and exports. */
import type { LanguagePart } from '../render';

export const JOBS = {
  errors: {
    'not-found': '{what} was not found. Refresh the list and try again.',
    file: 'Cannot read {name}: {reason}. Check that the file is there and readable.',
    'ffmpeg-missing':
      '{name} must be converted before sending, and that needs ffmpeg, which is not installed. Install ffmpeg, or convert the file to FLAC or WAV yourself.',
    'conversion-failed':
      'Could not convert {name}. Check that the file is a complete audio file, or convert it to FLAC or WAV yourself.',
    interrupted:
      'Sending {name} was cut off when Kikitori stopped, so the service may or may not have the job. Retry to send it again.',
    'job-failed':
      'The service could not transcribe this job. Check the audio and the engine, then retry.',
    'disk-full':
      'Kikitori could not save its work because the disk holding {path} is full. Free some space on it, then retry.',
    'export-failed':
      'Kikitori could not save {path}: {reason}. Choose another folder or name, then export again.',
    'export-no-transcript': '{name} has no transcript to export: {state}.',
    cancelled: 'You cancelled this transcription. {service}.',
    'upload-failed': 'Kikitori could not store {name} in its data folder {path}: {reason}.',
    'file-refused': 'Kikitori will not transcribe {name}: {reason}.',
    'job-title': 'This name cannot be used: {reason}. Clear the name to show the file name again.',
    'speech-detection-failed':
      'Could not find where people speak in {name}, so nothing was sent. Check that the file is a complete audio file, or turn off “Send only speech” to send all of it.',
    'no-speech':
      'No speech was found in {name}, so nothing was sent. If it does hold speech, turn off “Send only speech” for this connection (or leave out --speech-only) to send all of it.',
  },
  errorSubCodes: {
    file: {
      reason: {
        missing: 'it does not exist',
        'not-a-file': 'it is not a file',
        empty: 'it is empty',
        denied: 'permission denied',
        unreadable: 'reading it failed',
      },
    },
    'not-found': {
      what: {
        job: 'The job {id}',
        key: 'The key',
        endpoint: 'The service endpoint',
        resource: 'What was asked for',
      },
    },
    'export-no-transcript': {
      state: {
        running: 'it is still being transcribed. Wait until it is done, then export again',
        cancelled:
          'it was cancelled before it was done. Retry it (in Jobs, or send the file again), then export it once it is done',
        failed: 'its transcription failed. Retry it, then export it once it is done',
      },
    },
    cancelled: {
      service: {
        none: 'Nothing of it is left running on the service. Retry starts it again',
        'may-finish':
          'The service already has the job and its API offers no way to stop it, so it may still finish it (and count it); Kikitori no longer asks for the result. Retry sends the file again',
      },
    },
    'upload-failed': {
      reason: {
        'disk-full': 'the disk is full. Free some space, then drop the file again',
        denied:
          'it may not write there. Make the folder writable, or start Kikitori with another --data folder',
        'read-only': 'the disk is read-only. Start Kikitori with another --data folder',
        'not-a-folder':
          'a file that is not a folder is in the way. Move it away, then drop the file again',
        other:
          'the system refused to write it. Drop the file again; if it keeps failing, start Kikitori with another --data folder',
      },
    },
    'file-refused': {
      reason: {
        'not-media':
          'its content is not audio or video it can read (WAV, FLAC, Ogg, MP3, M4A/MP4, WebM, AAC, AIFF, WMA or AMR). Choose an audio or video file',
        'too-large':
          'it is larger than 2 GiB, the most the service takes. Split it into shorter recordings',
        'not-chosen':
          'the window did not get it from you. Drop the file on the window, or choose it with “Choose files…”',
        changed:
          'it changed after it was checked. Its new version is taken by itself once it is written whole',
        link: 'it is a link. A watched folder takes only the files in it, never what a link points to: copy or move the file itself into the folder',
      },
    },
    'export-failed': {
      reason: {
        denied: 'you may not write in that folder',
        'missing-folder': 'the folder does not exist',
        'read-only': 'the disk is read-only',
        'is-folder': 'a folder of that name is there',
        other: 'the system refused to write it',
      },
    },
    'job-title': {
      reason: {
        'too-long': 'it has {length} characters, and a name may have at most {max}; shorten it',
        control: 'it holds a line break or another control character; type it on one line',
      },
    },
  },
} as const satisfies LanguagePart;
