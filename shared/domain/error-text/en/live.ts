/** English: the errors of Live and of calls. */
import type { LanguagePart } from '../render';

export const LIVE = {
  errors: {
    'mic-none':
      'Kikitori found no microphone. Connect one (or allow this computer to use its own), then press Start again.',
    'mic-denied':
      'Kikitori is not allowed to use the microphone. Allow it in the system’s privacy settings, then press Start again.',
    'mic-silent':
      'No sound is reaching Kikitori from {device} for {seconds} s. Check that it is not muted, or choose another input.',
    'mic-failed':
      'The microphone {device} could not be opened. Choose another input, then press Start again.',
    'computer-sound-unavailable':
      'Kikitori cannot record the computer’s sound here: {reason}. Choose a microphone as the input, then press Start again.',
    'live-refused':
      'The service refused to start live recognition: {message}. Check this connection’s key and settings in Settings.',
    'live-dropped':
      'The connection to {host} was lost ({reason}). Recording goes on, and Kikitori reconnects and sends what was recorded meanwhile.',
    'live-running': 'A live transcription is already running. Stop it before starting another.',
    'live-protocol':
      'The window sent the live session something it does not understand, so the session was ended. What was finalized is kept as a job.',
    'recording-failed':
      'The live audio could not be recorded to {path}: {reason}. Install ffmpeg, or close programs that keep the computer busy, then start again. Anything finalized before this is kept as a job.',
    'live-disk-full':
      'The disk holding {path} is full, so the live recording has stopped and the words finalized from now on are kept in memory only. Free some space on it: they are saved as soon as there is room, and Stop keeps the session as a cut-off job with everything finalized.',
    'live-no-retry':
      'A live transcription cannot be retried or cancelled: its audio was recognized as it was spoken. Start a new live transcription, or send its recording as a file.',
    'calls-unavailable':
      'Kikitori cannot notice calls here: {reason}. Start Live by hand for a call; Kikitori tries again by itself.',
    'call-gone':
      'This call is no longer waiting to be transcribed: it has ended, or it was started or declined elsewhere.',
  },
  errorSubCodes: {
    'computer-sound-unavailable': {
      reason: {
        platform: 'this system offers no way to record what the speakers play',
        'no-server': 'no PulseAudio or PipeWire sound server answers',
        'no-sink': 'the sound server has no speakers to listen to',
        'not-listed': 'the window does not list the speakers’ sound as an input',
        'no-audio': 'the shared screen or tab came without its sound (tick “Share audio”)',
        denied: 'sharing the computer’s sound was refused',
      },
    },
    'live-dropped': {
      reason: {
        closed: 'it closed the connection',
        timeout: 'it stopped answering',
        'service-ended': 'the service ended the session',
        refused: 'nothing answers at that address',
        other: 'the connection failed',
      },
    },
    'recording-failed': {
      reason: {
        'ffmpeg-missing': 'ffmpeg, which encodes it, is not installed',
        'encoder-ended': 'ffmpeg, which encodes it, stopped',
        'too-slow': 'ffmpeg could not keep up with it, the computer is too busy',
      },
    },
    'calls-unavailable': {
      reason: {
        platform: 'this system offers no way to see which applications use the microphone',
        'no-server': 'no PulseAudio or PipeWire sound server answers',
        helper: 'the system’s audio sessions could not be read',
      },
    },
  },
} as const satisfies LanguagePart;
