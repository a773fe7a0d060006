import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { privateDir, writePrivateFile } from '../../storage/private-files.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real e-mail through nodemailer. With SMTP_URL unset, each message is written as an `.eml` file
 * under `$DATA_DIR/outbox` and the file is logged, so a local install works without a mail
 * server. The log never holds a message's text: its links carry secrets.
 */
export function createMailer(options: {
  smtpUrl: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      // Its messages carry confirmation and recovery links: the site's user's only.
      await privateDir(outbox);
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writePrivateFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, file }, `mail written to outbox: ${mail.subject}`);
    },
  };
}
