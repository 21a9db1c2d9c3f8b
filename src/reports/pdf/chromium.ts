/**
 * Finding headless Chromium on the machine, and the flags it is started with: with no network,
 * Chromium would otherwise wait on lookups for its background services (updates, sync, QUIC).
 */
import fs from 'node:fs';

const KNOWN_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export const CHROMIUM_INSTALL_HINT =
  'Reports need headless Chromium: install it (Debian/Ubuntu: `apt-get install chromium`) and set CHROMIUM_PATH if it is not at /usr/bin/chromium';

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The configured Chromium, or the first known one that exists; null when there is none. */
export function findChromium(configured: string | undefined): string | null {
  if (configured) return executable(configured) ? configured : null;
  return KNOWN_PATHS.find(executable) ?? null;
}

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];
