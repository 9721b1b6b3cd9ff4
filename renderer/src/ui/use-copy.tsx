/**
 * Copy to the clipboard, and say what happened: "Copied" for two seconds, or, when the system
 * refuses (a browser without the permission, a desktop without a clipboard), a sentence saying
 * so and what to do instead, announced to screen readers. A copy never fails silently.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from './use-flash';
import './copy.css';

export function useCopy(): {
  copied: boolean;
  failed: boolean;
  copy: (text: string) => Promise<boolean>;
} {
  const [copied, flashCopied] = useFlash();
  const [failed, setFailed] = useState(false);
  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setFailed(false);
        flashCopied();
        return true;
      } catch {
        setFailed(true);
        return false;
      }
    },
    [flashCopied],
  );
  return { copied, failed, copy };
}

/** The sentence shown beside a Copy button whose copy the system refused. */
export function CopyFailed({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  return failed ? (
    <span role="alert" className="copy-failed">
      {t('app.copyFailed')}
    </span>
  ) : null;
}
