/** English strings of Settings → Watched folders (kept apart to merge cleanly). */
export const enWatch = {
  watch: {
    heading: 'Watched folders',
    intro:
      'While Kikitori runs, each audio or video file that appears in these folders is transcribed once, when it has been written, and its transcript saved in the formats you choose. Files already in a folder when you add it are left alone. Each job is marked “Watched folder” in Jobs.',
    none: 'No folder is watched yet.',
    add: 'Add folder…',
    adding: 'Adding…',
    pathLabel: 'Folder to watch (its full path)',
    pathHint: 'For example /home/you/Recordings. Kikitori checks that it is a folder it may read.',
    addTyped: 'Watch this folder',
    list: 'Watched folders',
    state: {
      watching: 'Watching',
      off: 'Off',
      problem: 'Not watched',
    },
    formats: 'Formats',
    lastFormat: 'At least one format is written.',
    output: 'Output folder',
    nextToFile: 'Next to each file',
    chooseOutput: 'Choose…',
    chooseOutputFor: 'Choose the output folder for {{folder}}',
    outputInBrowser:
      'In the browser, transcripts are written next to each file. To write them into another folder, use kikitori watch --out, or the desktop app.',
    useNextToFile: 'Write next to each file instead',
    useNextToFileFor: 'Write the transcripts of {{folder}} next to each file',
    recursive: 'Include subfolders',
    enabled: 'Watch this folder',
    remove: 'Remove',
    removeFor: 'Stop watching {{folder}} and remove it from this list',
  },
};
