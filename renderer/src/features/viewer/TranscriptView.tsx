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
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canRedo,
  canUndo,
  editedTranscript,
  NO_EDITS,
  revertAll,
  type EditedTranscript,
} from '../../../../shared/domain/edits';
import { decodeD } from '../../../../shared/api/d-codec';
import { toTxt } from '../../../../shared/format/exporters';
import { blocksOf } from '../../../../shared/format/speakers';
import { useApp } from '../../store/store';
import { ExportMenu } from './ExportMenu';
import { useSpeakerName } from './speaker-name';
import { usePlayback } from './use-playback';
import { UtteranceList } from './UtteranceList';
import { WordList } from './WordList';
import { wordsOf, type Word } from './words';
import { hasReadings, shownBlocks, shownWords } from './shown';
import { isFiller } from '../../../../shared/format/fillers';
import { ErrorBox } from '../../ui/error-box';
import { FindBar } from './FindBar';
import { stepMatch, textMatches, wordMatches } from './find';
import { PlayerCard, usePlayerMedia } from './PlayerCard';
import { isPlayer, playerAction, SKIP_MS, stepRate, typingIn } from './player-keys';
import { ShortcutsDialog } from './ShortcutsDialog';
import { PLAYBACK_RATES } from '../../store/prefs-slice';
import { RenameDialog } from '../jobs/RenameDialog';
import { useActionError } from '../../ui/use-action-error';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import './viewer.css';

