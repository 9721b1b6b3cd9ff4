/**
 * Stands in for react-remove-scroll (vite.config.ts aliases it here): Radix's modal parts lock
 * page scrolling with it, and it injects a <style> element that the window's CSP refuses. The
 * window's own stylesheet locks the page instead while a modal overlay is open
 * (dialog.css); focus trapping and the inert outside stay Radix's own.
 */
import { forwardRef, type ElementType, type ReactNode } from 'react';

type Props = { readonly children?: ReactNode } & Record<string, unknown>;

/** The props react-remove-scroll reads itself: not passed on to the element. */
const OWN = new Set([
  'allowPinchZoom',
  'shards',
  'enabled',
  'removeScrollBar',
  'inert',
  'noIsolation',
  'forwardProps',
  'sideCar',
  'noRelative',
  'gapMode',
  'lockRef',
]);

export const RemoveScroll = forwardRef<unknown, Props>(function RemoveScroll(
  { as, children, ...props },
  ref,
) {
  const As = (as ?? 'div') as ElementType;
  const rest = Object.fromEntries(Object.entries(props).filter(([name]) => !OWN.has(name)));
  return (
    <As ref={ref} {...rest}>
      {children}
    </As>
  );
});
