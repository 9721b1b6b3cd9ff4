/**
 * The live link and microphone capture of the window's tests: a link that records what the
 * window sends and lets a test raise the host's events, and a capture that records a finishing
 * stop (the worklet's last audio, then its `stop`).
 */
import { act } from '@testing-library/react';
import type { LiveConnection } from '../../../renderer/src/host/bridge';
import type { CaptureApi } from '../../../renderer/src/store/live-capture';
import type { LiveClientMessage, LiveEvent } from '../../../shared/ipc/live';

export function fakeLive() {
  const listeners = new Set<(event: LiveEvent) => void>();
  const sent: LiveClientMessage[] = [];
  const stops: string[] = [];
  const link: LiveConnection = {
    send: (message) => void sent.push(message),
    audioPort: async () => ({ port: new MessageChannel().port1, transfer: true }),
    onEvent: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    onClose: () => () => {},
    close: () => {},
  };
  const capture: CaptureApi = {
    listInputs: async () => [],
    startCapture: async () => ({
      label: 'USB Microphone',
      connect: () => {},
      meter: () => {},
      gain: () => {},
      pause: () => {},
      resume: () => {},
      stop: async (finish?: boolean) => {
        if (finish) stops.push('worklet');
        return true;
      },
    }),
  };
  const emit = (event: LiveEvent) => act(() => listeners.forEach((listener) => listener(event)));
  return { link, capture, emit, sent, stops };
}
