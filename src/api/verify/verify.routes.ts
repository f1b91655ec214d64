import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Db } from '../../db/database';
import { findIssuedDocument } from '../../db/issued-documents.repository';
import { AppError } from '../../errors';
import { assetPageHeaders } from '../pages/page-security';
import type { AppContext, AppState } from '../context';
import { clientBucket, type ConsumeRateLimit } from '../middleware/rate-limit';
import { verifyPage, type VerifyOutcome } from './verify.page';

/** The largest file the page accepts: our documents are well under 1 MiB. */
export const MAX_VERIFY_BYTES = 2 * 1024 * 1024;
const DOCUMENT_ID = /^doc_[0-9A-Za-z]{22}$/;

class TooLarge extends Error {}

/**
 * `/verify/<id>`, the public verification page of an issued document (docs/documents.md "Verification"): the
 * upload is bounded as it streams, and requests are limited per client IP.
 */
export function verifyRoutes(db: Db, perIp: ConsumeRateLimit): Router<AppState> {
  const router = new Router<AppState>();
  router.use('/verify/:id', assetPageHeaders);

  async function documentOf(ctx: AppContext) {
    try {
      await perIp(ctx, clientBucket(ctx.ip));
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limit_exceeded') {
        answer(ctx, 429, { kind: 'rate_limited' });
        return null;
      }
      throw err;
    }
    const id = String(ctx.params.id);
    const document = DOCUMENT_ID.test(id) ? await findIssuedDocument(db, id) : undefined;
    if (!document) answer(ctx, 404, { kind: 'unknown', id });
    return document ?? null;
  }

  router.get('/verify/:id', async (ctx) => {
    const document = await documentOf(ctx);
    if (document) answer(ctx, 200, { kind: 'shown', document });
  });

  router.post('/verify/:id', async (ctx) => {
    const document = await documentOf(ctx);
    if (!document) return;
    let upload: Buffer | null;
    try {
      upload = await readUpload(ctx);
    } catch (err) {
      if (!(err instanceof TooLarge)) throw err;
      ctx.set('Connection', 'close');
      answer(ctx, 413, { kind: 'too_large', document });
      return;
    }
    if (!upload || upload.length === 0) {
      answer(ctx, 400, { kind: 'no_file', document });
      return;
    }
    const sha256 = createHash('sha256').update(upload).digest();
    const recorded = Buffer.from(document.sha256 ?? '', 'hex');
    const matches = recorded.length === sha256.length && timingSafeEqual(recorded, sha256);
    answer(ctx, 200, { kind: 'checked', document, matches, sha256: sha256.toString('hex') });
  });

  return router;
}

function answer(ctx: AppContext, status: number, outcome: VerifyOutcome) {
  ctx.status = status;
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.body = verifyJson(outcome);
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = verifyPage(outcome);
}

function verifyJson(o: VerifyOutcome) {
  switch (o.kind) {
    case 'unknown':
      return { error: 'No document we issued has this id.', code: 'document_not_found' };
    case 'rate_limited':
      return {
        error: 'Too many verifications from this address. Retry shortly.',
        code: 'rate_limit_exceeded',
      };
    case 'too_large':
      return { error: `The file is larger than ${MAX_VERIFY_BYTES} bytes.`, code: 'payload_too_large' };
    case 'no_file':
      return { error: 'Send the PDF (a form field or the request body).', code: 'validation_error' };
    default: {
      const d = o.document;
      return {
        documentId: d.id,
        kind: d.kind,
        ...(d.number && { number: d.number }),
        title: d.summary.title,
        issuedAt: d.issued_at.toISOString(),
        livemode: d.livemode,
        sha256: d.sha256,
        facts: Object.fromEntries(d.summary.facts),
        ...(o.kind === 'checked' && { presentedSha256: o.sha256, matches: o.matches }),
      };
    }
  }
}

/** The uploaded file: the first file of a multipart form, or a raw PDF body; refused past MAX_VERIFY_BYTES. */
async function readUpload(ctx: AppContext): Promise<Buffer | null> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_VERIFY_BYTES + 64 * 1024) throw new TooLarge();
  if (ctx.is('multipart/form-data')) return readMultipart(ctx);
  if (ctx.is('application/pdf', 'application/octet-stream')) return collect(ctx.req);
  return null;
}

/** A stream's bytes, refused past MAX_VERIFY_BYTES (busboy's file stream tells so itself: `limit`). */
function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_VERIFY_BYTES) {
        stream.pause();
        reject(new TooLarge());
      } else chunks.push(chunk);
    });
    stream.on('limit', () => reject(new TooLarge()));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function readMultipart(ctx: AppContext): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: MAX_VERIFY_BYTES, fields: 5, fieldSize: 1024, parts: 8 },
      });
    } catch {
      resolve(null);
      return;
    }
    let file: Promise<Buffer | null> = Promise.resolve(null);
    parser.on('file', (_name, stream) => (file = collect(stream)));
    parser.on('close', () => file.then(resolve, reject));
    parser.on('error', () => resolve(null));
    ctx.req.pipe(parser);
  });
}
