/**
 * The export dialog: the formats to make at once, what they hold (speakers' names, times,
 * fillers, readings) and the subtitle rules, with the transcript's script's defaults. The core
 * renders every file (core/export/); the window only asks, then the host saves (Electron) or the
 * browser downloads. What was chosen is remembered for the next export.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditedTranscript } from '../../../../shared/domain/edits';
import type { AppError } from '../../../../shared/domain/errors';
import type { ExportChoice } from '../../../../shared/format/exporters';
import { hasFillers } from '../../../../shared/format/fillers';
import { hasSpeakers } from '../../../../shared/format/speakers';
import {
  scriptOf,
  SUBTITLE_DEFAULTS,
  SUBTITLE_LIMITS,
  type SubtitleRules,
} from '../../../../shared/format/subtitles';
import type { MessageKey } from '../../i18n';
import { useApp } from '../../store/store';
import { DialogActions } from '../../ui/dialog-actions';
import { ErrorBox } from '../../ui/error-box';
import { Modal } from '../../ui/modal';
import { FORMAT_LABELS, ORDER } from './format-labels';
import './export.css';

const RULES: ReadonlyArray<{
  key: keyof SubtitleRules;
  label: MessageKey;
  /** Shown in seconds (the rule is kept in ms, so any fraction a ms can hold: 5/6 s is 0.833). */
  seconds?: boolean;
  step: number | 'any';
}> = [
  { key: 'maxLine', label: 'exporting.rules.maxLine', step: 0.5 },
  { key: 'maxLines', label: 'exporting.rules.maxLines', step: 1 },
  { key: 'maxCueMs', label: 'exporting.rules.maxCue', seconds: true, step: 'any' },
  { key: 'minCueMs', label: 'exporting.rules.minCue', seconds: true, step: 'any' },
  { key: 'minGapMs', label: 'exporting.rules.minGap', step: 1 },
];

/** A rule as typed (seconds for durations) as the rule keeps it: ms, whole lines, half characters. */
function ruleValue(key: keyof SubtitleRules, typed: number): number {
  if (key === 'maxLine') return Math.round(typed * 2) / 2;
  if (key === 'maxCueMs' || key === 'minCueMs') return Math.round(typed * 1000);
  return Math.round(typed);
}

/**
 * What is exported: the open job (its transcript known: the options it has, its script's rules),
 * or several jobs from Jobs (each takes the rules last set for its own script).
 */
export type ExportTarget =
  | { readonly jobId: string; readonly edited: EditedTranscript }
  | { readonly jobIds: readonly string[] };

