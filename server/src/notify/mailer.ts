// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { now } from '../clock';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where file mail goes (undefined with SMTP). */
  outbox?: string;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let seq = 0;
  return {
    outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      seq += 1;
      await fs.writeFile(
        path.join(outbox, `${stamp}-${seq}-${safeTo}.eml`),
        info.message as Buffer,
      );
    },
  };
}
