import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, with the body decoded enough to read codes and links. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  /** SMTP_URL for the server under test. */
  smtpUrl: string;
  /** Loopback HTTP endpoint the test files read the received mails from (GET → ReceivedMail[]). */
  httpUrl: string;
  stop(): Promise<void>;
}

/** Headers dropped, soft line breaks joined, quoted-printable decoded (nodemailer's plain-text encodings). */
function decode(raw: string): Pick<ReceivedMail, 'subject' | 'text'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const text = /Content-Transfer-Encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
  return { subject, text };
}

/**
 * A real SMTP server on loopback for the e2e server's invitation e-mails, and a tiny HTTP endpoint that hands the
 * received mails to the test files (they run in other processes than the global setup).
 */
export async function startMailbox(): Promise<Mailbox> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...decode(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(to ? inbox.filter((m) => m.to.includes(to)) : inbox));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}/mails`,
    async stop() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** Waits for the first mail to `address` (from a test file, through the mailbox's HTTP endpoint). */
export async function waitForMail(
  httpUrl: string,
  address: string,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${httpUrl}?to=${encodeURIComponent(address)}`);
    const mails = (await response.json()) as ReceivedMail[];
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
