/**
 * The dictionary profile a connection's next requests use, files and live sessions alike: kept
 * on the connection (`profileId`), which both read it from (transcribe:files, the realtime `s`
 * line), so choosing it on Transcribe or on Live is the same choice.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../shared/domain/connection';
import type { AppError } from '../../../../shared/domain/errors';
import { profilesKey } from '../../store/dictionary-slice';
import { errorOf } from '../../store/result';
import { useApp, useAppStore } from '../../store/store';
import { plainOptions, SelectField } from '../../ui/select-field';

/** No profiles known (yet) for the connection's engine. */
const NONE: readonly string[] = [];

export function ProfileField({
  connection,
  onError,
  compact,
  disabled,
  testId,
}: {
  connection: Connection;
  /**
   * What loading the list or saving the choice answered (undefined: it went well); a stable
   * function, such as a state setter.
   */
  onError: (error: AppError | undefined) => void;
  compact?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const store = useAppStore();
  const { id, engine } = connection;
  // The list the Dictionary screen keeps too: asked for once per visit, shared by every screen.
  const profiles = useApp((s) => s.profileLists[profilesKey(id, engine)]) ?? NONE;
  const loadProfiles = useApp((s) => s.loadProfiles);
  const serviceState = useApp((s) => s.service?.state);
  const ready = connection.kind !== 'local' || serviceState === 'running';
  useEffect(() => {
    if (ready) void loadProfiles(id, engine).then((r) => onError(errorOf(r)));
  }, [loadProfiles, id, engine, ready, onError]);
  return (
    <SelectField
      compact={compact}
      label={t('transcribe.profile')}
      value={connection.profileId ?? ''}
      onChange={(v) =>
        void store
          .getState()
          .saveConnection({ ...connection, profileId: v || null })
          .then((r) => onError(errorOf(r)))
      }
      empty={t('transcribe.noProfile')}
      options={plainOptions(
        new Set([...(connection.profileId ? [connection.profileId] : []), ...profiles]),
      )}
      disabled={disabled}
      testId={testId}
    />
  );
}
