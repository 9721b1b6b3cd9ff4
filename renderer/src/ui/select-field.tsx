/** A labelled <select>: the one way every picker in the window is written. */
import type { ReactNode } from 'react';
import { ConnectionName, EngineName } from './display-names';

export interface SelectOption {
  readonly value: string;
  readonly label: ReactNode;
  readonly lang?: string;
}

interface Props {
  readonly label: ReactNode;
  readonly value: string;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: string) => void;
  /** The header's and toolbars' inline layout instead of a form row. */
  readonly compact?: boolean;
  /** A first option with the empty value (none chosen yet). */
  readonly empty?: ReactNode;
  readonly disabled?: boolean;
  readonly testId?: string;
}

export function SelectField({
  label,
  value,
  options,
  onChange,
  compact,
  empty,
  disabled,
  testId,
}: Props) {
  return (
    <label className={compact ? 'compact-field' : 'field'}>
      <span className="label">{label}</span>
      <select
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        data-testid={testId}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Options whose label is the value itself (engine names, profile ids). */
export const plainOptions = (values: Iterable<string>): SelectOption[] =>
  [...values].map((v) => ({ value: v, label: v }));

/** An engine's id chosen by its readable name (with the id beside it). */
export const engineOptions = (names: Iterable<string>): SelectOption[] =>
  [...names].map((name) => ({ value: name, label: <EngineName name={name} /> }));

/** A connection's id chosen by its name. */
export const connectionOptions = (
  connections: readonly { readonly id: string; readonly name: string }[],
): SelectOption[] =>
  connections.map((c) => ({ value: c.id, label: <ConnectionName connection={c} /> }));
