/**
 * A speaker's name: the one a person gave it in this transcript (shared/domain/edits.ts), else in
 * the window's language, `speaker0` → "Speaker 1" / "話者 1".
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { speakerNumber } from '../../../../shared/format/speakers';

export function useSpeakerName(
  names?: Readonly<Record<string, string>>,
): (label: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (label: string) => {
      const given = names?.[label];
      if (given !== undefined) return given;
      const n = speakerNumber(label);
      return n === undefined ? label : t('viewer.speaker', { n });
    },
    [t, names],
  );
}
