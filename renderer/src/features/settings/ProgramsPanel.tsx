/**
 * Settings → Programs: the OpenAI-compatible base URL other programs are given, the keys made
 * for them (name, made, last used; a new one shown once with a Copy button; revoke), and the
 * folders `kikitori mcp --allow-transcribe` may transcribe from. Under Electron a folder is
 * picked with the system's picker; in the browser its path is typed, and the core checks it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import { PROGRAM_KEY_NAME_MAX } from '../../../../shared/domain/program-key';
import { errorOf, keptInStore } from '../../store/result';
import { useApp } from '../../store/store';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorBox } from '../../ui/error-box';
import { TextField } from '../../ui/field';
import { formatDateTime } from '../../ui/format';
import { Card } from '../../ui/section';
import { CopyFailed, useCopy } from '../../ui/use-copy';

/** One empty list, so a selector answers the same value while there is nothing. */
const NONE: readonly never[] = [];

export function ProgramsPanel() {
  const { t } = useTranslation();
  const programs = useApp((s) => s.programs);
  const loadError = useApp((s) => s.programsError);
  const load = useApp((s) => s.loadPrograms);
  useEffect(() => void keptInStore(load()), [load]);
  return (
    <Card id="programs" title={t('programs.heading')} intro={t('programs.intro')}>
      <ErrorBox error={loadError} />
      <BaseUrl url={programs?.baseUrl} />
      <MakeKey />
      <KeyList />
      <Folders />
    </Card>
  );
}

function BaseUrl({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  const { copied, failed, copy } = useCopy();
  return (
    <div className="programs-url" data-testid="programs-url">
      <h3 className="label">{t('programs.baseUrl')}</h3>
      {url === undefined ? (
        <p className="muted">{t('programs.notServed')}</p>
      ) : (
        <>
          <div className="row-fields">
            <code className="mono break" data-testid="programs-base-url">
              {url}
            </code>
            <button type="button" className="button" onClick={() => void copy(url)}>
              {t('programs.copyUrl')}
            </button>
          </div>
          <p className="hint">{t('programs.baseUrlHint')}</p>
          <p role="status" className="ok-text">
            {copied ? t('programs.copied') : ''}
          </p>
          <CopyFailed failed={failed} />
        </>
      )}
    </div>
  );
}

function MakeKey() {
  const { t } = useTranslation();
  const make = useApp((s) => s.makeProgramKey);
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const [made, setMade] = useState<{ name: string; key: string } | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Not disabled while the core makes it, so the button keeps the keyboard's focus.
    if (!name.trim() || busy) return;
    setBusy(true);
    const result = await make(name.trim());
    setBusy(false);
    setError(errorOf(result));
    if (result.ok) {
      setMade(result.data);
      setName('');
    }
  };
  if (made) return <MadeKey made={made} onDone={() => setMade(undefined)} />;
  return (
    <form className="row-fields programs-make" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id={`${id}-name`}
        label={t('programs.nameLabel')}
        layout="grow"
        value={name}
        maxLength={PROGRAM_KEY_NAME_MAX}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
        aria-describedby={`${id}-hint`}
        note={
          <p className="hint" id={`${id}-hint`}>
            {t('programs.nameHint')}
          </p>
        }
      />
      <button
        type="submit"
        className="button primary"
        aria-disabled={busy || !name.trim() || undefined}
        data-testid="programs-make"
      >
        {busy ? t('programs.making') : t('programs.make')}
      </button>
      <ErrorBox error={error} />
    </form>
  );
}

/** The new key, shown this once. */
function MadeKey({ made, onDone }: { made: { name: string; key: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const { copied, failed, copy } = useCopy();
  return (
    <div className="issued" data-testid="programs-made">
      <p>{t('programs.madeFor', { name: made.name })}</p>
      <div className="row-fields">
        <input
          className="input mono issued-key"
          readOnly
          value={made.key}
          aria-label={t('programs.key', { name: made.name })}
          data-testid="programs-key"
          // The form that had focus is gone: focus lands on the key, selected, ready to copy.
          autoFocus
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy(made.key)}>
          {t('programs.copy')}
        </button>
      </div>
      <CopyFailed failed={failed} />
      <p role="status" className="ok-text">
        {copied ? t('programs.copied') : ''}
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('programs.done')}
        </button>
      </div>
    </div>
  );
}

