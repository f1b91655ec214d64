import { classifySendError, smtpMailer, type MailMessage } from '../../../src/mail/mailer';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const FROM = 'Notices <notices@notices.test>';
const message = (to: string, n: number): MailMessage => ({
  to: [to],
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>Text ${n}</p>`,
});

/** Sends `count` messages to `to`, three at a time, and returns how many connections the server saw. */
async function sendMany(pooled: boolean, to: string, count: number): Promise<number> {
  const mailer = smtpMailer(smtp.url, FROM, { pooled });
  const before = smtp.connections();
  try {
    for (let n = 0; n < count; n += 3) {
      const batch = [n, n + 1, n + 2].filter((i) => i < count);
      const receipts = await Promise.all(batch.map((i) => mailer.send(message(to, i))));
      for (const r of receipts) expect(r.accepted).toEqual([to]);
    }
  } finally {
    mailer.close();
  }
  return smtp.connections() - before;
}

describe('SMTP mailer', () => {
  it('opens a connection per message unpooled, and reuses a few connections pooled', async () => {
    expect(await sendMany(false, 'one-each@example.com', 6)).toBe(6);
    const pooled = await sendMany(true, 'pooled@example.com', 12);
    expect(pooled).toBeGreaterThanOrEqual(1);
    expect(pooled).toBeLessThanOrEqual(4);
    expect(
      smtp
        .to('pooled@example.com')
        .map((m) => m.subject)
        .sort(),
    ).toHaveLength(12);
  });

  it('reports a refused recipient as permanent on a pooled connection, and keeps sending', async () => {
    const mailer = smtpMailer(smtp.url, FROM, { pooled: true });
    try {
      const refused = await mailer.send(message('bounce-pool@example.com', 1)).catch((e: unknown) => e);
      expect(classifySendError(refused).permanent).toBe(true);
      const next = await mailer.send(message('after-bounce@example.com', 2));
      expect(next.accepted).toEqual(['after-bounce@example.com']);
    } finally {
      mailer.close();
    }
  });
});
