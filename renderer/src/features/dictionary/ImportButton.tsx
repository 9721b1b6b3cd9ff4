/**
 * Import: a file read here in the window, its report and preview, then replace or add. An input
 * method's export (Microsoft IME, Google Japanese Input, ATOK: shared/domain/ime-dictionary/,
 * known by its content) is read for the engine chosen; anything else is a TSV or CSV word table
 * (shared/domain/word-table.ts, the same code as Export).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appError, type AppError } from '../../../../shared/domain/errors';
import {
  importImeWords,
  type ImeImport,
} from '../../../../shared/domain/ime-dictionary/ime-import';
import { parseWordTable, type WordTableImport } from '../../../../shared/domain/word-table';
import { LIMITS } from '../../../../shared/api/codes';
import { engineRules, wordOf } from '../../store/word-rows';
import { countAfterMerge, ImePreview } from './ImePreview';
import { useErrorText, useWordRejectionText } from '../../ui/error-text';
import { useApp, useAppStore } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { Modal } from '../../ui/modal';

type Report = WordTableImport | ImeImport;
const isIme = (report: Report): report is ImeImport => 'encoding' in report;
type State =
  | { step: 'closed' }
  | { step: 'report'; name: string; report: Report }
  | { step: 'failed'; name: string; error: AppError };

const SHOWN_REJECTS = 200;

export function ImportButton() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const wordRejectionText = useWordRejectionText();
  const applyImport = useApp((s) => s.applyImport);
  const store = useAppStore();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<State>({ step: 'closed' });
  // Added to the table, an import may take the profile past its limit: only Replace is offered.
  const overLimit = useApp(
    (s) =>
      state.step === 'report' &&
      countAfterMerge(s.wordRows.map(wordOf), state.report.words) > LIMITS.profileMaxWords,
  );

  const read = async (file: File) => {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (error) {
      const reason = file.size === 0 ? 'empty' : 'unreadable';
      setState({
        step: 'failed',
        name: file.name,
        error: appError('file', { path: file.name, reason }, String(error)),
      });
      return;
    }
    const { dictEngine, dictClassnames } = store.getState();
    const ime = importImeWords(bytes, engineRules(dictEngine, dictClassnames));
    if (ime) return setState({ step: 'report', name: file.name, report: ime });
    const text = new TextDecoder().decode(bytes);
    const format = /\.csv$/i.test(file.name)
      ? 'csv'
      : /\.(tsv|tab|txt)$/i.test(file.name)
        ? 'tsv'
        : undefined;
    setState({ step: 'report', name: file.name, report: parseWordTable(text, format) });
  };
  const rejectText = (r: Report['rejected'][number]) => wordRejectionText(r.reason);
  const finish = (merge: boolean) => {
    if (state.step === 'report') applyImport(state.report.words, merge);
    setState({ step: 'closed' });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".tsv,.csv,.txt,text/tab-separated-values,text/csv,text/plain"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void read(file);
        }}
      />
      <button ref={button} type="button" className="button" onClick={() => input.current?.click()}>
        {t('dictionary.import')}
      </button>
      <Modal
        open={state.step !== 'closed'}
        onOpenChange={(o) => !o && setState({ step: 'closed' })}
        title={t('dictionary.importTitle', { name: state.step === 'closed' ? '' : state.name })}
        wide
        testId="import-report"
        returnFocus={() => button.current}
      >
        {state.step === 'failed' && (
          <Dialog.Description className="error-box" role="alert">
            {errorText(state.error)}
          </Dialog.Description>
        )}
        {state.step === 'report' && (
          <>
            {isIme(state.report) ? (
              <Dialog.Description asChild>
                <div>
                  <ImePreview report={state.report} />
                </div>
              </Dialog.Description>
            ) : (
              <Dialog.Description className="dialog-text">
                {t('dictionary.importRead', {
                  count: state.report.words.length,
                  format: state.report.format.toUpperCase(),
                })}
              </Dialog.Description>
            )}
            <NoReading words={state.report.words} />
            {state.report.rejected.length > 0 && (
              <div className="reject-box">
                <p>{t('dictionary.importRejected', { count: state.report.rejected.length })}</p>
                <ul className="reject-list">
                  {state.report.rejected.slice(0, SHOWN_REJECTS).map((r) => (
                    <li key={r.line}>
                      <strong>{t('dictionary.importLine', { line: r.line })}</strong>
                      <span className="mono reject-text">{r.text}</span>
                      <span>{rejectText(r)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
        <DialogActions cancel={t('dictionary.cancel')}>
          {state.step === 'report' && state.report.words.length > 0 && (
            <>
              {/* Replacing drops every word not in the file: never the highlighted default. */}
              <button type="button" className="button danger-text" onClick={() => finish(false)}>
                {t('dictionary.replaceTable')}
              </button>
              {overLimit ? null : (
                <button type="button" className="button primary" onClick={() => finish(true)}>
                  {t('dictionary.mergeTable')}
                </button>
              )}
            </>
          )}
        </DialogActions>
      </Modal>
    </>
  );
}

const SHOWN_UNREAD = 10;

/** Lines kept without a reading: engines that hear readings (the local one) will refuse them. */
function NoReading({ words }: { words: Report['words'] }) {
  const { t } = useTranslation();
  const unread = words.filter((w) => !w.spoken).map((w) => w.written);
  if (unread.length === 0) return null;
  const shown = unread.slice(0, SHOWN_UNREAD).map((w) => t('dictionary.quoted', { text: w }));
  const more = unread.length - shown.length;
  return (
    <p className="reject-box" data-testid="import-no-reading">
      {t('dictionary.importNoReading', {
        count: unread.length,
        words: shown.join(t('dictionary.listSeparator')),
      })}
      {more > 0 && ` ${t('dictionary.importNoReadingMore', { count: more })}`}
    </p>
  );
}
