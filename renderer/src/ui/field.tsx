/**
 * A form's labelled control, the one way every field of the window is written: the label, the
 * control, then the field's error or hint; and the ids and aria that tie a control to its error.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n';

interface FieldProps {
  /** The control's id, which the label points at. */
  readonly id: string;
  readonly label: ReactNode;
  /** Layout classes beside `field` (span-2, indent, grow). */
  readonly layout?: string;
  /** The error or hint under the control. */
  readonly note?: ReactNode;
  readonly children: ReactNode;
}

export function Field({ id, label, layout, note, children }: FieldProps) {
  return (
    <div className={layout ? `field ${layout}` : 'field'}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      {note}
    </div>
  );
}

/** A Field whose control is a text input (`input` styled unless told otherwise). */
export function TextField({
  id,
  label,
  layout,
  note,
  className = 'input',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & Omit<FieldProps, 'children'>) {
  return (
    <Field id={id} label={label} layout={layout} note={note}>
      <input id={id} className={className} {...input} />
    </Field>
  );
}

/** What is wrong with a field: a message key and its params. */
export interface FieldProblem {
  readonly key: MessageKey;
  readonly params?: Record<string, string | number | undefined>;
}

/**
 * Ids and aria of a form's fields (`<prefix>-<field>`, its error `<prefix>-<field>-error`) and
 * the error itself, for the problems the form has chosen to show.
 */
export function useFieldChecks<F extends string>(
  prefix: string,
  shown: (field: F) => FieldProblem | undefined,
  /** Errors that interrupt (announced at once) rather than wait for the field's focus. */
  alert = false,
) {
  const { t } = useTranslation();
  return {
    /** The control's id and aria; `hint` is the id of what describes it while it is right. */
    control: (field: F, hint?: string) => {
      const bad = shown(field) !== undefined;
      return {
        id: `${prefix}-${field}`,
        'aria-invalid': bad ? true : undefined,
        'aria-describedby': bad ? `${prefix}-${field}-error` : hint,
      } as const;
    },
    error: (field: F) => {
      const problem = shown(field);
      return problem ? (
        <span
          id={`${prefix}-${field}-error`}
          className="field-error"
          role={alert ? 'alert' : undefined}
        >
          {t(problem.key, problem.params)}
        </span>
      ) : null;
    },
  };
}
