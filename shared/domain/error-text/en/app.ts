/** English: the errors of the app and its data folder, of programs and of watched folders. */
import type { LanguagePart } from '../render';

export const APP = {
  errors: {
    'invalid-input':
      'Kikitori received a request it cannot carry out. Reload the window and try again.',
    forbidden: 'Refused a request that did not come from Kikitori’s own window.',
    internal:
      'Something went wrong inside Kikitori. Try again; if it happens again, report it with the details.',
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
    'handover-refused':
      'Something at {url}, where Kikitori last ran for this data folder, answered but could not prove it is Kikitori, so nothing was opened. Stop the program that holds that address, then start Kikitori again.',
    'port-in-use':
      'Port {port} is already used by another program. Start Kikitori with another --port, or without --port to use a free one.',
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
    'program-key': 'Nothing was done with the program key “{name}”: {reason}.',
    'program-folder':
      'Programs cannot be allowed to transcribe files in {path}: {reason}. Choose a folder that is there and that Kikitori may read.',
    'program-refused': 'A program asked to transcribe {path}, and was refused: {reason}.',
  },
  errorSubCodes: {
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
} as const satisfies LanguagePart;
