/**
 * ARIA tabs (the WAI-ARIA tabs pattern, automatic activation), for the window's sections. Written
 * here rather than taken from Radix, whose roving focus, collection and presence the first screen
 * would otherwise load (about 10 KB gzip): the selected tab is the list's one tab stop; Left and
 * Right (wrapping), Home and End move the focus, and a tab that takes the focus is selected; a
 * press selects on mouse down, as Radix's tabs did. Only the selected panel renders its content.
 * The list and the panels go where the layout wants them, tied by ids made from one `base`.
 */
import type { ComponentPropsWithoutRef, KeyboardEvent, MouseEvent, ReactNode, Ref } from 'react';

const tabId = (base: string, value: string) => `${base}-tab-${value}`;
const panelId = (base: string, value: string) => `${base}-panel-${value}`;
const MOVES: Readonly<Record<string, (at: number, count: number) => number>> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The list of tabs: arrows, Home and End move the focus among its tabs. */
export function TabList({
  label,
  className,
  listRef,
  children,
}: {
  readonly label: string;
  readonly className?: string;
  readonly listRef?: Ref<HTMLDivElement>;
  readonly children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = tabs.indexOf(event.target as HTMLElement);
    if (!move || at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    tabs[move(at, tabs.length)]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      className={className}
      ref={listRef}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

type TabButtonProps = {
  readonly base: string;
  readonly value: string;
  readonly selected: boolean;
  /** Asked when the tab, not selected, is pressed, focused or chosen by Enter or Space. */
  readonly onSelect: () => void;
} & Omit<ComponentPropsWithoutRef<'button'>, 'type' | 'role' | 'id' | 'tabIndex' | 'onSelect'>;

/** One tab: the tab stop while selected, selected when it takes the focus. */
export function TabButton({
  base,
  value,
  selected,
  onSelect,
  onMouseDown,
  onFocus,
  ...rest
}: TabButtonProps) {
  return (
    <button
      {...rest}
      type="button"
      role="tab"
      id={tabId(base, value)}
      aria-selected={selected}
      aria-controls={panelId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // A right or Ctrl-click (a context menu) neither selects nor takes the focus.
        if (event.button !== 0 || event.ctrlKey) event.preventDefault();
        else if (!selected) onSelect();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!selected) onSelect();
      }}
      onKeyDown={(event) => {
        rest.onKeyDown?.(event);
        if (!selected && (event.key === 'Enter' || event.key === ' ')) onSelect();
      }}
    />
  );
}

/** A tab's panel: always there (the tab's `aria-controls` names it), its content only when selected. */
export function TabPanel({
  base,
  value,
  selected,
  className,
  children,
}: {
  readonly base: string;
  readonly value: string;
  readonly selected: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(base, value)}
      aria-labelledby={tabId(base, value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      tabIndex={0}
      className={className}
    >
      {selected ? children : null}
    </div>
  );
}
