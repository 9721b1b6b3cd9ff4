/** A choice among the keychain's keys, each shown by its label and last four characters. */
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyEntry } from '../../../../shared/domain/key';
import { keyLabel } from '../../ui/display-names';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly keys: readonly KeyEntry[];
  /** A first option with the empty value (no key). */
  readonly empty?: ReactNode;
}

export function KeySelect({ keys, empty, ...select }: Props) {
  const { t } = useTranslation();
  return (
    <select className="select" {...select}>
      {empty !== undefined && <option value="">{empty}</option>}
      {keys.map((k) => (
        <option key={k.id} value={k.id}>
          {keyLabel(k, t)} (…{k.last4})
        </option>
      ))}
    </select>
  );
}
