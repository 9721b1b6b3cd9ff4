/**
 * A speaker's name: the one a person gave it in this transcript (shared/domain/edits.ts), else in
 * the window's language, `speaker0` → "Speaker 1" / "話者 1".
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { speakerNumber } from '../../../../shared/format/speakers';

export function useSpeakerName(
  names?: Readonly<Record<string, string>>,
): (label: string) => string {
  const { t } = useTranslation();
  // Each correction gives the transcript a new names object: the function changes only when a
  // name does, so the word list's chunks are not all drawn again.
  const key = names ? JSON.stringify(names) : '';
  const given = useMemo(() => (key ? (JSON.parse(key) as Record<string, string>) : {}), [key]);
  return useCallback(
    (label: string) => {
      if (Object.hasOwn(given, label)) return given[label]!;
      const n = speakerNumber(label);
      return n === undefined ? label : t('viewer.speaker', { n });
    },
    [t, given],
  );
}

/**
 * Whether `typed` leaves a speaker as it is: the name given it (`given`, '' when none), or, with
 * none given, the default name it shows (`shown`). Nothing is then stored.
 */
export function sameSpeakerName(typed: string, given: string, shown: string): boolean {
  const name = typed.trim();
  return name === given || (given === '' && name === shown);
}
