/**
 * A job's transcript: the source audio, the text by utterance and the words with times and
 * confidence; find, copy and export. Space plays or pauses anywhere in the viewer except in a
 * text field.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toTxt } from '../../../../shared/format/exporters';
import { blocksOf } from '../../../../shared/format/speakers';
import { useApp } from '../../store/store';
import { ExportMenu } from './ExportMenu';
import { useSpeakerName } from './speaker-name';
import { usePlayback } from './use-playback';
import { UtteranceList } from './UtteranceList';
import { WordList } from './WordList';
import { matchesIn, wordsOf } from './words';
import { ErrorBox } from '../../ui/error-box';
import { SearchField } from '../../ui/search-field';
import { CopyFailed, useCopy } from '../../ui/use-copy';
import './viewer.css';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function TranscriptView() {
  const { t } = useTranslation();
  const mediaUrlOf = useApp((s) => s.mediaUrlOf);
  const jobId = useApp((s) => s.openJob)!;
  const job = useApp((s) => s.jobs[jobId]);
  const loaded = useApp((s) => s.transcript);
  const close = useApp((s) => s.closeTranscript);
  // Opened from a search hit: the word view, on that word (it takes the focus, not the heading).
  const openWord = useApp((s) => s.openWord);
  const { attachAudio, playback } = usePlayback();
  const [query, setQuery] = useState('');
  const [view, setView] = useState(openWord === undefined ? 'text' : 'words');
  // Once: the word view shown again later starts where the person left it, not on the hit.
  const [openAt, setOpenAt] = useState(openWord);
  const { copied, failed: copyFailed, copy } = useCopy();
  const heading = useRef<HTMLHeadingElement>(null);
  const transcript = loaded?.jobId === jobId ? loaded.value : undefined;
  const speakerName = useSpeakerName();
  const words = useMemo(() => (transcript ? wordsOf(transcript) : []), [transcript]);
  const blocks = useMemo(() => (transcript ? blocksOf(transcript) : []), [transcript]);
  const matchCount = useMemo(
    () => blocks.reduce((n, b) => n + matchesIn(b.text, query).length, 0),
    [blocks, query],
  );

  useEffect(() => {
    if (openWord === undefined) heading.current?.focus();
  }, [jobId, openWord]);
  // In browser mode the player's address carries a ticket for it, asked for once per job.
  // (Kept with the job it is for: another job's address is never shown while the next is asked.)
  const [media, setMedia] = useState<{ jobId: string; url: string | undefined }>();
  useEffect(() => {
    let current = true;
    void mediaUrlOf(jobId).then((url) => current && setMedia({ jobId, url }));
    return () => {
      current = false;
    };
  }, [mediaUrlOf, jobId]);
  const mediaSrc = media?.jobId === jobId ? media.url : undefined;

  const name = job?.file.name ?? '';
  return (
    <section
      className="view viewer"
      aria-labelledby="viewer-heading"
      data-testid="viewer"
      onKeyDown={(e) => {
        if (e.key !== ' ' || TYPING.has((e.target as HTMLElement).tagName)) return;
        if ((e.target as HTMLElement).tagName === 'AUDIO') return;
        e.preventDefault();
        playback.toggle();
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
          {name}
        </h1>
      </div>
      <ErrorBox error={loaded?.error} className="file-error" />
      {!loaded ? <p className="muted">{t('viewer.loading')}</p> : null}
      {loaded && !transcript && !loaded.error ? (
        <div className="empty">
          <p>{t('viewer.noTranscript')}</p>
        </div>
      ) : null}
      {transcript ? (
        <>
          <div className="player-card">
            <audio
              ref={attachAudio}
              className="player"
              controls
              preload="metadata"
              src={mediaSrc}
              aria-label={t('viewer.player')}
              data-testid="player"
            />
            <p className="muted hint">
              {playback.failed ? t('viewer.noAudio') : t('viewer.spaceHint')}
            </p>
          </div>
          <div className="toolbar">
            <SearchField label={t('viewer.find')} value={query} onChange={setQuery} testId="find" />
            {query.trim() ? (
              <span className="muted" role="status">
                {t('viewer.matches', { count: matchCount })}
              </span>
            ) : null}
            <span className="spacer" />
            <button
              type="button"
              className="button small"
              onClick={() => void copy(toTxt(transcript, { speakerName }))}
            >
              {copied ? t('viewer.copied') : t('viewer.copy')}
            </button>
            <CopyFailed failed={copyFailed} />
            <ExportMenu transcript={transcript} sourceName={name} />
          </div>
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
              <UtteranceList blocks={blocks} playback={playback} query={query} />
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
                query={query}
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
