import { randomUUID } from 'node:crypto';
import { NoticesApiError, NoticesConnectionError } from './errors';
import { inProgressDelayMs, MAX_RETRIES, parseRetryAfter, retryDelayMs, type Failure } from './retry';
import type { ErrorCode } from './types';

export interface ClientOptions {
  /** An API key (`svc_live_…` or `svc_test_…`), sent as `Authorization: Bearer …`. */
  apiKey: string;
  /** The service's address, e.g. `https://notices.example.com` (the SDK adds `/api/v1/…`). */
  baseUrl: string;
  /** Retries after a 429, 5xx or network failure (default and most the spec's schedule allows: 5). */
  maxRetries?: number;
  /** Each attempt's time limit in milliseconds (default 30 000); a timed-out attempt counts as a network failure. */
  timeoutMs?: number;
  /** Headers sent with every request (e.g. `User-Agent`). */
  headers?: Record<string, string>;
  /** The fetch to use (default: the global one, looked up at each call). */
  fetch?: typeof fetch;
  /** Waits between retries (default: a timer). Tests pass their own to avoid waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** [0, 1): the jitter after a 429 (default Math.random). */
  random?: () => number;
  /** New Idempotency-Key values for POSTs the caller gave none for (default: a random UUID). */
  idempotencyKey?: () => string;
  /** Called before each retry: for logging (`attempt` is 1 for the first retry). */
  onRetry?: (info: {
    attempt: number;
    delayMs: number;
    method: string;
    path: string;
    reason: string;
  }) => void;
}

export interface RequestOptions {
  /** The POST's Idempotency-Key (default: a new one per call, reused by that call's retries). */
  idempotencyKey?: string;
  /** Aborts the call, retries included. */
  signal?: AbortSignal;
}

interface Call {
  method: 'GET' | 'POST';
  /** Under /api, e.g. `/v1/orders`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  auth: boolean;
  accept?: 'json' | 'pdf';
  options?: RequestOptions;
}

/** A response that arrived: its status, headers and body bytes. */
interface Arrived {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/** The client's one way to the API: headers, the retry policy, error mapping. */
export class Transport {
  private readonly baseUrl: string;

  constructor(private readonly opts: ClientOptions) {
    if (!opts.apiKey) throw new TypeError('apiKey is required');
    if (!/^https?:\/\//.test(opts.baseUrl)) throw new TypeError('baseUrl must be an http(s) URL');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  async json<T>(call: Call): Promise<T> {
    const res = await this.send({ ...call, accept: 'json' });
    return JSON.parse(new TextDecoder().decode(res.bytes)) as T;
  }

  async download(call: Call): Promise<Download> {
    const res = await this.send({ ...call, accept: 'pdf' });
    const disposition = res.headers.get('content-disposition') ?? '';
    return {
      bytes: res.bytes,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      filename: /filename="([^"]*)"/.exec(disposition)?.[1] ?? null,
    };
  }

  /** Sends the call, retrying as the spec recommends; a POST keeps one Idempotency-Key across its retries. */
  private async send(call: Call): Promise<Arrived> {
    const url = this.url(call);
    const headers = this.headers(call);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const signal = call.options?.signal;
    const budget = { retries: 0, waitedInProgressMs: 0 };
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(url, call.method, headers, body, signal);
      if (!(outcome instanceof Error) && outcome.status < 400) return outcome;
      const delay = this.delayBeforeRetry(classify(outcome), budget);
      if (delay === null || signal?.aborted) throw toError(outcome);
      this.opts.onRetry?.({
        attempt,
        delayMs: delay,
        method: call.method,
        path: call.path,
        reason: outcome instanceof Error ? outcome.message : `HTTP ${outcome.status}`,
      });
      await (this.opts.sleep ?? sleep)(delay);
    }
  }

