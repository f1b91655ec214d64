import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SentMessageInfo, type Transporter } from 'nodemailer';
import { outboxDir, type Config } from '../config';
import { sha256Hex } from '../ids';
import type { RenderedEmail } from './templates/render';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail to send; `messageId` is stable for the same logical e-mail (derived from its idempotency key). */
export type MailMessage = RenderedEmail & {
  to: string[];
  attachments?: MailAttachment[];
  messageId?: string;
};

/** Who the server accepted the message for. */
export type MailReceipt = { messageId: string; accepted: string[] };

/** Sends e-mail. Throws on failure; `classifySendError` tells a refusal from a transient problem. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

/** SMTP when `SMTP_URL` is set, else the outbox folder under DATA_DIR; `pooled`: see smtpMailer. */
export function createMailer(config: Config, opts: { pooled?: boolean } = {}): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from, opts)
    : outboxMailer(outboxDir(config), config.mail.from);
}

// MAIL_FROM is the operator's configuration, never request data.
// eslint-disable-next-line regexp/no-super-linear-move
const fromDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** `<hash-of-key@sender-domain>`: the same e-mail always carries the same Message-ID. */
export function stableMessageId(key: string, from: string): string {
  return `<${sha256Hex(key).slice(0, 32)}@${fromDomain(from)}>`;
}

/** Sends through a nodemailer transport; `receipt` turns nodemailer's answer into ours. */
function nodemailerMailer(
  mode: Mailer['mode'],
  transport: Transporter,
  from: string,
  receipt: (info: SentMessageInfo, m: MailMessage) => Promise<MailReceipt>,
): Mailer {
  return {
    mode,
    async send(m) {
      const { to, subject, text, html, messageId } = m;
      const attachments = m.attachments?.map((a) => ({ ...a }));
      const mail = { from, to, subject, text, html, attachments };
      const info = await transport.sendMail({ ...mail, ...(messageId && { messageId }) });
      return receipt(info, m);
    },
    close: () => transport.close(),
  };
}

/**
 * Sends over SMTP, resolving once the server accepted. Unpooled, each message has its own connection (for a
 * one-off sender such as the CLI); pooled, an order's e-mails skip the handshakes, an idle connection closes
 * after the socket timeout and `close()` ends them all.
 */
export function smtpMailer(smtpUrl: string, from: string, opts: { pooled?: boolean } = {}): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The worker's pool: a few connections (e-mails go out a handful at a time), renewed every 100 messages.
    ...(opts.pooled && { pool: true, maxConnections: 4, maxMessages: 100 }),
  });
  return nodemailerMailer('smtp', transport, from, async (info) => ({
    messageId: info.messageId,
    accepted: (info.accepted ?? []).map(String),
  }));
}

/** The embedded default: each message, exactly as SMTP would carry it, in `<dir>/<time>-<id>.eml`. */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return nodemailerMailer('outbox', transport, from, async (info, m) => {
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(dir, name);
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
    return { messageId: info.messageId, accepted: [...m.to] };
  });
}

/**
 * A refusal is permanent (SMTP 5xx: bad mailbox, message rejected), so retrying cannot help; anything else
 * (4xx greylisting, a connection or time-out problem) is transient and worth another attempt.
 */
export function classifySendError(err: unknown): { permanent: boolean; message: string } {
  const e = err as { responseCode?: number; code?: string; response?: string; message?: string };
  const message = (e.response ?? e.message ?? String(err)).slice(0, 500);
  if (typeof e.responseCode === 'number') return { permanent: e.responseCode >= 500, message };
  // EENVELOPE without a server answer: nodemailer refused the addresses itself.
  return { permanent: e.code === 'EENVELOPE', message };
}
