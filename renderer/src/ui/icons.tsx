/**
 * Icons drawn as inline SVG: a symbol character (⧉, ▾) depends on the fonts installed and shows
 * as an empty box where none has the glyph (Debian's default fonts lack ⧉). Decorative: the
 * control around an icon carries the accessible name.
 */
const PATHS = {
  copy: 'M5.5 5.5V3a1 1 0 0 1 1-1H13a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1h-2.5M3 5.5h6.5a1 1 0 0 1 1 1V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1Z',
  check: 'M3 8.5l3.2 3L13 4.5',
  'chevron-down': 'M4 6l4 4 4-4',
  pencil: 'M10.5 3.5l2 2M3 13l.6-2.6L11 3a1.4 1.4 0 0 1 2 2l-7.4 7.4L3 13Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon-svg"
      data-icon={name}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
