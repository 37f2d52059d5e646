// Outgoing SMS (issue 11 delivery): an HTTP gateway when SMS_URL is set, otherwise a text file per
// message under DATA_DIR/outbox, as the mailer writes .eml files there. The outbox sender
// (outbox.ts) retries a failure, so a send either succeeds or throws a message worth logging.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Sms {
  /** The phone number as the rule lists it. */
  to: string;
  message: string;
  /**
   * The outbox row's id: the gateway's reference, and the file's name, so a message resent after a
   * crash is recognisably the same one (the gateway may drop it; the file is overwritten).
   */
  reference: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
  /** Where file SMS go (undefined with a gateway). */
  outbox?: string;
}

/** A gateway that takes longer than this (real time) has failed; the outbox tries again later. */
export const SMS_TIMEOUT_MS = 10_000;

export function createSmsSender(opts: {
  smsUrl?: string;
  dataDir: string;
  timeoutMs?: number;
}): SmsSender {
  const { smsUrl } = opts;
  if (smsUrl) {
    const timeoutMs = opts.timeoutMs ?? SMS_TIMEOUT_MS;
    return {
      async send(sms) {
        const res = await fetch(smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: sms.to, message: sms.message, reference: sms.reference }),
          signal: AbortSignal.timeout(timeoutMs),
        }).catch((err: Error) => {
          throw new Error(
            err.name === 'TimeoutError'
              ? `SMS gateway did not answer within ${timeoutMs} ms`
              : `SMS gateway unreachable: ${(err.cause as Error | undefined)?.message ?? err.message}`,
          );
        });
        // Read the body either way, so the connection can be reused.
        const body = await res.text().catch(() => '');
        if (!res.ok)
          throw new Error(`SMS gateway answered ${res.status}: ${body.slice(0, 200)}`.trim());
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    outbox,
    async send(sms) {
      await fs.mkdir(outbox, { recursive: true });
      const name = `${sms.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.txt`;
      await fs.writeFile(path.join(outbox, name), `To: ${sms.to}\n\n${sms.message}\n`);
    },
  };
}