export function TranscriptView() {
  const { t } = useTranslation();
  const jobId = useApp((s) => s.openJob)!;
  const job = useApp((s) => s.jobs[jobId]);
  const loaded = useApp((s) => s.transcript);
  const close = useApp((s) => s.closeTranscript);
  // Opened from a search hit: the word view, on that word (it takes the focus, not the heading).
  const openWord = useApp((s) => s.openWord);
  const rate = useApp((s) => s.playbackRate);
  const setRate = useApp((s) => s.setPlaybackRate);
  const { attachAudio, playback } = usePlayback(rate);
  // Opened from a search: its find box holds the query, on the match the person chose.
  const openFind = useApp((s) => s.openFind);
  const [query, setQuery] = useState(openFind ?? '');
  const [view, setView] = useState(openWord === undefined ? 'text' : 'words');
  // Once: the word view shown again later starts where the person left it, not on the hit.
  const [openAt, setOpenAt] = useState(openWord);
  const [shortcuts, setShortcuts] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const { copied, failed: copyFailed, copy } = useCopy();
  const heading = useRef<HTMLHeadingElement>(null);
  const service = loaded?.jobId === jobId ? loaded.value : undefined;
  const edits = (loaded?.jobId === jobId ? loaded.edits : undefined) ?? NO_EDITS;
  const edited = useMemo(() => service && editedTranscript(service, edits), [service, edits]);
  const [showOriginal, setShowOriginal] = useState(false);
  const transcript: EditedTranscript | undefined = showOriginal ? service : edited;
  const editable = !showOriginal;
  const undoTranscriptEdit = useApp((s) => s.undoTranscriptEdit);
  const redoTranscriptEdit = useApp((s) => s.redoTranscriptEdit);
  const editTranscript = useApp((s) => s.editTranscript);
  const { error: editError, run } = useActionError();
  const speakerName = useSpeakerName(transcript?.speakerNames);
  // Copy follows the export's choices: speakers' names, fillers (never readings). Fillers are one
  // choice, the export's (exportPrefs.fillers): the viewer's Fillers button and the export
  // dialog's "Leave out fillers" both set it, so what is shown is what Copy and the files hold.
  const copyChoices = useApp((s) => s.exportPrefs);
  const setExportPrefs = useApp((s) => s.setExportPrefs);
  const showReadings = useApp((s) => s.showReadings);
  const setShowReadings = useApp((s) => s.setShowReadings);
  const connections = useApp((s) => s.connections);
  const teachDictionary = useApp((s) => s.teachDictionary);
  const teach = useMemo(() => {
    if (!job) return undefined;
    const d = decodeD(job.params.d);
    const params = d.ok ? d.data : {};
    const engine =
      params.grammarFileNames ?? connections.find((c) => c.id === job.connection)?.engine;
    if (!engine) return undefined;
    return (word: Word) =>
      teachDictionary({
        connection: job.connection,
        engine,
        profile: params.profileId ?? '',
        written: word.written,
        spoken: word.spoken ?? '',
        original: word.original ?? '',
      });
  }, [job, connections, teachDictionary]);
  const allWords = useMemo(() => (transcript ? wordsOf(transcript) : []), [transcript]);
  const blocks = useMemo(() => (transcript ? blocksOf(transcript) : []), [transcript]);
  // What is shown (./shown): fillers without marks or hidden, readings over words; every word
  // keeps its index, so edits, find and the player name the same words either way.
  const fillers = useMemo(() => allWords.some(isFiller), [allWords]);
  const readable = useMemo(() => hasReadings(allWords), [allWords]);
  const fillerMode = copyChoices.fillers;
  const words = useMemo(
    () => shownWords(allWords, { fillers: fillerMode, readings: showReadings && readable }),
    [allWords, fillerMode, showReadings, readable],
  );
  const shown = useMemo(
    () => (transcript ? shownBlocks(blocks, transcript, fillerMode) : blocks),
    [blocks, transcript, fillerMode],
  );
  // Find follows the box a moment behind while it types: a long transcript's marks are drawn in
  // the background, and a key typed meanwhile starts them again instead of waiting for them.
  // It finds in the text as shown: corrected, or the original while that is shown.
  const findQuery = useDeferredValue(query);
  const textHits = useMemo(() => textMatches(shown, findQuery), [shown, findQuery]);
  const wordHits = useMemo(() => wordMatches(words, findQuery), [words, findQuery]);
  const hitCount = view === 'text' ? textHits.count : wordHits.length;
  // Where find is, for this query and view (a new one starts at its first match).
  const [found, setFound] = useState({ query: findQuery, view, at: 0 });
  // (Reset while rendering, as React advises for state that follows a prop: a query typed again
  // after clearing the box starts at its first match.)
  if (found.query !== findQuery || found.view !== view) setFound({ query: findQuery, view, at: 0 });
  const at =
    found.query === findQuery && found.view === view
      ? Math.max(0, Math.min(found.at, hitCount - 1))
      : 0;
  // Opened on a search's match: find starts there once its matches are counted, so Enter goes
  // on to the next one.
  const [findFrom, setFindFrom] = useState(openFind ? openWord : undefined);
  if (findFrom !== undefined && findQuery === openFind && wordHits.length > 0) {
    const from = wordHits.findIndex((index) => index >= findFrom);
    setFindFrom(undefined);
    if (from > 0) setFound({ query: findQuery, view, at: from });
  }
  const moveFind = (by: 1 | -1) =>
    setFound({ query: findQuery, view, at: stepMatch(at, hitCount, by) });
  const currentText = view === 'text' && findQuery.trim() && hitCount > 0 ? at : -1;
  const currentWord = view === 'words' && findQuery.trim() ? (wordHits[at] ?? -1) : -1;
  useEffect(() => {
    const selector =
      currentText >= 0
        ? `[data-match="${currentText}"]`
        : currentWord >= 0
          ? `[data-i="${currentWord}"]`
          : undefined;
    if (!selector) return;
    document
      .querySelector(`[data-testid="viewer"] .viewer-panel[data-state="active"] ${selector}`)
      ?.scrollIntoView({ block: 'center' });
  }, [currentText, currentWord]);

  useEffect(() => {
    if (openWord === undefined) heading.current?.focus();
  }, [jobId, openWord]);
  const media = usePlayerMedia(jobId, job?.file.container, attachAudio);
  // What scrolls into view (a focused word, a passage, find's match) stops below the dock: the
  // scrolling panel's top padding for scrolling follows the dock's height.
  const attachDock = useCallback((element: HTMLDivElement | null) => {
    let scroller = element?.parentElement;
    while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY))
      scroller = scroller.parentElement;
    if (!element || !scroller) return;
    const panel = scroller;
    // A window too short for the dock lets it scroll with the text (viewer.css): then nothing
    // needs to stop below it.
    const observer = new ResizeObserver(() => {
      if (getComputedStyle(element).position === 'sticky')
        panel.style.setProperty('scroll-padding-top', `${element.offsetHeight + 8}px`);
      else panel.style.removeProperty('scroll-padding-top');
    });
    observer.observe(element);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      panel.style.removeProperty('scroll-padding-top');
    };
  }, []);

  const name = job?.file.name ?? '';
  const title = job?.title;
  return (
    <section
      className="view viewer"
      aria-labelledby="viewer-heading"
      data-testid="viewer"
      // A click on empty space leaves the focus in the viewer (not on the page), so its keys
      // (undo, redo, the player's) still work; not a tab stop.
      tabIndex={-1}
      onKeyDown={(e) => {
        // A key a field below claimed (the word editor's Enter, Escape, Tab) is its own.
        if (e.defaultPrevented) return;
        const typing = typingIn(e.target);
        // Undo and redo outside text fields (a field undoes its own typing); the player's own
        // Ctrl+Z is nothing, so there it undoes the last correction.
        const inField = typing && !isPlayer(e.target as HTMLElement);
        const key = e.key.toLowerCase();
        if (!inField && editable && (e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) {
          e.preventDefault();
          void run(key === 'y' || e.shiftKey ? redoTranscriptEdit() : undoTranscriptEdit());
          return;
        }
        const action = playerAction(e, typing);
        if (!action) return;
        e.preventDefault();
        if (action === 'toggle') playback.toggle();
        else if (action === 'back') playback.skip(-SKIP_MS);
        else if (action === 'forward') playback.skip(SKIP_MS);
        else if (action === 'slower') setRate(stepRate(PLAYBACK_RATES, rate, -1));
        else if (action === 'faster') setRate(stepRate(PLAYBACK_RATES, rate, 1));
        else setShortcuts(true);
      }}
      onKeyUp={(e) => {
        // A button would take the released Space as a click (and seek): Space only plays here.
        if (e.key === ' ' && (e.target as HTMLElement).tagName === 'BUTTON') e.preventDefault();
      }}
    >
      <div className="viewer-head">
        <button type="button" className="button small ghost" onClick={close}>
          ← {t('viewer.back')}
        </button>
        <h1 id="viewer-heading" className="view-title viewer-title" tabIndex={-1} ref={heading}>
          {title ?? name}
          {/* The space keeps the two names apart for a screen reader too. */}
          {title !== undefined ? (
            <>
              {' '}
              <span className="viewer-file" data-testid="viewer-file">
                {name}
              </span>
            </>
          ) : null}
        </h1>
        {job ? (
          <button
            type="button"
            className="button small ghost"
            onClick={() => setRenaming(true)}
            aria-label={t('rename.actionFor', { name: title ?? name })}
            data-testid="viewer-rename"
          >
            {t('rename.action')}
          </button>
        ) : null}
      </div>
      {job ? <RenameDialog jobId={jobId} open={renaming} onOpenChange={setRenaming} /> : null}
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
          <div className="viewer-dock" data-testid="viewer-dock" ref={attachDock}>
            <PlayerCard media={media} playback={playback} onShortcuts={() => setShortcuts(true)} />
            <div className="toolbar">
              <FindBar
                query={query}
                finding={findQuery.trim() !== ''}
                onQuery={setQuery}
                at={at}
                count={hitCount}
                onMove={moveFind}
              />
              <span className="spacer" />
              <button
                type="button"
                className="button small"
                onClick={() =>
                  void copy(
                    toTxt(edited!, {
                      speakerName,
                      fillers: copyChoices.fillers,
                      speakers: copyChoices.speakers,
                    }),
                  )
                }
              >
                {copied ? t('viewer.copied') : t('viewer.copy')}
              </button>
              <CopyFailed failed={copyFailed} />
              <ExportMenu edited={edited!} />
            </div>
          </div>
          <ShortcutsDialog open={shortcuts} onOpenChange={setShortcuts} />
          <div className="edit-bar">
            <BarButton
              enabled={editable && canUndo(edits)}
              title={t('viewer.undoHint')}
              aria-keyshortcuts="Control+Z"
              onAct={() => void run(undoTranscriptEdit())}
            >
              {t('viewer.undo')}
            </BarButton>
            <BarButton
              enabled={editable && canRedo(edits)}
              title={t('viewer.redoHint')}
              aria-keyshortcuts="Control+Shift+Z"
              onAct={() => void run(redoTranscriptEdit())}
            >
              {t('viewer.redo')}
            </BarButton>
            <BarButton
              enabled={editable && edited?.edited === true}
              onAct={() => void run(editTranscript(revertAll()))}
            >
              {t('viewer.revertAll')}
            </BarButton>
            <button
              type="button"
              className="button small"
              aria-pressed={showOriginal}
              data-testid="show-original"
              onClick={() => setShowOriginal((on) => !on)}
            >
              {t('viewer.showOriginal')}
            </button>
            {readable ? (
              <button
                type="button"
                className="button small"
                aria-pressed={showReadings}
                data-testid="show-readings"
                title={t('viewer.readingsHint')}
                onClick={() => setShowReadings(!showReadings)}
              >
                {t('viewer.readings')}
              </button>
            ) : null}
            {fillers ? (
              <button
                type="button"
                className="button small"
                aria-pressed={fillerMode === 'show'}
                data-testid="show-fillers"
                title={t('viewer.fillersHint')}
                onClick={() =>
                  setExportPrefs({
                    ...copyChoices,
                    fillers: fillerMode === 'show' ? 'drop' : 'show',
                  })
                }
              >
                {t('viewer.fillers')}
              </button>
            ) : null}
            <ErrorBox error={editError} />
          </div>
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
                matches={textHits}
                currentMatch={currentText}
                speakerName={speakerName}
                edit={editable ? editTranscript : undefined}
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
                query={findQuery}
                currentMatch={currentWord}
                speakerName={speakerName}
                edit={editable ? editTranscript : undefined}
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

/**
 * A button of the edit bar that stays focusable while it cannot act (aria-disabled, drawn as
 * disabled): Undo pressed until it greys out keeps the focus, and Ctrl+Z / Ctrl+Shift+Z with it,
 * where a disabled button would drop the focus to the page.
 */
function BarButton({
  enabled,
  onAct,
  children,
  ...rest
}: {
  enabled: boolean;
  onAct: () => void;
  children: React.ReactNode;
  title?: string;
  'aria-keyshortcuts'?: string;
}) {
  return (
    <button
      type="button"
      className="button small"
      aria-disabled={!enabled}
      onClick={enabled ? onAct : undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
