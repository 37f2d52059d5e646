// The process's NATS connection (NATS_URL, issue 17). A server that cannot reach NATS at start says
// so and keeps trying every couple of seconds; once connected, the client reconnects by itself for
// ever, buffering what is published meanwhile, and the log says when it lost and regained NATS.
import { connect, type NatsConnection } from '@nats-io/transport-node';

export interface NatsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

const RETRY_MS = 2000;

export async function connectNats(
  url: string,
  log: NatsLog,
  opts: { name?: string; retryMs?: number; signal?: AbortSignal } = {},
): Promise<NatsConnection> {
  const servers = url.split(',');
  for (let attempt = 1; ; attempt++) {
    try {
      const nc = await connect({
        servers,
        name: opts.name,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        pingInterval: 10_000,
      });
      log.info({ server: nc.getServer() }, `NATS connected at ${nc.getServer()}`);
      void watch(nc, log);
      return nc;
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      log.warn(
        { err: (err as Error).message, attempt },
        `NATS at ${url} unreachable (${(err as Error).message}); trying again`,
      );
      await new Promise((r) => setTimeout(r, opts.retryMs ?? RETRY_MS));
    }
  }
}

async function watch(nc: NatsConnection, log: NatsLog) {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect') log.warn({ server: s.server }, 'NATS connection lost');
    else if (s.type === 'reconnect') log.info({ server: s.server }, 'NATS connection back');
  }
}
