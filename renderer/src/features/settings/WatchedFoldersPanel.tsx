/**
 * Settings → Watched folders: the folders the app watches while it runs (core/watch/), each with
 * its formats, output folder, subfolders and on/off, and how it is doing. Under Electron a folder
 * is chosen with the system's picker; in the browser its path is typed, and the core checks it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import type { ExportChoice } from '../../../../shared/format/exporters';
import type { WatchedFolderView } from '../../../../shared/ipc/contract';
import { errorOf, keptInStore, type Result } from '../../store/result';
import { useApp } from '../../store/store';
import { ErrorBox } from '../../ui/error-box';
import { useErrorText } from '../../ui/error-text';
import { Card } from '../../ui/section';
import { FORMAT_LABELS, ORDER } from '../export/format-labels';

const STATE_CHIPS = { watching: 'chip-success', off: 'chip-neutral', problem: 'chip-warning' };

export function WatchedFoldersPanel() {
  const { t } = useTranslation();
  const folders = useApp((s) => s.watchedFolders);
  const picker = useApp((s) => s.folderPicker);
  const loadError = useApp((s) => s.watchError);
  const load = useApp((s) => s.loadWatchedFolders);
  useEffect(() => void keptInStore(load()), [load]);
  return (
    <Card
      id="watched-folders"
      title={t('watch.heading')}
      intro={t('watch.intro')}
      actions={picker ? <PickFolder /> : undefined}
    >
      <ErrorBox error={loadError} />
      {picker ? null : <TypeFolder />}
      {folders.length === 0 ? (
        <p className="muted" data-testid="watch-none">
          {t('watch.none')}
        </p>
      ) : (
        <ul className="watch-list" aria-label={t('watch.list')}>
          {folders.map((folder) => (
            <WatchedFolderItem key={folder.id} folder={folder} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The window's language, for the documents' fixed words of a folder added now. */
function useLang(): 'ja' | 'en' {
  return useApp((s) => s.lang);
}

/** Electron: the system's folder picker, opened by the core. */
function PickFolder() {
  const { t } = useTranslation();
  const add = useApp((s) => s.addWatchedFolder);
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const pick = async () => {
    // Not disabled while the picker is open, so the button keeps the keyboard's focus after it.
    if (busy) return;
    setBusy(true);
    setError(errorOf(await add({ lang })));
    setBusy(false);
  };
  return (
    <div className="watch-add">
      <button
        type="button"
        className="button"
        aria-disabled={busy || undefined}
        onClick={() => void pick()}
        data-testid="watch-add"
      >
        {busy ? t('watch.adding') : t('watch.add')}
      </button>
      <ErrorBox error={error} />
    </div>
  );
}

/** Browser mode: the folder's full path, typed; the core checks it. */
function TypeFolder() {
  const { t } = useTranslation();
  const add = useApp((s) => s.addWatchedFolder);
  const lang = useLang();
  const id = useId();
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Not disabled while the core checks the path, so the button keeps the keyboard's focus.
    if (!path.trim() || busy) return;
    setBusy(true);
    const result = await add({ path: path.trim(), lang });
    setBusy(false);
    setError(errorOf(result));
    if (result.ok) setPath('');
  };
  return (
    <form className="watch-type" onSubmit={(e) => void submit(e)}>
      <label className="label" htmlFor={`${id}-path`}>
        {t('watch.pathLabel')}
      </label>
      <div className="watch-type-row">
        <input
          id={`${id}-path`}
          className="input"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          data-testid="watch-path"
        />
        <button
          type="submit"
          className="button primary"
          disabled={!path.trim()}
          aria-disabled={busy || undefined}
          data-testid="watch-add"
        >
          {busy ? t('watch.adding') : t('watch.addTyped')}
        </button>
      </div>
      <p className="hint" id={`${id}-hint`}>
        {t('watch.pathHint')}
      </p>
      <div id={`${id}-error`}>
        <ErrorBox error={error} />
      </div>
    </form>
  );
}

