// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../renderer/src/store/store';
import type { LeaveGuard } from '../../../renderer/src/store/prefs-slice';
import { fakeBridge } from '../../support/window/table-bridge';

/** A guard as a future screen would register one: it holds while `busy`, for any section. */
function recordingGuard(state: { busy: boolean; dropped: number }): LeaveGuard {
  return {
    holds: (s, leaving) => state.busy && leaving.kind === 'tab' && s.tab === 'transcribe',
    question: () => ({
      title: 'dictionary.leaveTitle',
      body: 'dictionary.leaveBody',
      stay: 'dictionary.stay',
      discard: 'dictionary.discard',
    }),
    discard: () => {
      state.busy = false;
      state.dropped++;
    },
  };
}

describe('leave guards', () => {
  it('hold a section change for any registered guard, and leave after the person confirms', async () => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    const s = store.getState;
    const live = { busy: true, dropped: 0 };
    s().registerLeaveGuard('live', recordingGuard(live));
    expect(Object.keys(s().leaveGuards).sort()).toEqual(['dictionary', 'live']);

    s().requestTab('jobs');
    expect(s().tab).toBe('transcribe');
    expect(s().pendingLeave).toEqual({ guard: 'live', leaving: { kind: 'tab', tab: 'jobs' } });
    s().cancelLeave();
    expect(s().pendingLeave).toBeUndefined();
    expect(live.dropped).toBe(0);

    s().requestTab('jobs');
    await s().confirmLeave();
    expect(live.dropped).toBe(1);
    expect(s().tab).toBe('jobs');
    expect(s().pendingLeave).toBeUndefined();
  });

  it('let a leaving no guard holds go at once, and a change go through its guard by name', async () => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    const s = store.getState;
    s().requestTab('settings');
    expect(s().tab).toBe('settings');
    expect(s().pendingLeave).toBeUndefined();

    let went = 0;
    s().requestLeave({ kind: 'change', name: 'dictionary:select', go: () => went++ });
    expect(went).toBe(1);
    // With unsaved words the dictionary's guard holds its own changes, not another screen's.
    store.setState({ dictDirty: true });
    s().requestLeave({ kind: 'change', name: 'dictionary:select', go: () => went++ });
    s().requestLeave({ kind: 'change', name: 'live:stop', go: () => went++ });
    expect(went).toBe(2);
    expect(s().pendingLeave?.guard).toBe('dictionary');
    await s().confirmLeave();
    expect(went).toBe(3);
    expect(s().dictDirty).toBe(false);
  });
});
