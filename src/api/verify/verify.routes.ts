import type { Readable } from 'node:stream';
import Router from '@koa/router';
import Busboy from 'busboy';
import type { Db } from '../../db/database';
import { findIssuedDocument } from '../../db/issued-documents.repository';
import { AppError } from '../../errors';
import { sha256Hex } from '../../ids';
import { ISSUED_DOCUMENT_NAMES } from '../../orders/documents';
import { html, time, type Html, type Part } from '../../web/html';
import type { AppContext, AppState } from '../context';
import { clientBucket, type ConsumeRateLimit } from '../middleware/rate-limit';
import { assetPageHeaders, htmlPage } from '../../web/page';

/** The largest file the page accepts: our documents are well under 1 MiB. */
const MAX_VERIFY_BYTES = 2 * 1024 * 1024;
const DOCUMENT_ID = /^doc_[0-9A-Za-z]{22}$/;

/** `/verify/<id>`, an issued document's public page (docs/documents.md): uploads bounded as they stream. */
export function verifyRoutes(db: Db, perIp: ConsumeRateLimit): Router<AppState> {
  const router = new Router<AppState>();
  router.use('/verify/:id', assetPageHeaders);

  /** A route of a document's page, behind the per-IP limit; an unknown id is 404. */
  const documentRoute = (method: 'get' | 'post', handle: (ctx: AppContext, document: Shown) => unknown) =>
    router[method]('/verify/:id', async (ctx) => {
      try {
        await perIp(ctx, clientBucket(ctx.ip));
      } catch (err) {
        if (err instanceof AppError && err.code === 'rate_limit_exceeded') {
          ctx.set('Retry-After', String(err.details?.retryAfterSeconds));
          return answer(ctx, { kind: 'rate_limited' });
        }
        throw err;
      }
      const id = String(ctx.params.id);
      const document = DOCUMENT_ID.test(id) ? await findIssuedDocument(db, id) : undefined;
      return document ? handle(ctx, document) : answer(ctx, { kind: 'unknown', id });
    });

  documentRoute('get', (ctx, document) => answer(ctx, { kind: 'shown', document }));

  documentRoute('post', async (ctx, document) => {
    const upload = await readUpload(ctx);
    if (upload === 'too_large') {
      ctx.set('Connection', 'close');
      return answer(ctx, { kind: 'too_large', document });
    }
    if (!upload?.length) return answer(ctx, { kind: 'no_file', document });
    // The recorded fingerprint is public (the page shows it): a plain comparison gives nothing away.
    const sha256 = sha256Hex(upload);
    answer(ctx, { kind: 'checked', document, matches: sha256 === document.sha256, sha256 });
  });

  return router;
}

function answer(ctx: AppContext, outcome: VerifyOutcome) {
  ctx.status = outcome.kind === 'shown' || outcome.kind === 'checked' ? 200 : REFUSALS[outcome.kind][0];
  const json = ctx.accepts('html', 'json') === 'json';
  if (!json) ctx.type = 'text/html; charset=utf-8';
  ctx.body = json ? verifyJson(outcome) : verifyPage(outcome);
}

/** Each refusal's status and JSON answer. */
const REFUSALS: Record<Exclude<VerifyOutcome['kind'], 'shown' | 'checked'>, [number, string, string]> = {
  unknown: [404, 'No document we issued has this id.', 'document_not_found'],
  rate_limited: [429, 'Too many verifications from this address. Retry shortly.', 'rate_limit_exceeded'],
  too_large: [413, `The file is larger than ${MAX_VERIFY_BYTES} bytes.`, 'payload_too_large'],
  no_file: [400, 'Send the PDF (a form field or the request body).', 'validation_error'],
};

function verifyJson(o: VerifyOutcome) {
  if (o.kind !== 'shown' && o.kind !== 'checked') {
    const [, error, code] = REFUSALS[o.kind];
    return { error, code };
  }
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

/** The uploaded file: the first file of a multipart form, or a raw PDF body; refused past MAX_VERIFY_BYTES. */
async function readUpload(ctx: AppContext): Promise<Buffer | 'too_large' | null> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_VERIFY_BYTES + 64 * 1024) return 'too_large';
  if (ctx.is('multipart/form-data')) return readMultipart(ctx);
  if (ctx.is('application/pdf', 'application/octet-stream')) return collect(ctx.req);
  return null;
}

