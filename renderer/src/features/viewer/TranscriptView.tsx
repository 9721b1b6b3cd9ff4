/**
 * A job's transcript: the source audio with skip and speed, the text by utterance and the words
 * with times and confidence; find ("3 of 41", next and previous), copy, export and rename. The
 * player's keys (./player-keys) work anywhere in the viewer, some even in a text field.
 *
 * What is shown, copied and exported is the transcript as a person corrected it: the
 * service's with the job's edits applied (shared/domain/edits.ts). "Show original" shows the
 * service's; Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo, outside a text field.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { useSpeakerName } from './speaker-name';
import { usePlayback } from './use-playback';
import { UtteranceList } from './UtteranceList';
import { WordList } from './WordList';
import { ErrorBox } from '../../ui/error-box';
import { usePlayerMedia } from './PlayerCard';
import { ShortcutsDialog } from './ShortcutsDialog';
import { EditBar } from './EditBar';
import { useEditCommands } from './use-edit-commands';
import { useShownTranscript } from './use-shown-transcript';
import { useTeach } from './use-teach';
import { useViewerFind } from './use-viewer-find';
import { useViewerKeys } from './use-viewer-keys';
import { ViewerDock } from './ViewerDock';
import { ViewerHead } from './ViewerHead';
import './viewer.css';

export function TranscriptView() {
  const { t } = useTranslation();
  const jobId = useApp((s) => s.openJob)!;
  const job = useApp((s) => s.jobs[jobId]);
  // Opened from a search hit: the word view, on that word (it takes the focus, not the heading).
  const openWord = useApp((s) => s.openWord);
  const rate = useApp((s) => s.playbackRate);
  const { attachAudio, playback } = usePlayback(rate);
  // Opened from a search: its find box holds the query, on the match the person chose.
  const openFind = useApp((s) => s.openFind);
  const [view, setView] = useState(openWord === undefined ? 'text' : 'words');
  // Once: the word view shown again later starts where the person left it, not on the hit.
  const [openAt, setOpenAt] = useState(openWord);
  const [shortcuts, setShortcuts] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [showOriginal, setShowOriginal] = useState(false);
  const { loaded, edits, edited, transcript, blocks, shown, words, fillers, readable } =
    useShownTranscript(jobId, showOriginal);
  const commands = useEditCommands(edits, edited, !showOriginal);
  const speakerName = useSpeakerName(transcript?.speakerNames);
  const teach = useTeach(job);
  const find = useViewerFind({ shown, words, view, openFind, openWord });
  const keys = useViewerKeys(commands, playback, () => setShortcuts(true));

  useEffect(() => {
    if (openWord === undefined) heading.current?.focus();
  }, [jobId, openWord]);
  const media = usePlayerMedia(jobId, job?.file.container, attachAudio);

  return (
    <section
      className="view viewer"
      aria-labelledby="viewer-heading"
      data-testid="viewer"
      // A click on empty space leaves the focus in the viewer (not on the page), so its keys
      // (undo, redo, the player's) still work; not a tab stop.
      tabIndex={-1}
      onKeyDown={keys.onKeyDown}
      onKeyUp={keys.onKeyUp}
    >
      <ViewerHead jobId={jobId} job={job} headingRef={heading} />
      <ErrorBox error={loaded?.error} className="file-error" />
      {!loaded ? <p className="muted">{t('viewer.loading')}</p> : null}
      {loaded && !transcript && !loaded.error ? (
        <div className="empty">
          <p>{t('viewer.noTranscript')}</p>
        </div>
      ) : null}
      {transcript ? (
        <>
          {/* The player and find stay on screen while a long transcript scrolls under them. */}
          <ViewerDock
            media={media}
            playback={playback}
            onShortcuts={() => setShortcuts(true)}
            find={find}
            edited={edited!}
            speakerName={speakerName}
          />
          <ShortcutsDialog open={shortcuts} onOpenChange={setShortcuts} />
          <EditBar
            commands={commands}
            showOriginal={showOriginal}
            onShowOriginal={setShowOriginal}
            readable={readable}
            fillers={fillers}
          />
          <p className="muted hint" role={showOriginal ? 'status' : undefined}>
            {showOriginal ? t('viewer.showingOriginal') : t('viewer.editHint')}
          </p>
          <Tabs.Root value={view} onValueChange={setView} className="viewer-tabs">
            <Tabs.List className="segmented" aria-label={t('viewer.heading')}>
              <Tabs.Trigger value="text" className="segment">
                {t('viewer.utterances')}
              </Tabs.Trigger>
              <Tabs.Trigger value="words" className="segment">
                {t('viewer.words')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="text" className="viewer-panel">
              <UtteranceList
                blocks={blocks}
                shown={shown}
                words={words}
                transcript={transcript}
                playback={playback}
                matches={find.textHits}
                currentMatch={find.currentText}
                speakerName={speakerName}
                edit={commands.edit}
              />
            </Tabs.Content>
            <Tabs.Content value="words" className="viewer-panel">
              <p className="muted legend">
                <span className="word is-low" aria-hidden="true">
                  abc
                </span>{' '}
                {t('viewer.legend')}
              </p>
              <WordList
                words={words}
                playback={playback}
                query={find.findQuery}
                currentMatch={find.currentWord}
                speakerName={speakerName}
                edit={commands.edit}
                teach={teach}
                openAt={openAt}
                onOpened={() => setOpenAt(undefined)}
              />
            </Tabs.Content>
          </Tabs.Root>
        </>
      ) : null}
    </section>
  );
}
