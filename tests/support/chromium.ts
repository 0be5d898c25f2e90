/** Where Chromium is, and how to launch it here: Debian's package, headless, no network chatter. */
import { existsSync } from 'node:fs';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium is needed for the browser tests and was not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}
