/** A speaker's name in the window's language: `speaker0` → "Speaker 1" / "話者 1". */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { speakerNumber } from '../../../../shared/format/speakers';

export function useSpeakerName(): (label: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (label: string) => {
      const n = speakerNumber(label);
      return n === undefined ? label : t('viewer.speaker', { n });
    },
    [t],
  );
}
