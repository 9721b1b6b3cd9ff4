/** The host bridge for components that call a channel the store does not mirror. */
import { createContext, useContext } from 'react';
import type { Bridge } from './bridge';

export const BridgeContext = createContext<Bridge | null>(null);

export function useBridge(): Bridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('useBridge needs a BridgeContext provider');
  return bridge;
}
