/**
 * Asking the core for an export's files (core/export/): the open job's, with its script's rules,
 * or several jobs' in one zip, each with the rules last set for its own script. The host saves
 * them (Electron) or the browser downloads them; while it works the dialog is busy, and a
 * failure stays to be read.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../../shared/domain/errors';
import type { ExportChoice } from '../../../../shared/format/exporters';
import type { Script } from '../../../../shared/format/subtitles';
import { useApp } from '../../store/store';
import type { ExportTarget } from './ExportDialog';

export function useExport({
  target,
  chosen,
  script,
  onSaved,
}: {
  target: ExportTarget;
  chosen: ExportChoice[];
  /** The open job's script, when it is known. */
  script: Script | undefined;
  /** Told once a file was saved. */
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const prefs = useApp((s) => s.exportPrefs);
  const exportJob = useApp((s) => s.exportJob);
  const exportJobs = useApp((s) => s.exportJobs);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0 || busy) return;
    setBusy(true);
    setError(undefined);
    const settings = {
      lang,
      fillers: prefs.fillers,
      speakers: prefs.speakers,
      times: prefs.times,
      readings: prefs.readings,
    };
    const exported =
      'jobIds' in target
        ? exportJobs({
            ids: target.jobIds,
            formats: chosen,
            settings,
            rules: prefs.subtitles,
            zipName: t('exporting.zipName', { count: target.jobIds.length }),
          })
        : exportJob({
            id: target.jobId,
            formats: chosen,
            settings: {
              ...settings,
              ...(script && prefs.subtitles[script] && { subtitles: prefs.subtitles[script] }),
            },
          });
    void exported.then((done) => {
      setBusy(false);
      if ('error' in done) return setError(done.error);
      if (done.saved.length > 0) onSaved();
    });
  };
  return { busy, error, setError, submit };
}
