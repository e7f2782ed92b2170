// Launches Debian's Chromium through playwright-core (never a downloaded browser) with the machine's flags.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's Chromium: $CHROMIUM, else /usr/bin/chromium, else chromium on the PATH. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium',
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'chromium'))].filter(Boolean);
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new Error('Chromium not found: install Debian\'s chromium (apt-get install chromium, as .ci/run does) '
      + 'or set CHROMIUM to its path');
  }
  return found;
}

/** A headless Chromium; Playwright gives it a new empty profile directory and removes it on close. */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  return browser;
}
