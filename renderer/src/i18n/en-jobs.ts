/** English strings of the Jobs screen: they load with its code (app/screens.tsx). The status names stay in en.ts: Transcribe's recent jobs show them. */
import type { MessagesOf } from './messages-of';

export const enJobs = {
  jobs: {
    heading: 'Jobs',
    search: 'Search file names and transcripts',
    select: 'Select {{name}}',
    selectAll: 'Select all finished',
    clearSelection: 'Clear selection',
    selected_one: '{{count}} job selected',
    selected_other: '{{count}} jobs selected',
    filter: 'Status',
    all: 'All',
    count_one: '{{count}} job',
    count_other: '{{count}} jobs',
    empty: 'No jobs yet. Transcribe a file and it appears here.',
    noMatch: 'No job matches this filter.',
    columns: {
      file: 'File',
      connection: 'Connection',
      mode: 'Mode',
      session: 'Session ID',
      created: 'Created',
      duration: 'Took',
      status: 'Status',
      actions: 'Actions',
    },
    mode: {
      sync: 'Direct',
      async: 'Job',
      live: 'Live',
    },
    edited: 'Corrected',
    watched: 'Watched folder',
    watchedFrom: 'From the watched folder {{folder}}',
    cutOff:
      'Cut off: Kikitori stopped, or the disk filled, during this live session. Everything finalized is kept.',
    recordedLength: 'Recorded {{time}}',
    underASecond: 'under a second',
    copySession: 'Copy session ID {{id}}',
    open: 'Open',
    retry: 'Retry',
    remove: 'Remove',
    actionsFor: 'Actions for {{name}}',
    removeTitle: 'Remove {{name}} from Kikitori?',
    removeBody:
      'The job and its transcript leave this list. The service’s own copy of the job is left alone.',
    cancel: 'Cancel',
    stop: 'Stop',
    confirmRemove: 'Remove',
    pollProblem: 'Checking again later: {{problem}}',
    hits: {
      searching: 'Searching transcripts…',
      more_one:
        'The first {{count}} transcript holding this is listed; add a word to narrow the search.',
      more_other:
        'The first {{count}} transcripts holding this are listed; add a word to narrow the search.',
      indexing: 'Still indexing older transcripts, so some may be missing.',
      matches_one: '{{count}} match',
      matches_other: '{{count}} matches',
      inTranscript: 'Matches in the transcript',
    },
  },
};

export type JobsMessages = MessagesOf<typeof enJobs>;
