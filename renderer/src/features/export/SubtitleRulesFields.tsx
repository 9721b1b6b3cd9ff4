/**
 * The subtitle rules for one script (line length, lines, a cue's longest and shortest time, the
 * gap between cues), typed in the units a person thinks in, kept within their limits; and back
 * to the script's defaults.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUBTITLE_LIMITS,
  type Script,
  type SubtitleRules,
} from '../../../../shared/format/subtitles';
import type { MessageKey } from '../../i18n';
import { useApp } from '../../store/store';

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

export function SubtitleRulesFields({ script, rules }: { script: Script; rules: SubtitleRules }) {
  const { t } = useTranslation();
  const id = useId();
  const prefs = useApp((s) => s.exportPrefs);
  const setPrefs = useApp((s) => s.setExportPrefs);
  const setRule = (key: keyof SubtitleRules, value: number) => {
    const [min, max] = SUBTITLE_LIMITS[key];
    if (!Number.isFinite(value) || value < min || value > max) return;
    setPrefs({
      ...prefs,
      subtitles: { ...prefs.subtitles, [script]: { ...prefs.subtitles[script], [key]: value } },
    });
  };
  const resetRules = () => {
    const { [script]: _dropped, ...others } = prefs.subtitles;
    setPrefs({ ...prefs, subtitles: others });
  };
  return (
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
  );
}
