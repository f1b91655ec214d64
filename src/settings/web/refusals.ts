import { SettingsRefused } from '../services/actor';
import { PageError } from './context';

/**
 * Runs a change; a refusal of the shared rules becomes the page again with the message (400), or the
 * console's 404 when the thing is not the organisation's.
 */
export async function refusedAsPage(run: () => Promise<void>, showError: (message: string) => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof SettingsRefused)) throw err;
    if (err.kind === 'not_found') throw new PageError(404, 'Not found.');
    await showError(err.message);
  }
}

/** The thing, or the console's 404 when the shared rules say it is not the organisation's. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof SettingsRefused && err.kind === 'not_found') throw new PageError(404, 'Not found.');
    throw err;
  }
}
