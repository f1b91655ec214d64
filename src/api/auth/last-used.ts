import type { Db } from '../../db/database';
import { recordKeysLastUsed } from '../../db/api-keys.repository';
import type { Logger } from '../../logger';

/**
 * Remembers when each key was last used and writes the times in one batched statement every `flushMs`,
 * so authenticating a request never costs a database write.
 */
export class LastUsedTracker {
  private seen = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly flushMs: number,
  ) {}

  touch(keyId: string, at = new Date()): void {
    this.seen.set(keyId, at);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.seen;
    this.seen = new Map();
    try {
      await recordKeysLastUsed(this.db, batch);
    } catch (err) {
      this.log.warn({ err }, 'could not record API key last-used times');
    }
  }
}
