/** A choice among the keychain's keys, each shown by its label and last four characters. */
import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { KeyEntry } from '../../../../shared/domain/key';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly keys: readonly KeyEntry[];
  /** A first option with the empty value (no key). */
  readonly empty?: ReactNode;
}

export function KeySelect({ keys, empty, ...select }: Props) {
  return (
    <select className="select" {...select}>
      {empty !== undefined && <option value="">{empty}</option>}
      {keys.map((k) => (
        <option key={k.id} value={k.id}>
          {k.label} (…{k.last4})
        </option>
      ))}
    </select>
  );
}
