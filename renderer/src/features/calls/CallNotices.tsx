/**
 * The notices of calls noticed (store/calls-slice.ts), above every screen: "Zoom is using the
 * microphone. Transcribe this call?" with Start, Not now and Never for Zoom; a call being
 * transcribed; Live already running; a call ended (its transcript in Jobs, or Live started by
 * hand offered to stop). Each is said to screen readers once, through the shell's live region
 * (`onSpoken`), which is always there: a region added with its words already in it is not read by
 * every reader, and this code and its strings load only with the first notice
 * (app/screens.tsx). When the system allows this window notifications, each is also said once as
 * a system notification.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallView } from '../../../../shared/domain/calls';
import { useApp, useAppStore } from '../../store/store';
import { notificationsSupported } from '../../ui/notifications';
import { useActionError } from '../../ui/use-action-error';
import { ErrorBox } from '../../ui/error-box';
import { noticeOf, shownCalls, type CallNoticeKey as Key } from './notice-of';
import './calls.css';

/** The system notification a notice raises, if any. */
const NOTIFY: Partial<Record<Key, 'notifyTitle' | 'notifyStarted' | 'notifyEnded'>> = {
  asking: 'notifyTitle',
  recording: 'notifyStarted',
  ended: 'notifyEnded',
};

/** `onSpoken`: what the live region says now (the notices that are new since it last spoke). */
export function CallNotices({ onSpoken }: { readonly onSpoken: (words: string) => void }) {
  const { t } = useTranslation();
  const calls = useApp((s) => s.calls);
  const dismissed = useApp((s) => s.callsDismissed);
  const shown = shownCalls(calls, dismissed);
  const said = useRef(new Set<string>());
  const store = useAppStore();
  useEffect(() => {
    const fresh = shown.filter((call) => !said.current.has(`${call.id}:${noticeOf(call)}`));
    if (fresh.length === 0) return;
    for (const call of fresh) said.current.add(`${call.id}:${noticeOf(call)}`);
    onSpoken(fresh.map((call) => t(`calls.${noticeOf(call)!}`, { app: call.app })).join(' '));
    if (!notificationsSupported() || Notification.permission !== 'granted') return;
    for (const call of fresh) {
      const title = NOTIFY[noticeOf(call)!];
      if (!title) continue;
      const note = new Notification(t(`calls.${title}`, { app: call.app }), {
        body: title === 'notifyTitle' ? t('calls.notifyBody') : '',
        tag: `${call.id}:${title}`,
      });
      note.onclick = () => {
        window.focus();
        if (title === 'notifyEnded') store.getState().requestTab('jobs');
        note.close();
      };
    }
  }, [shown, t, store, onSpoken]);
  if (shown.length === 0) return null;
  return (
    <section className="call-notices" aria-label={t('calls.region')}>
      {shown.map((call) => (
        <CallNotice key={call.id} call={call} />
      ))}
    </section>
  );
}

function CallNotice({ call }: { call: CallView }) {
  const { t } = useTranslation();
  const key = noticeOf(call)!;
  const startCall = useApp((s) => s.startCall);
  const declineCall = useApp((s) => s.declineCall);
  const dismiss = useApp((s) => s.dismissCall);
  const liveStop = useApp((s) => s.liveStop);
  const requestTab = useApp((s) => s.requestTab);
  const { error, run: act } = useActionError();
  const { app } = call;
  const close = (
    <button
      type="button"
      className="button ghost"
      aria-label={t('calls.closeFor', { app })}
      onClick={() => dismiss(call.id)}
    >
      {t('calls.close')}
    </button>
  );
  return (
    <div className={`call-notice is-${key}`} data-testid="call-notice" data-state={key}>
      <p className="call-text">{t(`calls.${key}`, { app })}</p>
      <div className="call-actions">
        {key === 'asking' && (
          <>
            <button
              type="button"
              className="button primary"
              aria-label={t('calls.startFor', { app })}
              data-testid="call-start"
              onClick={() => void act(startCall(call.id))}
            >
              {t('calls.start')}
            </button>
            <button
              type="button"
              className="button"
              aria-label={t('calls.notNowFor', { app })}
              data-testid="call-not-now"
              onClick={() => void act(declineCall(call.id, false))}
            >
              {t('calls.notNow')}
            </button>
            <button
              type="button"
              className="button ghost"
              data-testid="call-never"
              onClick={() => void act(declineCall(call.id, true))}
            >
              {t('calls.never', { app })}
            </button>
          </>
        )}
        {key === 'ended' && (
          <button
            type="button"
            className="button"
            data-testid="call-open-jobs"
            onClick={() => {
              dismiss(call.id);
              requestTab('jobs');
            }}
          >
            {t('calls.openJobs')}
          </button>
        )}
        {key === 'endedOfferStop' && (
          <button
            type="button"
            className="button primary"
            data-testid="call-stop-live"
            onClick={() => {
              dismiss(call.id);
              void liveStop();
            }}
          >
            {t('calls.stopLive')}
          </button>
        )}
        {key !== 'asking' && key !== 'starting' && key !== 'ending' && close}
      </div>
      <ErrorBox error={error} />
    </div>
  );
}
