// The machine's NATS server for the tests that need one (TEST_NATS_URL, default 127.0.0.1:4222),
// and whether a service answers at all.
import net from 'node:net';

export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** True when something answers on the NATS port within a second. */
export function natsReachable(url = NATS_URL): Promise<boolean> {
  return reachable(url, 4222);
}

/** True when something answers on the URL's host and port (default `port`) within a second. */
export function reachable(url: string, port: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || port) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}
