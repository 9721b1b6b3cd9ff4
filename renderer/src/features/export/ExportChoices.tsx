/**
 * The export dialog's choices: the formats to make at once, and what they hold (speakers' names,
 * times, fillers, readings), each offered only where the transcript has it. Remembered for the
 * next export.
 */
import { useTranslation } from 'react-i18next';
import type { ExportChoice } from '../../../../shared/format/exporters';
import { useApp } from '../../store/store';
import { FORMAT_LABELS } from './format-labels';

export function FormatChoices({
  offered,
  chosen,
}: {
  offered: readonly ExportChoice[];
  chosen: readonly ExportChoice[];
}) {
  const { t } = useTranslation();
  const prefs = useApp((s) => s.exportPrefs);
  const setPrefs = useApp((s) => s.setExportPrefs);
  const toggle = (format: ExportChoice, on: boolean) =>
    setPrefs({
      ...prefs,
      formats: on ? [...chosen, format] : chosen.filter((f) => f !== format),
    });
  return (
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
  );
}

export function ContentChoices({
  speakers,
  fillers,
  readings,
}: {
  /** The transcript has speakers (or it is not known: several jobs). */
  speakers: boolean;
  /** The transcript has fillers (or it is not known). */
  fillers: boolean;
  /** Readings can be chosen (HTML is among the formats). */
  readings: boolean;
}) {
  const { t } = useTranslation();
  const prefs = useApp((s) => s.exportPrefs);
  const setPrefs = useApp((s) => s.setExportPrefs);
  return (
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
              onChange={(e) => setPrefs({ ...prefs, fillers: e.target.checked ? 'drop' : 'show' })}
              data-testid="export-drop-fillers"
            />
            <span>{t('exporting.dropFillers')}</span>
          </label>
        )}
        {readings && (
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
  );
}
