/**
 * Which notice a call shows, if any: asked by the shell, which loads the notices' code and
 * strings only once there is one to show (CallNotices.tsx), and by the notices themselves.
 */
import type { CallView } from '../../../../shared/domain/calls';

export type CallNoticeKey =
  'asking' | 'starting' | 'recording' | 'busy' | 'ending' | 'ended' | 'endedOfferStop' | 'failed';

/** What a call's notice says, or nothing (declined, or ended with nothing to tell). */
export function noticeOf(call: CallView): CallNoticeKey | undefined {
  switch (call.state) {
    case 'asking':
    case 'starting':
    case 'recording':
    case 'busy':
    case 'ending':
      return call.state;
    case 'declined':
      return call.problem ? 'failed' : undefined;
    case 'ended':
      return call.offerStop ? 'endedOfferStop' : call.jobId ? 'ended' : undefined;
  }
}

/** The calls whose notices are shown, oldest first: those with one the person has not closed. */
export function shownCalls(
  calls: Readonly<Record<string, CallView>>,
  dismissed: Readonly<Record<string, true>>,
): CallView[] {
  return Object.values(calls)
    .filter((call) => !dismissed[call.id] && noticeOf(call) !== undefined)
    .sort((a, b) => a.since - b.since);
}
