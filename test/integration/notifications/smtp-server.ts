import type { AddressInfo } from 'node:net';
import { eventually } from '../../support/eventually';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { parseHeaders } from '../../../src/mail/outbox';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded: searchable text and HTML. */
  decoded: string;
}

export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** How many SMTP connections clients have opened. */
  connections(): number;
  /** Messages whose envelope includes the address. */
  to(address: string): ReceivedMail[];
  waitFor(match: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. Recipients starting with `bounce` are
 * refused for good (550); those starting with `greylist` are refused once (451), then accepted.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const greylisted = new Set<string>();
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const rcpt = address.address.toLowerCase();
      if (rcpt.startsWith('bounce')) return callback(smtpError(550, 'No such user here'));
      if (rcpt.startsWith('greylist') && !greylisted.has(rcpt)) {
        greylisted.add(rcpt);
        return callback(smtpError(451, 'Greylisted, try again later'));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    to: (address) => received.filter((m) => m.to.includes(address)),
    async waitFor(match, ms = 20_000) {
      const found = await eventually(() => received.find(match), Boolean, ms);
      if (found) return found;
      throw new Error(
        `No matching e-mail; received: ${received.map((m) => `${m.to} ${m.subject}`).join(' | ')}`,
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export { eventually } from '../../support/eventually';
