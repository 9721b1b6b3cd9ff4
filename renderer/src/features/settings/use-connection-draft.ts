/**
 * A connection being edited: its draft (following what is saved meanwhile), each field checked
 * once it is left or Save was tried, and Save, which takes the focus to the first wrong field.
 */
import { useState } from 'react';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { useApp } from '../../store/store';
import { errorOf, keptInStore } from '../../store/result';
import { useFieldChecks } from '../../ui/field';
import { connectionProblems, followSaved, type ConnectionField } from './connection-form';

/** The fields as the form shows them: a failed Save takes focus to the first wrong one. */
const FIELD_ORDER: readonly ConnectionField[] = ['id', 'name', 'baseUrl', 'asyncUrl', 'engine'];

export function useConnectionDraft({
  connection,
  isNew,
  onSaved,
}: {
  connection: Connection;
  isNew: boolean;
  onSaved: (id: string) => void;
}) {
  const connections = useApp((s) => s.connections);
  const saveConnection = useApp((s) => s.saveConnection);
  const loadConnections = useApp((s) => s.loadConnections);
  const [draft, setDraft] = useState(connection);
  const [base, setBase] = useState(connection);
  if (base !== connection) {
    setBase(connection);
    setDraft(followSaved(draft, base, connection));
  }
  const [touched, setTouched] = useState<Set<ConnectionField>>(new Set());
  const [tried, setTried] = useState(false);
  const [saveError, setSaveError] = useState<AppError | undefined>();
  const [saved, setSaved] = useState(false);
  const problems = connectionProblems(draft, {
    existingIds: connections.map((c) => c.id),
    isNew,
  });
  const local = draft.kind === 'local';
  const changed = isNew || JSON.stringify(draft) !== JSON.stringify(connection);

  const update = <K extends keyof Connection>(field: K, value: Connection[K]) => {
    setDraft({ ...draft, [field]: value });
    setSaved(false);
  };
  const checks = useFieldChecks<ConnectionField>('conn', (field) => {
    const problem = problems[field];
    return (tried || touched.has(field)) && problem
      ? { key: problem.key, params: { id: problem.id } }
      : undefined;
  });
  /** A text field's value, its edits and its checks (made once it is left). */
  const text = (field: ConnectionField) => ({
    value: draft[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => update(field, e.target.value),
    onBlur: () => setTouched(new Set(touched).add(field)),
    ...checks.control(field),
  });
  /** An address: the whole row, and the local service's own (read-only, filled in at its start). */
  const url = (field: 'baseUrl' | 'asyncUrl') => ({
    layout: 'span-2',
    className: 'input mono',
    readOnly: local,
    'aria-readonly': local || undefined,
    ...text(field),
  });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    const first = FIELD_ORDER.find((field) => problems[field]);
    if (first) return document.getElementById(`conn-${first}`)?.focus();
    const saved = await saveConnection(draft);
    setSaveError(errorOf(saved));
    if (!saved.ok) return;
    // The list read again shows its own failure (the status bar); the connection was saved.
    if (isNew) await keptInStore(loadConnections());
    setSaved(true);
    onSaved(draft.id);
  };

  return {
    draft,
    update,
    problems,
    local,
    changed,
    saved,
    saveError,
    setSaveError,
    checks,
    text,
    url,
    save,
  };
}
