import type { ServerResponse } from 'node:http';
import type { EngineList } from '../../../shared/api';
import type { ServiceContext } from '../../context';
import { sendJson } from '../respond';

export function listEngines(ctx: ServiceContext): EngineList {
  return {
    engines: [...ctx.engines.entries()].map(([name, slot]) => ({
      name,
      language: slot.state === 'ready' ? slot.engine.language : 'en',
    })),
  };
}

export function handleEngines(ctx: ServiceContext, res: ServerResponse): void {
  sendJson(res, 200, listEngines(ctx));
}
