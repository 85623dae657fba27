import { connect, createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  messageId: string;
  to: string[];
  subject: string;
  raw: string;
}

export interface SmtpSink {
  /** SMTP_URL of the sink (through its TCP front door). */
  url: string;
  received: Received[];
  /** 'accept' (default), 'reject-rcpt' (550 for every recipient) or 'close' (drops each connection at once). */
  mode: 'accept' | 'reject-rcpt' | 'close';
  close(): Promise<void>;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';

/**
 * A real SMTP server on loopback (smtp-server) behind a TCP front door that can also slam the door: the relay
 * tests' mail server.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = { url: '', received: [], mode: 'accept', close: async () => {} };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (sink.mode !== 'reject-rcpt') return callback();
      const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        sink.received.push({
          messageId: header(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'Subject'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const sockets = new Set<Socket>();
  const door: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (sink.mode === 'close') return void client.destroy();
    const server = connect(smtpPort, '127.0.0.1');
    sockets.add(server);
    server.on('close', () => sockets.delete(server));
    client.pipe(server).pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(door.address() as { port: number }).port}`;
  sink.close = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => door.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
  return sink;
}