function KeyList() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const keys = useApp((s) => s.programs?.keys ?? NONE);
  const revoke = useApp((s) => s.revokeProgramKey);
  const [asking, setAsking] = useState<string | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  if (keys.length === 0)
    return (
      <p className="muted" data-testid="programs-none">
        {t('programs.none')}
      </p>
    );
  return (
    <>
      <ul className="programs-keys" aria-label={t('programs.list')}>
        {keys.map((key) => (
          <li key={key.name} className="programs-key" data-testid="programs-key-item">
            <span className="programs-key-name">{key.name}</span>
            <span className="muted">
              {t('programs.created', { date: formatDateTime(key.createdAt, lang) })} ·{' '}
              {key.lastUsedAt === undefined
                ? t('programs.neverUsed')
                : t('programs.lastUsed', { date: formatDateTime(key.lastUsedAt, lang) })}
            </span>
            <button
              type="button"
              className="button"
              aria-label={t('programs.revokeFor', { name: key.name })}
              onClick={() => setAsking(key.name)}
            >
              {t('programs.revoke')}
            </button>
          </li>
        ))}
      </ul>
      <ErrorBox error={error} />
      <ConfirmDialog
        open={asking !== undefined}
        title={t('programs.revokeTitle', { name: asking ?? '' })}
        body={t('programs.revokeBody')}
        confirm={t('programs.revoke')}
        cancel={t('rename.cancel')}
        onConfirm={() => {
          const name = asking;
          setAsking(undefined);
          if (name) void revoke(name).then((result) => setError(errorOf(result)));
        }}
        onClose={() => setAsking(undefined)}
        testId="programs-revoke-dialog"
      />
    </>
  );
}

function Folders() {
  const { t } = useTranslation();
  const folders = useApp((s) => s.programs?.folders ?? NONE);
  const picker = useApp((s) => s.folderPicker);
  const allow = useApp((s) => s.allowProgramFolder);
  const disallow = useApp((s) => s.disallowProgramFolder);
  const id = useId();
  const [path, setPath] = useState('');
  const [error, setError] = useState<AppError | undefined>();
  const add = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!picker && !path.trim()) return;
    const result = await allow(picker ? undefined : path.trim());
    setError(errorOf(result));
    if (result.ok) setPath('');
  };
  return (
    <div className="programs-folders">
      <h3 className="label">{t('programs.folders')}</h3>
      <p className="hint">{t('programs.foldersIntro')}</p>
      {folders.length === 0 ? (
        <p className="muted">{t('programs.noFolders')}</p>
      ) : (
        <ul className="programs-keys" aria-label={t('programs.folders')}>
          {folders.map((folder) => (
            <li key={folder} className="programs-key">
              <span className="mono break programs-key-name">{folder}</span>
              <button
                type="button"
                className="button"
                aria-label={t('programs.removeFolderFor', { folder })}
                onClick={() => void disallow(folder).then((r) => setError(errorOf(r)))}
              >
                {t('programs.removeFolder')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picker ? (
        <button type="button" className="button" onClick={() => void add()}>
          {t('programs.addFolder')}
        </button>
      ) : (
        <form className="row-fields" onSubmit={(e) => void add(e)} noValidate>
          <TextField
            id={`${id}-folder`}
            label={t('programs.folderLabel')}
            layout="grow"
            value={path}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setPath(e.target.value)}
          />
          <button type="submit" className="button" aria-disabled={!path.trim() || undefined}>
            {t('programs.allowFolder')}
          </button>
        </form>
      )}
      <ErrorBox error={error} />
    </div>
  );
}
