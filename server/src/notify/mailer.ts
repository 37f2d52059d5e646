// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR/outbox.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { now } from '../clock';

/** nodemailer's attachment fields this server uses. */
export interface MailAttachment {
  filename: string;
  path?: string;
  content?: string | Buffer;
  contentType?: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a scheduled report): read from `path` when it is sent, or `content`. */
  attachments?: MailAttachment[];
  /**
   * The outbox row this mail delivers (notify/outbox.ts): it names the mail Message-ID
   * <outbox-ID@host> and the file ID.eml, so a mail resent after a crash between sending and
   * marking it sent is recognisably the same message (and the file is overwritten, not doubled).
   */
  outboxId?: number;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where file mail goes (undefined with SMTP). */
  outbox?: string;
}

/** The host part of Message-IDs: the sender address's domain, as nodemailer's own IDs use. */
function messageHost(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return m ? m[1] : 'localhost';
}

/** nodemailer's message fields: the outbox id becomes the Message-ID. */
function message(from: string, mail: Mail) {
  const { outboxId, ...fields } = mail;
  return {
    from,
    ...fields,
    ...(outboxId !== undefined ? { messageId: `<outbox-${outboxId}@${messageHost(from)}>` } : {}),
  };
}

/**
 * SMTP_URL with nodemailer's connection, greeting and socket timeouts (its defaults are minutes, and
 * a stuck server would hold an outbox row that long); the URL's own query settings win.
 */
function withTimeouts(smtpUrl: string, timeoutMs = 30_000): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return smtpUrl; // nodemailer reports what it cannot read
  }
  for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(timeoutMs));
  return url.toString();
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  /** Real ms the SMTP server has to connect, greet and answer (nodemailer's defaults are minutes). */
  timeoutMs?: number;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(opts.smtpUrl, opts.timeoutMs));
    return {
      async send(mail) {
        await transport.sendMail(message(opts.from, mail));
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
      const info = await transport.sendMail(message(opts.from, mail));
      await fs.mkdir(outbox, { recursive: true });
      if (mail.outboxId !== undefined) {
        await fs.writeFile(path.join(outbox, `${mail.outboxId}.eml`), info.message as Buffer);
        return;
      }
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
