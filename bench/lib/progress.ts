/**
 * Progress lines on stderr (stdout is kept for the table), each stamped with the seconds since the bench
 * started, so a stall shows as a line that does not come.
 */
const started = performance.now();

export function elapsedSeconds(): number {
  return Math.round((performance.now() - started) / 100) / 10;
}

export function progress(message: string): void {
  process.stderr.write(`[bench +${elapsedSeconds().toFixed(1)}s] ${message}\n`);
}

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/** Rejects with a TimeoutError when `work` takes longer than `ms` (the work itself is not cancelled). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A heartbeat every `everyMs` while `work` runs, saying what is still going on. */
export async function withHeartbeat<T>(work: Promise<T>, what: () => string, everyMs = 15_000): Promise<T> {
  const timer = setInterval(() => progress(`… ${what()}`), everyMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}
