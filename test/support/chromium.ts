import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (scripts/ensure-chromium.sh installs it; CI always has it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Browser tests run where Chromium is installed, and always in CI (where its absence is a failure). */
export const chromiumAvailable = () => existsSync(CHROMIUM) || !!process.env.CI;

/** Headless Chromium, quiet and offline, as the browser tests drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
