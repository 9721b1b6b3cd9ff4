/** English: every error and word-table rejection as a whole sentence. */
import type { Language } from './render';

export const EN: Language = {
  errors: {
    network:
      'Could not reach {host}: {reason}. Check the connection settings and your network, then try again.',
    timeout:
      '{host} did not answer within {seconds} s. Try again later, or send long audio as an async job.',
    auth: 'The service refused the API key. Check the key of this connection in Settings, or issue a new one.',
    'unsupported-audio':
      'The service could not decode this audio. Use WAV, FLAC, Ogg, MP3 or raw PCM; the local engine needs 16 kHz or more.',
    'nothing-recognised':
      "No speech was recognized in this audio. Check that it contains speech in the engine's language.",
    'bad-request': "The service rejected the request. Check the connection's engine and settings.",
    'too-large':
      'The audio is too large for this request. Files over 16 MB are sent as async jobs.',
    busy: 'The service is busy with other requests of this key. Try again in a moment.',
    'engine-unavailable':
      'The recognition engine is unavailable. Try again later, or choose another engine for this connection.',
    server: 'The service failed. Try again later.',
    'bad-response':
      "The service answered in a way Kikitori does not understand. Check the connection's URLs.",
    'not-found': '{what} was not found. Refresh the list and try again.',
    'no-key': 'The connection “{connection}” has no API key. Add one in Settings.',
    'no-connection': 'There is no connection “{connection}”. Choose a connection in Settings.',
    file: 'Cannot read {name}: {reason}. Check that the file is there and readable.',
    'ffmpeg-missing':
      '{name} must be converted before sending, and that needs ffmpeg, which is not installed. Install ffmpeg, or convert the file to FLAC or WAV yourself.',
    'conversion-failed':
      'Could not convert {name}. Check that the file is a complete audio file, or convert it to FLAC or WAV yourself.',
    keychain: 'The keychain failed. Check that the keychain is unlocked, then try again.',
    'invalid-input':
      'Kikitori received a request it cannot carry out. Reload the window and try again.',
    interrupted:
      'Sending {name} was cut off when Kikitori stopped, so the service may or may not have the job. Retry to send it again.',
    forbidden: 'Refused a request that did not come from Kikitori’s own window.',
    internal:
      'Something went wrong inside Kikitori. Try again; if it happens again, report it with the details.',
    'job-failed':
      'The service could not transcribe this job. Check the audio and the engine, then retry.',
    'keychain-library-missing':
      'The keychain library could not be loaded, so keys are kept for this session only. Install libsecret (apt-get install libsecret-1-0) and reinstall Kikitori.',
    'keychain-unavailable':
      'No keychain answered, so keys are kept for this session only. Start a Secret Service such as GNOME Keyring or KWallet to keep them.',
    'local-service': 'The local service has a problem: {reason}. Kikitori keeps trying by itself.',
    'disk-full':
      'Kikitori could not save its work because the disk holding {path} is full. Free some space on it, then retry.',
    'insecure-url':
      'The address {url} is not secure: a cloud connection must use https:// (plain http:// only for 127.0.0.1 or localhost). Correct the address.',
    'service-starting': 'The local service is starting; this job waits for it (up to {seconds} s).',
    'service-not-started':
      'The local service did not start within {seconds} s. Check its status in Settings, then retry the job.',
    'data-corrupt':
      'Kikitori cannot read {path}: the file is damaged. Restore it from a backup, or move it away to start with default settings.',
    'data-newer':
      '{path} was written by a newer version of Kikitori. Update Kikitori to open this data folder.',
    'data-read-only':
      'Kikitori cannot write to its data folder {path}. Make the folder writable, or choose another one with --data.',
    'app-running':
      'Kikitori is already running with the data folder {path}, but did not answer. Close it, or start this one with another --data folder.',
    'data-held-by-command':
      'A Kikitori command (process {pid}, such as kikitori serve) is using the data folder {path}. Stop that command, or start Kikitori with another --data folder.',
    'link-used':
      'This Kikitori address was already used or has expired: each one opens Kikitori once. Open the newest address Kikitori printed when it started, or start Kikitori again for a new one.',
    'export-failed':
      'Kikitori could not save {path}: {reason}. Choose another folder or name, then export again.',
    'export-no-transcript': '{name} has no transcript to export: {state}.',
    'handover-refused':
      'Something at {url}, where Kikitori last ran for this data folder, answered but could not prove it is Kikitori, so nothing was opened. Stop the program that holds that address, then start Kikitori again.',
    cancelled: 'You cancelled this transcription. {service}.',
    'port-in-use':
      'Port {port} is already used by another program. Start Kikitori with another --port, or without --port to use a free one.',
    'upload-failed': 'Kikitori could not store {name} in its data folder {path}: {reason}.',
    'file-refused': 'Kikitori will not transcribe {name}: {reason}.',
    'word-rejected':
      'The service did not accept the word “{written}”: {reason}. Correct that row of the table, then save again.',
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
    'job-title': 'This name cannot be used: {reason}. Clear the name to show the file name again.',
    'edit-refused':
      'This correction no longer fits the transcript, which changed meanwhile (perhaps in another window). Open the transcript again and make the correction there.',
    'edit-control':
      'This correction holds a line break, a tab or another control character, which a transcript cannot hold. Type it on one line, without them.',
    'edit-too-long':
      'This correction holds {length} characters; one correction can hold at most {max}. Make it in smaller parts.',
    'edit-history-full':
      'This transcript holds as many corrections as it can keep ({max} bytes). Undo earlier corrections you no longer need, then make this one again: a new correction takes the place of those undone.',
    'program-unreachable':
      'A program cannot reach the Kikitori that uses the data folder {path}: {reason}.',
    'watch-folder':
      'Kikitori cannot watch {path}: {reason}. The other watched folders go on, and this one resumes by itself once that is put right.',
    'watch-refused':
      'Kikitori cannot watch {path}: {reason}. Choose a folder that is there and that Kikitori may read.',
    'watch-output':
      'Kikitori cannot write transcripts into {path}: {reason}. Choose another output folder.',
    'watch-held':
      '{path} is already watched by {holder}, and a folder is watched by one Kikitori at a time. Stop that one first, or watch another folder.',
    'watch-waiting':
      'Transcripts of {path} are waiting: the disk they are written to is full. Kikitori goes on watching the folder and writes them as soon as there is room; free some space on that disk.',
    'watch-output-page':
      'In the browser, the transcripts of a watched folder are written next to each file: a page may not choose where files are written, so {path} was not set. To use another folder, set it with kikitori watch --out, or in the desktop app.',
    'data-not-own':
      'Kikitori will not use {path}: {reason}. Its folders must be your own, since what is in them is trusted; choose another data folder with --data.',
    'over-budget':
      '{connection} has sent {used} of its monthly budget of {budget}, and {what} Send anyway only if you mean to, or raise the budget in Settings → Usage and cost.',
    'calls-unavailable':
      'Kikitori cannot notice calls here: {reason}. Start Live by hand for a call; Kikitori tries again by itself.',
    'call-gone':
      'This call is no longer waiting to be transcribed: it has ended, or it was started or declined elsewhere.',
    'program-key': 'Nothing was done with the program key “{name}”: {reason}.',
    'program-folder':
      'Programs cannot be allowed to transcribe files in {path}: {reason}. Choose a folder that is there and that Kikitori may read.',
    'program-refused': 'A program asked to transcribe {path}, and was refused: {reason}.',
    'speech-detection-failed':
      'Could not find where people speak in {name}, so nothing was sent. Check that the file is a complete audio file, or turn off “Send only speech” to send all of it.',
    'no-speech':
      'No speech was found in {name}, so nothing was sent. If it does hold speech, turn off “Send only speech” for this connection (or leave out --speech-only) to send all of it.',
  },
  errorSubCodes: {
    'over-budget': {
      what: {
        files: 'these files would add {adding}, past the budget you set.',
        live: 'a live session now would go past the budget you set.',
      },
    },
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
    network: {
      reason: {
        'not-running': 'the local service is not running',
        refused: 'nothing answers at that address',
        dns: 'the host name was not found',
        reset: 'the connection was cut off',
        unreachable: 'the network cannot reach it',
        tls: 'the secure connection could not be set up',
        other: 'the connection failed',
      },
    },
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
    'local-service': {
      reason: {
        'engine-unavailable': 'its recognition engine is unavailable',
        'stopped-answering': 'it stopped answering',
        exited: 'it stopped',
        'health-check': 'its health check failed',
        'key-not-stored':
          'its key could not be stored in the keychain and is kept in memory while Kikitori retries',
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
    'word-rejected': {
      reason: {
        class: 'this engine has no class “{value}”',
        'reading-missing': 'it has no reading, and this engine needs one',
        'unknown-word': 'the engine does not know “{value}” in its reading',
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
    'job-title': {
      reason: {
        'too-long': 'it has {length} characters, and a name may have at most {max}; shorten it',
        control: 'it holds a line break or another control character; type it on one line',
      },
    },
    'program-unreachable': {
      reason: {
        stale:
          'its endpoint is left from a Kikitori that has stopped, and nothing answers there; the next Kikitori started on this folder replaces it',
        refused:
          'its endpoint refused the connection or is not Kikitori’s; check that the data folder is yours',
        'no-answer':
          'its endpoint did not answer within {seconds} s; Kikitori may be busy or stuck, so try again, or quit it and start it again',
        gone: 'Kikitori stopped while the program was using it; start Kikitori again, then run the command again',
        'not-served': 'it could not open its endpoint; other programs must wait until it is quit',
      },
    },
    'data-not-own': {
      reason: {
        owner: 'it belongs to another user',
        link: 'it is a link (name the folder it points to instead, if that one is yours)',
        'not-folder': 'it is not a folder',
        open: 'other users may write in it',
        socket: 'its program endpoint is not one that you made',
      },
    },
    'watch-folder': {
      reason: {
        missing: 'the folder is gone (deleted, renamed, or its disk taken out)',
        'not-folder': 'it is not a folder',
        unreadable: 'Kikitori has no permission to read it',
      },
    },
    'watch-refused': {
      reason: {
        missing: 'there is no such folder',
        'not-folder': 'it is not a folder',
        unreadable: 'Kikitori has no permission to read it',
        'not-absolute':
          'it is not a full path (one that starts at the top of the disk, like /home/you/Recordings)',
      },
    },
    'watch-output': {
      reason: {
        missing: 'the folder does not exist',
        'not-folder': 'it is not a folder',
        denied: 'it may not write there',
        'not-absolute': 'it is not a full path (one that starts at the top of the disk)',
      },
    },
    'calls-unavailable': {
      reason: {
        platform: 'this system offers no way to see which applications use the microphone',
        'no-server': 'no PulseAudio or PipeWire sound server answers',
        helper: 'the system’s audio sessions could not be read',
      },
    },
    'watch-held': {
      holder: {
        app: 'the Kikitori app (process {pid})',
        'command-line': 'the command “kikitori watch” (process {pid})',
        other: 'another Kikitori',
      },
    },
    'program-key': {
      reason: {
        'name-taken':
          'a key of that name exists already; choose another name, or revoke that key first',
        unknown:
          'no key has that name; Settings → Programs and “kikitori program-key list” show the names',
      },
    },
    'program-folder': {
      reason: {
        missing: 'there is no such folder',
        'not-folder': 'it is not a folder',
        unreadable: 'Kikitori has no permission to read it',
        'not-absolute':
          'it is not a full path (one that starts at the top of the disk, like /home/you/Recordings)',
      },
    },
    'program-refused': {
      reason: {
        'read-only':
          'this MCP server is read-only; start it with --allow-transcribe to let programs transcribe files',
        'not-allowed':
          'the file is not inside a folder allowed for programs; allow its folder in Settings → Programs, or start the server with --allow FOLDER',
      },
    },
  },
  wordRejections: {
    'quote-inside-field':
      'A quote (") is inside a field that does not start with one: put the whole field in quotes and double the inner quote.',
    'unclosed-quote': 'A quoted field is never closed: add the closing quote (").',
    'too-many-columns':
      'The line has {columns} columns, {separator}: a line is written, spoken and an optional class.',
    'empty-written': 'The written form (first column) is empty.',
    'invalid-field': 'The {field} {problem}.',
    duplicate: '“{written}” is already on line {line}: keep one of them.',
    'too-many-words': 'A profile holds at most {max} words.',
    'too-few-columns':
      'The line has no reading, word and part of speech separated by tabs, as the input method writes them.',
    'not-a-word': '“{pos}” is {kind}, not a word said aloud.',
    'no-reading': 'The word has no reading, and this engine needs one.',
    'reading-not-english':
      'This engine hears English words: the reading “{reading}” cannot be one. Add the word with an English reading instead.',
    'other-reading':
      '“{written}” is on line {line} with the reading “{reading}” already: a word keeps one reading here.',
  },
  wordRejectionSubCodes: {
    'too-many-columns': {
      separator: {
        tab: 'separated by tabs',
        comma: 'separated by commas (quote a field that holds a comma)',
      },
    },
    'invalid-field': {
      field: { written: 'written form', spoken: 'spoken form', classname: 'class' },
      problem: {
        empty: 'is empty',
        'too-long': 'is longer than {max} characters',
        'bad-characters': 'has leading or trailing spaces, a tab, a line break or "|"',
      },
    },
    'not-a-word': {
      kind: {
        shortcut: 'a shortcut (a short reading for a longer text)',
        emoticon: 'an emoticon',
        symbol: 'a symbol',
        suppressed: 'a word the input method is told to avoid',
        suggest: 'a suggestion only',
      },
    },
  },
};