export function ExportDialog({ target }: { target: ExportTarget }) {
  const { t } = useTranslation();
  const id = useId();
  const lang = useApp((s) => s.lang);
  const prefs = useApp((s) => s.exportPrefs);
  const setPrefs = useApp((s) => s.setExportPrefs);
  const exportJob = useApp((s) => s.exportJob);
  const exportJobs = useApp((s) => s.exportJobs);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError>();
  const edited = 'edited' in target ? target.edited : undefined;
  const many = 'jobIds' in target ? target.jobIds : undefined;
  const corrected = edited === undefined || edited.edited === true;
  const offered = ORDER.filter((f) => corrected || f !== 'json-original');
  const chosen = prefs.formats.filter((f) => offered.includes(f));
  const speakers = edited === undefined || hasSpeakers(edited);
  const fillers = edited === undefined || hasFillers(edited);
  const script = edited && scriptOf(edited);
  const rules = script && { ...SUBTITLE_DEFAULTS[script], ...prefs.subtitles[script] };
  const subtitles = chosen.includes('srt') || chosen.includes('vtt');

  const toggle = (format: ExportChoice, on: boolean) =>
    setPrefs({
      ...prefs,
      formats: on ? [...chosen, format] : chosen.filter((f) => f !== format),
    });
  const setRule = (key: keyof SubtitleRules, value: number) => {
    const [min, max] = SUBTITLE_LIMITS[key];
    if (!script || !Number.isFinite(value) || value < min || value > max) return;
    setPrefs({
      ...prefs,
      subtitles: { ...prefs.subtitles, [script]: { ...prefs.subtitles[script], [key]: value } },
    });
  };
  const resetRules = () => {
    if (!script) return;
    const { [script]: _dropped, ...others } = prefs.subtitles;
    setPrefs({ ...prefs, subtitles: others });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0 || busy) return;
    setBusy(true);
    setError(undefined);
    const settings = {
      lang,
      fillers: prefs.fillers,
      speakers: prefs.speakers,
      times: prefs.times,
      readings: prefs.readings,
    };
    const exported =
      'jobIds' in target
        ? exportJobs({
            ids: target.jobIds,
            formats: chosen,
            settings,
            rules: prefs.subtitles,
            zipName: t('exporting.zipName', { count: target.jobIds.length }),
          })
        : exportJob({
            id: target.jobId,
            formats: chosen,
            settings: {
              ...settings,
              ...(script && prefs.subtitles[script] && { subtitles: prefs.subtitles[script] }),
            },
          });
    void exported.then((done) => {
      setBusy(false);
      if ('error' in done) return setError(done.error);
      if (done.saved.length > 0) setOpen(false);
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setError(undefined);
      }}
      trigger={
        many ? (
          <button
            type="button"
            className="button small"
            disabled={many.length === 0}
            data-testid="export-selected"
          >
            {t('exporting.openMany', { count: many.length })}
          </button>
        ) : (
          <button type="button" className="button small" data-testid="export">
            {t('exporting.open')}
          </button>
        )
      }
      title={many ? t('exporting.titleMany', { count: many.length }) : t('exporting.title')}
      description={many ? t('exporting.descriptionMany') : t('exporting.description')}
      wide
      testId="export-dialog"
    >
      <form className="export-form" onSubmit={submit}>
        <fieldset className="export-group">
          <legend>{t('exporting.formats')}</legend>
          <div className="export-formats">
            {offered.map((format) => (
              <label key={format} className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(format)}
                  onChange={(e) => toggle(format, e.target.checked)}
                  data-testid={`export-format-${format}`}
                />
                <span>{t(FORMAT_LABELS[format])}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="export-group">
          <legend>{t('exporting.content')}</legend>
          <div className="export-formats">
            {speakers && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={prefs.speakers}
                  onChange={(e) => setPrefs({ ...prefs, speakers: e.target.checked })}
                  data-testid="export-speakers"
                />
                <span>{t('exporting.speakers')}</span>
              </label>
            )}
            <label className="check">
              <input
                type="checkbox"
                checked={prefs.times}
                onChange={(e) => setPrefs({ ...prefs, times: e.target.checked })}
                data-testid="export-times"
              />
              <span>{t('exporting.times')}</span>
            </label>
            {fillers && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={prefs.fillers === 'drop'}
                  onChange={(e) =>
                    setPrefs({ ...prefs, fillers: e.target.checked ? 'drop' : 'show' })
                  }
                  data-testid="export-drop-fillers"
                />
                <span>{t('exporting.dropFillers')}</span>
              </label>
            )}
            {chosen.includes('html') && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={prefs.readings}
                  onChange={(e) => setPrefs({ ...prefs, readings: e.target.checked })}
                  data-testid="export-readings"
                />
                <span>{t('exporting.readings')}</span>
              </label>
            )}
          </div>
        </fieldset>
        {subtitles && !script && (
          <p className="hint" data-testid="export-rules-each">
            {t('exporting.rules.each')}
          </p>
        )}
        {subtitles && script && rules && (
          <fieldset className="export-group" data-testid="export-rules">
            <legend>
              {t(script === 'cjk' ? 'exporting.rules.titleCjk' : 'exporting.rules.titleSpaced')}
            </legend>
            <div className="export-rules">
              {RULES.map(({ key, label, seconds, step }) => (
                <div className="field" key={key}>
                  <label className="label" htmlFor={`${id}-${key}`}>
                    {t(label)}
                  </label>
                  <input
                    id={`${id}-${key}`}
                    className="input"
                    type="number"
                    inputMode="decimal"
                    min={SUBTITLE_LIMITS[key][0] / (seconds ? 1000 : 1)}
                    max={SUBTITLE_LIMITS[key][1] / (seconds ? 1000 : 1)}
                    step={step}
                    value={seconds ? rules[key] / 1000 : rules[key]}
                    onChange={(e) => setRule(key, ruleValue(key, Number(e.target.value)))}
                    data-testid={`export-rule-${key}`}
                  />
                </div>
              ))}
            </div>
            <p className="hint">
              {t(script === 'cjk' ? 'exporting.rules.hintCjk' : 'exporting.rules.hintSpaced')}
            </p>
            <button type="button" className="button small" onClick={resetRules}>
              {t('exporting.rules.reset')}
            </button>
          </fieldset>
        )}
        <ErrorBox error={error} className="file-error" />
        <DialogActions cancel={t('exporting.cancel')}>
          <button
            type="submit"
            className="button primary"
            disabled={chosen.length === 0 || busy}
            aria-busy={busy}
            data-testid="export-submit"
          >
            {t('exporting.submit', { count: chosen.length })}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}
