import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from './test-tools';

/**
 * Headless Chromium, quiet and offline, as the browser tests drive it. Never skipped: the integration setup stops
 * the run, naming the install command, where Chromium is missing.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
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
