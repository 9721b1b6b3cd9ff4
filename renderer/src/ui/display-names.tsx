/**
 * Names the app gave itself, shown in the window's language: the built-in connections (by their
 * fixed ids, while the person has not renamed them) and the local service's own key. Names the
 * person gave are shown as stored.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CLOUD_ENGINES } from '../../../shared/api/engines';
import { BUILT_IN_CONNECTIONS } from '../../../shared/domain/connection';
import { LOCAL_SERVICE_KEY_LABEL, type KeyEntry } from '../../../shared/domain/key';
import type { enNames } from '../i18n/en-names';

type Named = { readonly id: string; readonly name: string };
/** The built-in connections' ids, each with its name in the window's strings. */
type BuiltInId = keyof typeof enNames.connectionNames;

export function connectionName(connection: Named, t: TFunction): string {
  const builtIn = BUILT_IN_CONNECTIONS.find((c) => c.id === connection.id);
  return builtIn && builtIn.name === connection.name
    ? t(`connectionNames.${connection.id as BuiltInId}`)
    : connection.name;
}

export function keyLabel(entry: Pick<KeyEntry, 'label' | 'connection'>, t: TFunction): string {
  return entry.connection === 'local' && entry.label === LOCAL_SERVICE_KEY_LABEL
    ? t('keys.localServiceLabel')
    : entry.label;
}

/** An engine by a readable name with its id beside it ("General English (-a-general-en)"). */
export function engineName(name: string, t: TFunction): string {
  const known = CLOUD_ENGINES.some((e) => e.name === name);
  if (!known) return name;
  const readable = t(`engineNames.${name.slice(1)}` as 'engineNames.a-general');
  return t('withId', { name: readable, id: name });
}

const CLASS_NAMES = new Set(['PERSON', 'ORGANIZATION', 'PLACE', 'PRODUCT', 'TERM']);

/** A word class in the window's language with its API name beside it; other classes as they are. */
export function className(name: string, t: TFunction): string {
  if (!CLASS_NAMES.has(name)) return name;
  return t('withId', { name: t(`classNames.${name}` as 'classNames.PERSON'), id: name });
}

/** A connection's name as text in the window's language (for option lists). */
export function ConnectionName({ connection }: { readonly connection: Named }) {
  const { t } = useTranslation();
  return connectionName(connection, t);
}

export function EngineName({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return engineName(name, t);
}
