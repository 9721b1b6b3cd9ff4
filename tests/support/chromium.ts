/** Debian's Chromium (never a downloaded browser) and the flags every test launch gives it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (containers run as root), no GPU, and no background traffic of its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