/** A stream's bytes, refused past MAX_VERIFY_BYTES (busboy's file stream tells so itself: `limit`). */
function collect(stream: Readable): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_VERIFY_BYTES) {
        stream.pause();
        resolve('too_large');
      } else chunks.push(chunk);
    });
    stream.on('limit', () => resolve('too_large'));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function readMultipart(ctx: AppContext): Promise<Buffer | 'too_large' | null> {
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({
        headers: ctx.req.headers,
        limits: { files: 1, fileSize: MAX_VERIFY_BYTES, fields: 5, fieldSize: 1024, parts: 8 },
      });
    } catch {
      return resolve(null);
    }
    let file: Promise<Buffer | 'too_large' | null> = Promise.resolve(null);
    parser.on('file', (_name, stream) => (file = collect(stream)));
    parser.on('close', () => file.then(resolve, reject));
    parser.on('error', () => resolve(null));
    ctx.req.pipe(parser);
  });
}

type Shown = NonNullable<Awaited<ReturnType<typeof findIssuedDocument>>>;

type VerifyOutcome =
  | { kind: 'shown'; document: Shown }
  | { kind: 'checked'; document: Shown; matches: boolean; sha256: string }
  | { kind: 'too_large' | 'no_file'; document: Shown }
  | { kind: 'unknown'; id: string }
  | { kind: 'rate_limited' };

const UPLOAD_REFUSALS = {
  too_large: 'That file is larger than 2 MB: it is not one of our documents.',
  no_file: 'Choose a PDF file to check.',
};

/** What the document says, as recorded when it was issued. */
function particulars(d: Shown): Html {
  const rows: [label: string, value: Part][] = [
    ['Document', `${ISSUED_DOCUMENT_NAMES[d.kind]}${d.number ? ` ${d.number}` : ''}`],
    ...d.summary.facts,
    ['Issued', time(d.issued_at)],
    ['Fingerprint (SHA-256)', html`<code>${d.sha256}</code>`],
  ];
  return html`<h2>What it certifies</h2>
    <table>
      <tbody>
        ${rows.map(
          ([label, value]) =>
            html`<tr>
              <th scope="row">${label}</th>
              <td>${value}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}

function uploadForm(d: Shown): Html {
  return html`<h2>Check a copy</h2>
    <p>
      Choose the PDF you were given. It is compared, byte for byte, with the file we issued; nothing is kept.
    </p>
    <form method="post" action="/verify/${d.id}" enctype="multipart/form-data">
      <label for="file">The PDF (at most 2 MB)</label>
      <input id="file" name="file" type="file" accept="application/pdf" required />
      <button type="submit">Check this file</button>
    </form>`;
}

function result(o: Extract<VerifyOutcome, { kind: 'checked' }>): Html {
  return o.matches
    ? html`<div class="notice" role="status">
        <h2>Genuine and unaltered</h2>
        <p>
          This file is exactly the ${ISSUED_DOCUMENT_NAMES[o.document.kind]} we issued on
          ${time(o.document.issued_at)}. Its fingerprint matches the one recorded at issue.
        </p>
      </div>`
    : html`<div class="error" role="alert">
        <h2>Not the document we issued</h2>
        <p>
          This file differs from the one we issued: it was altered, or it is another document. Its fingerprint
          is <code>${o.sha256}</code>; ours is <code>${o.document.sha256}</code>. Rely on it only after asking
          us for a copy.
        </p>
      </div>`;
}

/** The page's title (also its heading) and what follows the heading. */
function body(o: VerifyOutcome): { title: string; main: Html } {
  switch (o.kind) {
    case 'unknown':
      return {
        title: 'Document not found',
        main: html`<p>
          No document we issued has the id <code>${o.id}</code>. Check the address printed on the document.
        </p>`,
      };
    case 'rate_limited':
      return {
        title: 'Too many checks',
        main: html`<p>Too many checks came from your network in the last minute. Try again in a minute.</p>`,
      };
    default: {
      const d = o.document;
      const note =
        o.kind === 'checked'
          ? result(o)
          : o.kind !== 'shown' &&
            html`<div class="error" role="alert"><p>${UPLOAD_REFUSALS[o.kind]}</p></div>`;
      return {
        title: d.summary.title,
        main: html`${d.livemode ? '' : html`<p class="error"><strong>TEST MODE:</strong> a test document. Nothing was published and no money moved.</p>`}
          <p>Issued by us on ${time(d.issued_at)}.</p>
          ${note} ${particulars(d)} ${uploadForm(d)}`,
      };
    }
  }
}

/** The verification page: server-rendered, accessible HTML under the console's stylesheet (no inline code). */
function verifyPage(o: VerifyOutcome): string {
  const { title, main } = body(o);
  return htmlPage(
    `${title} · Document verification`,
    html`<link rel="stylesheet" href="/settings/assets/console.css" />`,
    html`<header>
        <div class="bar"><p class="brand">Statutory Notice Placement · Document verification</p></div>
      </header>
      <main id="main">
        <h1>${title}</h1>
        ${main}
      </main>`,
  );
}
