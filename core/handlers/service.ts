/** The bundled local service: its state (and the app's data folder), and restarting it. */
import type { LocalServiceSupervisor } from '../supervisor/local-service';
import { attempt, type HandlerSet } from './types';

export type ServiceChannel = 'service:status' | 'service:restart';

export function serviceHandlers(deps: {
  readonly dataDir: string;
  readonly supervisor: LocalServiceSupervisor | undefined;
}): HandlerSet<ServiceChannel> {
  const { dataDir, supervisor } = deps;
  return {
    'service:status': () =>
      attempt(async () => ({
        ...(supervisor?.current() ?? { state: 'stopped' as const }),
        dataDir,
      })),
    'service:restart': () =>
      attempt(async () => {
        if (!supervisor) return { state: 'stopped' as const };
        await supervisor.stop();
        return supervisor.start();
      }),
  };
}
