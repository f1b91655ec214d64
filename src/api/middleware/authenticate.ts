import type { Next } from 'koa';
import { Client } from 'pg';
import { parseApiKey, type KeyScope } from '../../auth/api-key';
import { sha256Hex } from '../../ids';
import { bearerCredential } from '../../auth/bearer';
import type { Db } from '../../db/database';
import {
  API_KEYS_CHANNEL,
  findActiveKeyByHash,
  recordKeysLastUsed,
  type ApiKeyRecord,
} from '../../db/api-keys.repository';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { AppContext, Caller } from '../context';

/**
 * `Authorization: Bearer <key>`. Missing, malformed, unknown and revoked keys all answer the same 401, so
 * the answer reveals nothing about which keys exist.
 */
export function authenticate(keys: ActiveKeys, lastUsed: LastUsedTracker) {
  return async (ctx: AppContext, next: Next) => {
    const caller = await callerOfHeader(keys, ctx.get('Authorization'));
    if (!caller) {
      throw new AppError('unauthorized', 'Missing or invalid API key. Send Authorization: Bearer <API key>.');
    }
    ctx.state.caller = caller;
    lastUsed.touch(caller.keyId);
    return next();
  };
}

/** The caller an `Authorization` header names: an active API key's, or undefined for anything else. */
export async function callerOfHeader(
  keys: ActiveKeys,
  header: string | undefined,
): Promise<Caller | undefined> {
  const key = bearerCredential(header);
  const record = key && parseApiKey(key) ? await keys.findActive(sha256Hex(key)) : undefined;
  if (!record) return undefined;
  return {
    keyId: record.id,
    organisationId: record.organisationId,
    mode: record.mode,
    livemode: record.mode === 'live',
    scopes: record.scopes,
  };
}

export function requireScope(scope: KeyScope) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.state.caller?.scopes.includes(scope)) {
      throw new AppError('forbidden', `This API key lacks the ${scope} scope.`, { requiredScope: scope });
    }
    return next();
  };
}

/** How requests find the active key behind an `Authorization` header (by the key's SHA-256). */
export interface ActiveKeys {
  findActive(keyHash: string): Promise<ApiKeyRecord | undefined>;
}

/** One query per request (API_KEY_CACHE_TTL_MS=0, and the test harness). */
export const uncachedActiveKeys = (db: Db): ActiveKeys => ({
  findActive: (keyHash) => findActiveKeyByHash(db, keyHash),
});

interface ActiveKeyCacheOptions {
  db: Db;
  /** The listener's own connection (LISTEN holds a connection for good: never one of the pool's). */
  databaseUrl: string;
  log: Logger;
  ttlMs: number;
}

/** Bound on remembered keys; the oldest entry goes first. */
const MAX_ENTRIES = 10_000;
/** First reconnection delay after the listener's connection drops; doubles up to 2 s. */
const FIRST_RETRY_MS = 250;

/**
 * Active keys remembered in-process for `ttlMs`, so an authenticated request costs no query for its key.
 * A revoked key stops working at once everywhere: revoking notifies API_KEYS_CHANNEL, on which every API
 * process LISTENs, and the notified key is forgotten. The cache is only trusted while the listener is
 * connected: from the moment its connection drops until it listens again (when everything remembered is
 * dropped, since notifications may have been missed), every request looks its key up in the database.
 */
export class CachedActiveKeys implements ActiveKeys {
  private readonly entries = new Map<string, { record: ApiKeyRecord; until: number }>();
  /** Bumped by every invalidation: a lookup that started before one must not cache what it read. */
  private generation = 0;
  private listener: Client | null = null;
  private listening = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;

  constructor(private readonly opts: ActiveKeyCacheOptions) {}

  async findActive(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const hit = this.entries.get(keyHash);
    if (this.listening && hit && hit.until > Date.now()) return hit.record;
    const generation = this.generation;
    const record = await findActiveKeyByHash(this.opts.db, keyHash);
    if (record && this.listening && generation === this.generation) {
      this.entries.delete(keyHash);
      this.entries.set(keyHash, { record, until: Date.now() + this.opts.ttlMs });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return record;
  }

  /** Forgets one key (by id), or everything. */
  private invalidate(keyId?: string) {
    this.generation += 1;
    if (keyId === undefined) return this.entries.clear();
    for (const [hash, { record }] of this.entries) if (record.id === keyId) this.entries.delete(hash);
  }

  /** Connects the listener; resolves once it listens (or, if it cannot yet, keeps retrying in the background). */
  start(): Promise<void> {
    return this.listen().catch((err: unknown) => this.lost(err));
  }

  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.opts.databaseUrl,
      application_name: 'notices-api-keys',
    });
    this.listener = client;
    client.on('error', (err) => this.lost(err, client));
    client.on('end', () => this.lost(new Error('connection ended'), client));
    client.on('notification', (msg) => {
      if (msg.channel === API_KEYS_CHANNEL) this.invalidate(msg.payload || undefined);
    });
    await client.connect();
    await client.query(`listen ${API_KEYS_CHANNEL}`);
    if (this.stopped || this.listener !== client) return;
    this.invalidate();
    this.listening = true;
    this.retryMs = FIRST_RETRY_MS;
  }

  private lost(err: unknown, client: Client | null = this.listener) {
    if (this.stopped || client !== this.listener) return;
    const wasListening = this.listening;
    this.listening = false;
    this.invalidate();
    this.listener = null;
    void closeQuietly(client);
    if (wasListening) {
      this.opts.log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'API key listener disconnected: keys are looked up on every request until it reconnects',
      );
    }
    this.retryTimer = setTimeout(() => void this.start(), this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 2_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.retryTimer);
    const client = this.listener;
    this.listener = null;
    await closeQuietly(client);
  }
}

/** Ends a listener's connection, ignoring whatever it still reports. */
async function closeQuietly(client: Client | null): Promise<void> {
  client?.removeAllListeners();
  client?.on('error', () => undefined);
  await client?.end().catch(() => undefined);
}

/** Last-used times, written in one batched statement every `flushMs`: authenticating never costs a write. */
export class LastUsedTracker {
  private seen = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly flushMs: number,
  ) {}

  touch(keyId: string): void {
    this.seen.set(keyId, new Date());
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
