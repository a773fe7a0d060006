import { createServer, type Server } from 'node:net';

export interface SmtpReceiver {
  url: string;
  /** Each received mail's recipients and raw message. */
  received: { to: string[]; data: string }[];
  close(): Promise<void>;
}

/**
 * A plain SMTP receiver on loopback that greets each connection only after `greetingDelayMs`, as a slow
 * mail server does; enough of the protocol for nodemailer (EHLO, MAIL, RCPT, DATA, QUIT), no TLS.
 */
export async function startSmtpReceiver(greetingDelayMs = 0): Promise<SmtpReceiver> {
  const received: SmtpReceiver['received'] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    setTimeout(() => reply('220 localhost ESMTP'), greetingDelayMs);
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ to, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
