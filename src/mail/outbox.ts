import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The .eml files of the outbox folder, oldest first, with the headers a reader wants. */
export async function listOutbox(dir: string) {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names = entries.filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const headers = parseHeaders(await readFile(file, 'utf8'));
      const date = headers.get('date');
      return {
        file,
        to: headers.get('to') ?? '',
        subject: headers.get('subject') ?? '',
        date: date ? new Date(date).toISOString() : '',
      };
    }),
  );
}

/** The top-level headers of a message: unfolded, RFC 2047 encoded words decoded, names lower-cased. */
export function parseHeaders(eml: string): Map<string, string> {
  const end = eml.search(/\r?\n\r?\n/);
  const head = (end === -1 ? eml : eml.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** Decodes `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words; whitespace between two encoded words is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            );
      return new TextDecoder(charset.toLowerCase() === 'utf-8' ? 'utf-8' : charset).decode(bytes);
    });
}
