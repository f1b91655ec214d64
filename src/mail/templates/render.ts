import { longDate, longUkDate } from '../../notices/dates';
import { escapeHtml } from '../../web/html';

/**
 * E-mails are written once as blocks (a string is a paragraph) and rendered twice, as plain text and as HTML,
 * so the two forms never drift apart.
 */
export type Block =
  | string
  | { kind: 'link'; label: string; url: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'list'; items: string[] };

export const link = (label: string, url: string): Block => ({ kind: 'link', label, url });
/** Labelled values; `false` leaves a row out. */
export const facts = (rows: (readonly [label: string, value: string] | false)[]): Block => ({
  kind: 'facts',
  rows: rows.filter((r) => r !== false),
});

export interface EmailContent {
  subject: string;
  /** The first line, the subject unless given. */
  heading?: string;
  /** The greeting and body blocks (`false` or null leaves one out); the footer is added by `renderEmail`. */
  blocks: (Block | false | null)[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const FOOTER =
  'Statutory Notice Placement API. You receive this e-mail because this address was given for notifications ' +
  'about statutory notice orders.';

function textBlock(b: Block): string {
  if (typeof b === 'string') return b;
  switch (b.kind) {
    case 'link':
      return `${b.label}: ${b.url}`;
    case 'facts': {
      const width = Math.max(...b.rows.map(([label]) => label.length));
      return b.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`).join('\n');
    }
    case 'list':
      return b.items.map((i) => `- ${i}`).join('\n');
  }
}

function htmlBlock(b: Block): string {
  if (typeof b === 'string') return `<p style="margin:0 0 12px">${escapeHtml(b)}</p>`;
  switch (b.kind) {
    case 'link':
      return `<p style="margin:0 0 12px"><a href="${escapeHtml(b.url)}">${escapeHtml(b.label)}</a><br><span style="color:#555;font-size:12px">${escapeHtml(b.url)}</span></p>`;
    case 'facts':
      return `<table style="border-collapse:collapse;margin:0 0 12px">${b.rows
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'list':
      return `<ul style="margin:0 0 12px">${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  }
}

export function renderEmail({ subject, heading = subject, blocks: body }: EmailContent): RenderedEmail {
  const blocks = body.filter((b) => b !== false && b !== null);
  const text = [heading, ...blocks.map(textBlock), '--', FOOTER].join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1b1b1b;line-height:1.45;max-width:640px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...blocks.map(htmlBlock),
    `<hr style="border:none;border-top:1px solid #ccc;margin:20px 0"><p style="color:#666;font-size:12px">${escapeHtml(FOOTER)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** `2026-12-03` (or a full timestamp) as `Thursday 3 December 2026`, the UK date. */
export function formatDate(iso: string): string {
  if (iso.length === 10) return longDate(iso);
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : longUkDate(at);
}
