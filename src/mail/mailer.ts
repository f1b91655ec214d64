import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { outboxDir, type Config } from '../config';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail, rendered: plain text and HTML of the same content. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A stable Message-ID for the same logical e-mail (derived from its idempotency key). */
  messageId?: string;
}

export interface MailReceipt {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /** Outbox mode: the .eml file written. */
  file?: string;
}

/** Sends e-mail. Throws on failure; `classifySendError` tells a refusal from a transient problem. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}

/**
 * SMTP when `SMTP_URL` is set, else the outbox folder under DATA_DIR. `pooled`: for a long-running sender that
 * closes the mailer when it stops (the worker), SMTP connections are kept and reused (see smtpMailer).
 */
export function createMailer(config: Config, opts: { pooled?: boolean } = {}): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from, opts)
    : outboxMailer(outboxDir(config), config.mail.from);
}

/** The worker's SMTP pool: a few connections (e-mails go out a handful at a time), renewed every 100 messages. */
const POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

// MAIL_FROM is the operator's configuration, never request data.
// eslint-disable-next-line regexp/no-super-linear-move
const fromDomain = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** `<hash-of-key@sender-domain>`: the same e-mail always carries the same Message-ID. */
export function stableMessageId(key: string, from: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${fromDomain(from)}>`;
}

function envelope(from: string, m: MailMessage) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    attachments: m.attachments?.map((a) => ({ ...a })),
    ...(m.messageId && { messageId: m.messageId }),
  };
}

/**
 * Sends over SMTP. Unpooled, every message opens and closes its own connection (right for a one-off sender such
 * as the CLI); pooled, connections are kept open so an order's e-mails skip the handshakes, an idle one closes
 * after the socket timeout and `close()` ends them all. Either way a send resolves once the server accepted it.
 */
export function smtpMailer(smtpUrl: string, from: string, opts: { pooled?: boolean } = {}): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(opts.pooled && POOL),
  });
  return {
    mode: 'smtp',
    async send(m) {
      const info = await transport.sendMail(envelope(from, m));
      return {
        messageId: info.messageId,
        accepted: (info.accepted ?? []).map(String),
        rejected: (info.rejected ?? []).map(String),
      };
    },
    close: () => transport.close(),
  };
}

/**
 * The embedded default: every message is rendered exactly as it would go over SMTP and written to
 * `<dir>/<time>-<id>.eml`, so a newcomer can open what would have been sent (`notices outbox list`).
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(m) {
      const info = await transport.sendMail(envelope(from, m));
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, accepted: [...m.to], rejected: [], file };
    },
    close: () => transport.close(),
  };
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