  /**
   * The wait before the next attempt, or null when the outcome is final, spending the call's budget: retries
   * (MAX_RETRIES) for 429s, 5xx and network failures; time (IN_PROGRESS_BUDGET_SECONDS) for a key in progress.
   */
  private delayBeforeRetry(
    failure: Failure | null,
    budget: { retries: number; waitedInProgressMs: number },
  ): number | null {
    if (!failure) return null;
    const random = this.opts.random ?? Math.random;
    if (failure.kind === 'in_progress') {
      const delay = inProgressDelayMs(budget.waitedInProgressMs, failure.retryAfterSeconds, random);
      if (delay !== null) budget.waitedInProgressMs += delay;
      return delay;
    }
    const maxRetries = Math.min(this.opts.maxRetries ?? MAX_RETRIES, MAX_RETRIES);
    return retryDelayMs(budget.retries++, failure, random, maxRetries);
  }

  private async attempt(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Arrived | Error> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 30_000);
    const fetchFn = this.opts.fetch ?? globalThis.fetch;
    try {
      const res = await fetchFn(url, {
        method,
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
    } catch (err) {
      if (signal?.aborted) throw err;
      return err instanceof Error ? err : new Error(String(err));
    }
  }

  private url(call: Call): string {
    const url = new URL(`${this.baseUrl}/api${call.path}`);
    for (const [k, v] of Object.entries(call.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url.href;
  }

  private headers(call: Call): Record<string, string> {
    const headers: Record<string, string> = {
      ...this.opts.headers,
      Accept: call.accept === 'pdf' ? 'application/pdf' : 'application/json',
    };
    if (call.auth) headers.Authorization = `Bearer ${this.opts.apiKey}`;
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (call.method === 'POST') {
      headers['Idempotency-Key'] = call.options?.idempotencyKey ?? (this.opts.idempotencyKey ?? randomUUID)();
    }
    return headers;
  }
}

/** A downloaded PDF (proof, invoice, certificate). */
export interface Download {
  bytes: Uint8Array;
  contentType: string;
  /** From `Content-Disposition`, e.g. `SN-4KV9CT2P-proof.pdf`. */
  filename: string | null;
}

/** What the retry policy makes of a failed attempt; null for an error the caller must fix (other 4xx). */
function classify(outcome: Arrived | Error): Failure | null {
  if (outcome instanceof Error) return { kind: 'network_error' };
  const retryAfterSeconds = parseRetryAfter(outcome.headers.get('retry-after'));
  if (outcome.status === 429) return { kind: 'wait_and_retry', retryAfterSeconds };
  if (outcome.status === 409 && errorBody(outcome)?.code === 'idempotency_request_in_progress') {
    return { kind: 'in_progress', retryAfterSeconds };
  }
  if (outcome.status >= 500) return { kind: 'server_error', retryAfterSeconds };
  return null;
}

function toError(outcome: Arrived | Error): Error {
  if (outcome instanceof Error) {
    return new NoticesConnectionError(`No response from the API: ${outcome.message}`, { cause: outcome });
  }
  const body = errorBody(outcome);
  return new NoticesApiError({
    message: body?.error ?? `Unexpected HTTP ${outcome.status} response`,
    code: body?.code ?? 'unexpected_response',
    details: body?.details,
    status: outcome.status,
    requestId: outcome.headers.get('x-request-id'),
    retryAfterSeconds: parseRetryAfter(outcome.headers.get('retry-after')),
  });
}

/** The `{error, code, details}` of an error response, or null when the body is not one (a proxy's page). */
function errorBody(
  res: Arrived,
): { error: string; code: ErrorCode; details?: Record<string, unknown> } | null {
  if (res.status < 400) return null;
  try {
    const body = JSON.parse(new TextDecoder().decode(res.bytes)) as Record<string, unknown>;
    if (typeof body?.error !== 'string' || typeof body.code !== 'string') return null;
    const details = typeof body.details === 'object' && body.details !== null ? body.details : undefined;
    return { error: body.error, code: body.code as ErrorCode, details: details as Record<string, unknown> };
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
