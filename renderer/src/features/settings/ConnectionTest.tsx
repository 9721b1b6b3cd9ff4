/**
 * Testing a connection as it stands in the editor (ConnectionEditor.tsx): the test's state, and
 * what it found (the service's engines, whether the key was accepted) or why it failed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import type { ChannelOutput } from '../../../../shared/ipc/contract';
import { useErrorText } from '../../ui/error-text';
import { useApp } from '../../store/store';

export type TestState =
  | { step: 'idle' }
  | { step: 'testing' }
  | { step: 'done'; found: ChannelOutput<'connections:test'> }
  | { step: 'failed'; error: AppError };

/** The test's state, and a run of it on `draft`. */
export function useConnectionTest(): { test: TestState; run: (draft: Connection) => void } {
  const testConnection = useApp((s) => s.testConnection);
  const [test, setTest] = useState<TestState>({ step: 'idle' });
  const run = (draft: Connection) => {
    setTest({ step: 'testing' });
    void testConnection(draft).then((result) =>
      setTest(
        result.ok ? { step: 'done', found: result.data } : { step: 'failed', error: result.error },
      ),
    );
  };
  return { test, run };
}

/** What the test found, or why it failed (inside the editor's status region). */
export function ConnectionTestResult({ test, engine }: { test: TestState; engine: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (test.step === 'testing') return <span className="muted">{t('settings.testing')}</span>;
  if (test.step === 'failed') return <p className="error-box">{errorText(test.error)}</p>;
  if (test.step !== 'done') return null;
  const { found } = test;
  return (
    <div className={found.key === 'refused' ? 'error-box' : 'ok-box'}>
      <p>
        {t('settings.testOk', { count: found.engines.length, engines: found.engines.join(', ') })}{' '}
        {!found.engines.includes(engine) && t('settings.testEngineMissing', { engine })}
      </p>
      <p>
        {found.key === 'accepted'
          ? t('settings.testKeyAccepted')
          : found.key === 'refused'
            ? t('settings.testKeyRefused')
            : t('settings.testKeyNone')}
      </p>
    </div>
  );
}
