import type { findIssuedDocument } from '../../db/issued-documents.repository';
import { html, time, type Html } from '../../web/html';

type Shown = NonNullable<Awaited<ReturnType<typeof findIssuedDocument>>>;

export type VerifyOutcome =
  | { kind: 'shown'; document: Shown }
  | { kind: 'checked'; document: Shown; matches: boolean; sha256: string }
  | { kind: 'too_large'; document: Shown }
  | { kind: 'no_file'; document: Shown }
  | { kind: 'unknown'; id: string }
  | { kind: 'rate_limited' };

const KIND_NAMES: Record<string, string> = {
  certificate: 'Certificate of publication',
  vat_invoice: 'VAT invoice',
  vat_credit_note: 'VAT credit note',
};

/** What the document says, as recorded when it was issued. */
function particulars(d: Shown): Html {
  return html`<h2>What it certifies</h2>
    <table>
      <tbody>
        <tr>
          <th scope="row">Document</th>
          <td>${KIND_NAMES[d.kind] ?? d.kind}${d.number ? ` ${d.number}` : ''}</td>
        </tr>
        ${d.summary.facts.map(
          ([label, value]) =>
            html`<tr>
              <th scope="row">${label}</th>
              <td>${value}</td>
            </tr>`,
        )}
        <tr>
          <th scope="row">Issued</th>
          <td>${time(d.issued_at)}</td>
        </tr>
        <tr>
          <th scope="row">Fingerprint (SHA-256)</th>
          <td><code>${d.sha256}</code></td>
        </tr>
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
          This file is exactly the ${KIND_NAMES[o.document.kind] ?? 'document'} we issued on
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

function body(o: VerifyOutcome): { title: string; main: Html } {
  switch (o.kind) {
    case 'unknown':
      return {
        title: 'Document not found',
        main: html`<h1>Document not found</h1>
          <p>
            No document we issued has the id <code>${o.id}</code>. Check the address printed on the document.
          </p>`,
      };
    case 'rate_limited':
      return {
        title: 'Too many checks',
        main: html`<h1>Too many checks</h1>
          <p>Too many checks came from your network in the last minute. Try again in a minute.</p>`,
      };
    default: {
      const d = o.document;
      const title = d.summary.title;
      const note =
        o.kind === 'too_large'
          ? html`<div class="error" role="alert">
              <p>That file is larger than 2 MB: it is not one of our documents.</p>
            </div>`
          : o.kind === 'no_file'
            ? html`<div class="error" role="alert"><p>Choose a PDF file to check.</p></div>`
            : o.kind === 'checked'
              ? result(o)
              : '';
      return {
        title,
        main: html`<h1>${title}</h1>
          ${d.livemode ? '' : html`<p class="error"><strong>TEST MODE:</strong> a test document. Nothing was published and no money moved.</p>`}
          <p>Issued by us on ${time(d.issued_at)}.</p>
          ${note} ${particulars(d)} ${uploadForm(d)}`,
      };
    }
  }
}

/** The verification page: server-rendered, accessible HTML under the console's stylesheet (no inline code). */
export function verifyPage(o: VerifyOutcome): string {
  const { title, main } = body(o);
  return html`<!doctype html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Document verification</title>
        <link rel="stylesheet" href="/settings/assets/console.css" />
      </head>
      <body>
        <header>
          <div class="bar"><p class="brand">Statutory Notice Placement · Document verification</p></div>
        </header>
        <main id="main">${main}</main>
      </body>
    </html>`.value;
}
