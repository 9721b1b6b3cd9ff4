/**
 * The screens that are not the first one: Live, Jobs, Dictionary, Settings and the transcript viewer.
 * Each is its own chunk, fetched when it is opened (or, for a tab, when the pointer or keyboard
 * focus reaches it), so the first screen (Transcribe) carries none of their code, nor the
 * libraries and strings only they use. Shell shows them inside a Suspense; and the calls'
 * notices, which load the same way when the first one is to show.
 */
import { lazy, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TranscribeView } from '../features/transcribe/TranscribeView';
import { addStrings, type Strings } from '../i18n';
import type { Tab } from '../store/prefs-slice';

/** A screen: `View` renders it; a lazy one's `load` fetches its code (and strings) ahead. */
export interface Screen<P extends object = object> {
  readonly load?: () => Promise<unknown>;
  readonly View: ComponentType<P>;
}
type LazyScreen<P extends object = object> = Required<Screen<P>>;

function lazyScreen<M, P extends object = object>(
  code: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  strings?: () => Promise<Strings>,
): LazyScreen<P> {
  const load = () =>
    Promise.all([code(), strings ? strings() : Promise.resolve(undefined)] as const);
  const View = lazy(async () => {
    const [module, table] = await load();
    const Screen = pick(module);
    if (!table) return { default: Screen };
    // The strings join the window's before the screen's first render asks for them.
    const WithStrings = (props: P) => {
      const { i18n } = useTranslation();
      addStrings(i18n, table);
      return <Screen {...props} />;
    };
    return { default: WithStrings };
  });
  return { load, View };
}

const dictionarySettingsStrings = () =>
  import('../i18n/dictionary-settings').then((m) => m.DICTIONARY_SETTINGS);
const jobsStrings = () => import('../i18n/jobs-strings').then((m) => m.JOBS_STRINGS);
const liveStrings = () => import('../i18n/live-strings').then((m) => m.LIVE_STRINGS);
const viewerStrings = () => import('../i18n/viewer-strings').then((m) => m.VIEWER_STRINGS);
const callsStrings = () => import('../i18n/calls-strings').then((m) => m.CALLS_STRINGS);
/** Two tables of strings as one, the second's winning where both have a key. */
const joined =
  (first: () => Promise<Strings>, second: () => Promise<Strings>) => async (): Promise<Strings> => {
    const [one, two] = await Promise.all([first(), second()]);
    return { en: { ...one.en, ...two.en }, ja: { ...one.ja, ...two.ja } };
  };
/**
 * Screens that open the export dialog (Jobs, for a selection), name the export formats
 * (Settings' watched folders) or name and rename speakers as the viewer does (Live) take the
 * viewer's strings too: the dialog's and the speakers' are among them.
 */
const withExporting = (own: () => Promise<Strings>) => joined(viewerStrings, own);

/**
 * The sections, one entry each, in the order of the tabs: a section's id is in the store's `TABS`
 * (what it can open), its label is the string `app.<id>`, and the compiler asks for both here.
 */
export const SECTIONS = {
  transcribe: { View: TranscribeView },
  live: lazyScreen(
    () => import('../features/live/LiveView'),
    (m) => m.LiveView,
    withExporting(liveStrings),
  ),
  jobs: lazyScreen(
    () => import('../features/jobs/JobsView'),
    (m) => m.JobsView,
    withExporting(jobsStrings),
  ),
  dictionary: lazyScreen(
    () => import('../features/dictionary/DictionaryView'),
    (m) => m.DictionaryView,
    dictionarySettingsStrings,
  ),
  settings: lazyScreen(
    () => import('../features/settings/SettingsView'),
    (m) => m.SettingsView,
    // Its Calls panel says what the notices say.
    withExporting(joined(dictionarySettingsStrings, callsStrings)),
  ),
} as const satisfies Record<Tab, Screen>;

/** The transcript viewer, shown over Transcribe, Live or Jobs when a job's transcript is open. */
export const VIEWER = lazyScreen(
  () => import('../features/viewer/TranscriptView'),
  (m) => m.TranscriptView,
  viewerStrings,
);

/**
 * The calls' notices, over every screen: their code and strings load when the first notice is to
 * show (Shell), as most windows never see one.
 */
export const CALL_NOTICES = lazyScreen(
  () => import('../features/calls/CallNotices'),
  (m) => m.CallNotices,
  callsStrings,
);
