/**
 * Where Kikitori keeps its data when no folder is given: the XDG data home (or
 * ~/.local/share) /kikitori/<part>. The app's folder may be moved as a whole with
 * KIKITORI_DATA_DIR. Pure (shared/ imports no Node): the caller passes the environment and the
 * home folder.
 */
export type DataPart = 'app' | 'service';

export function defaultDataDir(
  part: DataPart,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string {
  if (part === 'app' && env.KIKITORI_DATA_DIR) return env.KIKITORI_DATA_DIR;
  const base = env.XDG_DATA_HOME || `${home.replace(/\/+$/, '')}/.local/share`;
  return `${base.replace(/\/+$/, '')}/kikitori/${part}`;
}
