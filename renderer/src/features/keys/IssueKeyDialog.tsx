/**
 * Issuing a key: how to authenticate (an issuable key from the keychain, or a service ID and
 * password used for this request only), its validity, allowed addresses; then the new key, shown
 * once, to copy or file in the keychain.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IssuedKey } from './IssuedKey';
import { IssueForm } from './IssueForm';
import type { Issued } from './use-issue-draft';
import { Modal } from '../../ui/modal';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export function IssueKeyDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | undefined>();
  // A key shown once and neither copied nor filed would be lost by closing: ask first.
  const [kept, setKept] = useState(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    setOpen(false);
    setIssued(undefined);
    setKept(false);
  };
  // Done asks (or closes) directly: it is never the question's Escape, and a Done pressed before
  // the closed question's close event arrived would otherwise only put the question away.
  const askOrClose = () => (issued && !kept ? setAsking(true) : close());
  const requestClose = () => {
    // Radix takes Escape first (and cancels the question's own): Escape there means keep it open.
    if (asking) return setAsking(false);
    askOrClose();
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? setOpen(true) : requestClose())}
      trigger={
        <button type="button" className="button primary">
          {t('keys.issue')}
        </button>
      }
      title={issued ? t('keys.issuedTitle') : t('keys.issueTitle')}
      description={issued ? t('keys.issuedBody') : t('keys.issueIntro')}
      wide
      testId="issue-dialog"
    >
      {issued ? (
        <IssuedKey {...issued} onKept={() => setKept(true)} onDone={askOrClose} />
      ) : (
        <IssueForm onIssued={setIssued} />
      )}
      <ConfirmDialog
        open={asking}
        title={t('keys.unsavedTitle')}
        body={t('keys.unsavedBody')}
        cancel={t('keys.keepOpen')}
        confirm={t('keys.closeAnyway')}
        onConfirm={close}
        onClose={() => setAsking(false)}
      />
    </Modal>
  );
}