function WatchedFolderItem({ folder }: { folder: WatchedFolderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useApp((s) => s.updateWatchedFolder);
  const remove = useApp((s) => s.removeWatchedFolder);
  const picker = useApp((s) => s.folderPicker);
  const id = useId();
  const [error, setError] = useState<AppError | undefined>();
  const name = folder.path;
  // Controls stay enabled while a change is saved (a disabled one would lose the keyboard's
  // focus); the core makes changes one after another.
  const act = async (action: Promise<Result<void>>) => setError(errorOf(await action));
  const toggleFormat = (format: ExportChoice, on: boolean) => {
    const formats = on
      ? ORDER.filter((f) => f === format || folder.formats.includes(f))
      : folder.formats.filter((f) => f !== format);
    void act(update({ id: folder.id, formats }));
  };
  const { state, problem } = folder.status;
  return (
    <li className="watch-item" data-testid="watch-item" data-path={folder.path}>
      <div className="watch-head">
        <h3 className="watch-path mono break" id={`${id}-name`}>
          {name}
        </h3>
        <span className={`chip ${STATE_CHIPS[state]}`} data-testid="watch-state">
          {t(`watch.state.${state}`)}
        </span>
      </div>
      {problem ? (
        // A state of the folder, not news of an action: said, not alerted.
        <p className="watch-problem" role="status" data-testid="watch-problem">
          {errorText(problem)}
        </p>
      ) : null}
      <fieldset className="watch-formats">
        <legend>{t('watch.formats')}</legend>
        <div className="export-formats">
          {ORDER.map((format) => {
            const on = folder.formats.includes(format);
            const last = on && folder.formats.length === 1;
            return (
              <label
                key={format}
                className="check"
                title={last ? t('watch.lastFormat') : undefined}
              >
                <input
                  type="checkbox"
                  checked={on}
                  disabled={last}
                  aria-describedby={last ? `${id}-last` : undefined}
                  onChange={(e) => toggleFormat(format, e.target.checked)}
                  data-testid={`watch-format-${format}`}
                />
                <span>{t(FORMAT_LABELS[format])}</span>
              </label>
            );
          })}
        </div>
        <p className="hint" id={`${id}-last`} hidden={folder.formats.length !== 1}>
          {t('watch.lastFormat')}
        </p>
      </fieldset>
      <Output folder={folder} picker={picker} act={act} />
      <div className="watch-switches">
        <label className="check">
          <input
            type="checkbox"
            checked={folder.recursive}
            onChange={(e) => void act(update({ id: folder.id, recursive: e.target.checked }))}
            aria-describedby={`${id}-name`}
            data-testid="watch-recursive"
          />
          <span>{t('watch.recursive')}</span>
        </label>
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            checked={folder.enabled}
            onChange={(e) => void act(update({ id: folder.id, enabled: e.target.checked }))}
            aria-describedby={`${id}-name`}
            data-testid="watch-enabled"
          />
          <span>{t('watch.enabled')}</span>
        </label>
        <button
          type="button"
          className="button small ghost danger-text"
          aria-label={t('watch.removeFor', { folder: name })}
          onClick={() => void act(remove(folder.id))}
          data-testid="watch-remove"
        >
          {t('watch.remove')}
        </button>
      </div>
      <ErrorBox error={error} />
    </li>
  );
}

/**
 * Where a folder's transcripts go: next to each file, or a folder picked with the system's picker
 * (Electron). A page in the browser never names where files are written: there the folder set
 * by `kikitori watch --out` or the desktop app shows, and may only be set back to next to each
 * file.
 */
function Output({
  folder,
  picker,
  act,
}: {
  folder: WatchedFolderView;
  picker: boolean;
  act: (action: Promise<Result<void>>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const update = useApp((s) => s.updateWatchedFolder);
  const name = folder.path;
  return (
    <div className="watch-output">
      <span className="label">{t('watch.output')}</span>
      <span className="mono break" data-testid="watch-out">
        {folder.out ?? t('watch.nextToFile')}
      </span>
      {picker ? (
        <button
          type="button"
          className="button small"
          aria-label={t('watch.chooseOutputFor', { folder: name })}
          onClick={() => void act(update({ id: folder.id, pickOut: true }))}
        >
          {t('watch.chooseOutput')}
        </button>
      ) : null}
      {folder.out !== undefined ? (
        <button
          type="button"
          className="button small ghost"
          aria-label={t('watch.useNextToFileFor', { folder: name })}
          onClick={() => void act(update({ id: folder.id, out: null }))}
        >
          {t('watch.useNextToFile')}
        </button>
      ) : null}
      {!picker ? <p className="muted watch-output-hint">{t('watch.outputInBrowser')}</p> : null}
    </div>
  );
}
