/**
 * Admission of a recognition, the one place it is decided for the HTTP side (sync requests and
 * async jobs, service/http/routes/recognize.ts) and the realtime side (`s`,
 * service/realtime/session.ts). The checks come in the cloud's order: the settings (parsed by
 * each side from its own syntax, `d` or the `s` command), the key, the engine, anything the side
 * checks of its own (the realtime audio format), then the account's concurrency. Each side
 * words a refusal in its own protocol (`admissionRefusal` below, and the realtime session's).
 */
import {
  failure,
  success,
  type Parsed,
  type RecognitionSettings,
  type Result,
} from '../shared/api';
import type { ServiceContext } from './context';
import type { Engine } from './engine/engine';
import type { KeyIdentity } from './keys/accounts';

export interface Admission {
  readonly identity: KeyIdentity;
  readonly settings: RecognitionSettings;
  readonly engine: Engine;
  /** Gives the account's concurrency slot back; calling it again does nothing. */
  readonly release: () => void;
}

/** Why a recognition was not admitted, in the order the checks run. */
export type AdmissionRefusal =
  | { readonly reason: 'settings'; readonly message: string }
  | { readonly reason: 'key' }
  | { readonly reason: 'unknown-engine'; readonly message: string }
  | { readonly reason: 'engine-unavailable'; readonly message: string }
  /** The side's own check (`alsoCheck`) refused: its message. */
  | { readonly reason: 'refused'; readonly message: string }
  | { readonly reason: 'busy'; readonly limit: number };

export interface AdmissionRequest {
  /** The recognition's settings, or why they could not be read. */
  readonly settings: Parsed<RecognitionSettings>;
  readonly key: string;
  /** The sender's address (a key may be limited to some). */
  readonly address: string;
  /** A check of the side's own after the engine's: a refusal's message, or undefined. */
  readonly alsoCheck?: () => string | undefined;
}

export function admit(
  ctx: ServiceContext,
  request: AdmissionRequest,
): Result<Admission, AdmissionRefusal> {
  const refuse = (error: AdmissionRefusal) => failure(error);
  if (!request.settings.ok) return refuse({ reason: 'settings', message: request.settings.error });
  const settings = request.settings.data;
  const key = ctx.accounts.checkKey(request.key, request.address);
  if (!key.ok) return refuse({ reason: 'key' });
  const slot = ctx.engines.get(settings.engine);
  if (!slot) {
    return refuse({
      reason: 'unknown-engine',
      message: `unknown engine ${settings.engine}: this service has ${[...ctx.engines.keys()].join(', ')}`,
    });
  }
  if (slot.state === 'unavailable')
    return refuse({ reason: 'engine-unavailable', message: slot.message });
  const own = request.alsoCheck?.();
  if (own !== undefined) return refuse({ reason: 'refused', message: own });
  // The account's recognitions, whichever of its keys started them, HTTP and live alike.
  const release = ctx.limiter.acquire(key.data.accountId);
  if (!release) return refuse({ reason: 'busy', limit: ctx.limiter.limit });
  return success({ identity: key.data, settings, engine: slot.engine, release });
}
