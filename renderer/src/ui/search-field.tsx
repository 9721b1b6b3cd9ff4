/** A search box whose placeholder is also its (hidden) label. */
import type { Ref } from 'react';

interface Props {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly testId?: string;
  readonly ref?: Ref<HTMLInputElement>;
}

export function SearchField({ label, value, onChange, testId, ref }: Props) {
  return (
    <label className="find">
      <span className="visually-hidden">{label}</span>
      <input
        ref={ref}
        type="search"
        className="input"
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}
