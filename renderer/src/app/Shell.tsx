/**
 * The window: a header with the sections as ARIA tabs (ui/tabs: arrows, Home/End, one tab stop),
 * the open section, and the status bar.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownCalls } from '../features/calls/notice-of';
import { DropZone } from '../features/transcribe/DropZone';
import { liveMarkOf } from '../store/live-slice';
import { TABS, type Tab } from '../store/prefs-slice';
import { useApp } from '../store/store';
import { TabButton, TabList, TabPanel } from '../ui/tabs';
import { Preferences } from './Preferences';
import { CALL_NOTICES, SECTIONS, VIEWER, type Screen } from './screens';
import { StatusBar } from './StatusBar';
import './shell.css';

const TranscriptView = VIEWER.View;
const CallNotices = CALL_NOTICES.View;
/**
 * Asked only once a guard holds a leaving (unsaved dictionary words): the dialog's code (Radix's
 * alert dialog) loads then, not with the first screen.
 */
const LeaveDialog = lazy(() => import('./LeaveDialog').then((m) => ({ default: m.LeaveDialog })));

/**
 * Fetches a screen's code ahead of its click: the pointer over its tab, or keyboard focus. A
 * failure is left to the opening, which shows it (the error boundary).
 */
const preload = (name: Tab) => {
  const screen: Screen = SECTIONS[name];
  return screen.load && (() => void screen.load?.().catch(() => {}));
};

/** Shown in the panel while a screen's code loads (usually a frame or two, read from disk). */
/** A screen whose code is still on its way: said where its title will be, in the screen's frame. */
function Loading() {
  const { t } = useTranslation();
  return (
    <div className="view">
      <p className="muted" role="status">
        {t('app.loading')}
      </p>
    </div>
  );
}

export function Shell() {
  const { t } = useTranslation();
  const tab = useApp((s) => s.tab);
  // Through the leave guards, which ask first when something holds unsaved work.
  const setTab = useApp((s) => s.requestTab);
  const viewing = useApp((s) => s.openJob !== undefined);
  // Once asked, the dialog stays mounted, so closing it returns the focus as a dialog should.
  const leaving = useApp((s) => s.pendingLeave !== undefined);
  const [leaveAsked, setLeaveAsked] = useState(false);
  if (leaving && !leaveAsked) setLeaveAsked(true);
  // The calls' notices load with the first one to show, and stay (they remember what they said).
  const noticed = useApp((s) => shownCalls(s.calls, s.callsDismissed).length > 0);
  const [noticesAsked, setNoticesAsked] = useState(false);
  if (noticed && !noticesAsked) setNoticesAsked(true);
  const [callSpoken, setCallSpoken] = useState('');
  const closeTranscript = useApp((s) => s.closeTranscript);
  // A live session under way is said on its tab and in the window's title, whatever is open.
  const liveMark = useApp((s) => liveMarkOf(s.live.phase));
  useEffect(() => {
    document.title = liveMark
      ? t(`app.titleLive.${liveMark}`, { title: t('app.title') })
      : t('app.title');
  }, [liveMark, t]);
  /** A tab, clicked or chosen by keyboard, shows its own screen: an open transcript closes. */
  const show = (value: Tab) => {
    if (viewing) closeTranscript();
    setTab(value);
  };
  // A tab chosen by the window (a drop goes to Transcribe) takes the focus a tab had: else the
  // focus ring stays on the tab left and two tabs look selected.
  const tabList = useRef<HTMLDivElement>(null);
  const tabs = useId();
  useEffect(() => {
    const list = tabList.current;
    const focused = document.activeElement;
    if (!list || !(focused instanceof HTMLElement) || !list.contains(focused)) return;
    if (focused.getAttribute('aria-selected') === 'true') return;
    list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [tab]);
  return (
    <DropZone>
      <div className="shell">
        <header className="topbar">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              聞
            </span>
            <span className="brand-name">{t('app.title')}</span>
          </div>
          <TabList listRef={tabList} className="tabs" label={t('app.tabs')}>
            {TABS.map((name) => (
              <TabButton
                key={name}
                base={tabs}
                value={name}
                selected={name === tab}
                onSelect={() => show(name)}
                className="tab"
                // The open tab clicked again (no change of tab): back to its screen.
                onClick={() => name === tab && viewing && closeTranscript()}
                onPointerEnter={preload(name)}
                onFocus={preload(name)}
                // The mark's meaning in the tab's name: "Live (recording)".
                aria-label={
                  name === 'live' && liveMark
                    ? `${t('app.live')} ${t(`app.liveMark.${liveMark}`)}`
                    : undefined
                }
              >
                {t(`app.${name}`)}
                {name === 'live' && liveMark ? (
                  <span
                    className={`tab-mark is-${liveMark}`}
                    data-testid="live-tab-mark"
                    data-mark={liveMark}
                    title={t(`app.liveMark.${liveMark}`)}
                    aria-hidden="true"
                  />
                ) : null}
              </TabButton>
            ))}
          </TabList>
          <Preferences />
        </header>
        {/* The window's main landmark: the open section, under the calls' notices. */}
        <main className="main">
          {/* What the notices say, once each: a live region there from the start, as one added
              with its words already in it is not read by every reader. */}
          <div className="visually-hidden" role="status" data-testid="call-spoken">
            {callSpoken}
          </div>
          {noticesAsked && (
            <Suspense fallback={null}>
              <CallNotices onSpoken={setCallSpoken} />
            </Suspense>
          )}
          {TABS.map((name) => {
            const View = SECTIONS[name].View;
            return (
              <TabPanel
                key={name}
                base={tabs}
                value={name}
                selected={name === tab}
                className="panel"
              >
                <Suspense fallback={<Loading />}>
                  {viewing && (name === 'transcribe' || name === 'live' || name === 'jobs') ? (
                    <TranscriptView />
                  ) : (
                    <View />
                  )}
                </Suspense>
              </TabPanel>
            );
          })}
        </main>
        <StatusBar />
        {leaveAsked && (
          <Suspense fallback={null}>
            <LeaveDialog />
          </Suspense>
        )}
      </div>
    </DropZone>
  );
}
