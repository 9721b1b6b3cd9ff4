/**
 * The transcript the viewer shows for a job: the service's with the job's edits applied, or the
 * service's alone while "Show original" is on; its words and speaker blocks, and what is drawn of
 * them (./shown): fillers without marks or hidden, readings over words. Every word keeps its
 * index, so edits, find and the player name the same words either way.
 */
import { useMemo } from 'react';
import { editedTranscript, NO_EDITS, type EditedTranscript } from '../../../../shared/domain/edits';
import { isFiller } from '../../../../shared/format/fillers';
import { blocksOf } from '../../../../shared/format/speakers';
import { useApp } from '../../store/store';
import { hasReadings, shownBlocks, shownWords } from './shown';
import { wordsOf } from './words';

export function useShownTranscript(jobId: string, showOriginal: boolean) {
  const loaded = useApp((s) => s.transcript);
  const fillerMode = useApp((s) => s.exportPrefs.fillers);
  const showReadings = useApp((s) => s.showReadings);
  const service = loaded?.jobId === jobId ? loaded.value : undefined;
  const edits = (loaded?.jobId === jobId ? loaded.edits : undefined) ?? NO_EDITS;
  const edited = useMemo(() => service && editedTranscript(service, edits), [service, edits]);
  const transcript: EditedTranscript | undefined = showOriginal ? service : edited;
  const allWords = useMemo(() => (transcript ? wordsOf(transcript) : []), [transcript]);
  const blocks = useMemo(() => (transcript ? blocksOf(transcript) : []), [transcript]);
  const fillers = useMemo(() => allWords.some(isFiller), [allWords]);
  const readable = useMemo(() => hasReadings(allWords), [allWords]);
  const words = useMemo(
    () => shownWords(allWords, { fillers: fillerMode, readings: showReadings && readable }),
    [allWords, fillerMode, showReadings, readable],
  );
  const shown = useMemo(
    () => (transcript ? shownBlocks(blocks, transcript, fillerMode) : blocks),
    [blocks, transcript, fillerMode],
  );
  return { loaded, edits, edited, transcript, blocks, shown, words, fillers, readable };
}
