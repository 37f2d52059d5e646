// Starts the device gateways the configuration asks for (API.md §6, ARCHITECTURE.md §5).
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import { startTcpGateway, type TcpGateway } from './tcp';
import { startOsmandServer, type OsmandServer } from './http';
import { teltonikaSession } from './teltonika-session';
import { gt06Session } from './gt06-session';
import type { CommandChannel } from './commands';

/** A listening port; 0 turns the gateway off and 'ephemeral' lets the OS pick one (tests). */
export type GatewayPort = number | 'ephemeral';

export interface GatewayConfig {
  osmandPort: GatewayPort;
  teltonikaPort: GatewayPort;
  gt06Port: GatewayPort;
  /** A connection silent this long is closed. */
  idleTimeoutMs: number;
  host?: string;
}

export interface RunningGateways {
  /** The bound ports, null for a gateway that is off. */
  ports: { osmand: number | null; teltonika: number | null; gt06: number | null };
  close(): Promise<void>;
}

const listenPort = (p: GatewayPort): number | null => (p === 'ephemeral' ? 0 : p > 0 ? p : null);

export async function startGateways(
  cfg: GatewayConfig,
  sink: IngestSink,
  log: IngestLog,
  /** Where sessions report connections, replies and records for device commands (issue 13). */
  commands?: CommandChannel,
): Promise<RunningGateways> {
  const started: (TcpGateway | OsmandServer)[] = [];
  const closeAll = () => Promise.all(started.map((g) => g.close())).then(() => undefined);
  const ports: RunningGateways['ports'] = { osmand: null, teltonika: null, gt06: null };
  const base = { host: cfg.host, idleTimeoutMs: cfg.idleTimeoutMs, log };
  try {
    const osmand = listenPort(cfg.osmandPort);
    if (osmand !== null) {
      const g = await startOsmandServer({ ...base, port: osmand, sink });
      started.push(g);
      ports.osmand = g.port;
    }
    const teltonika = listenPort(cfg.teltonikaPort);
    if (teltonika !== null) {
      const g = await startTcpGateway({
        ...base,
        protocol: 'teltonika',
        port: teltonika,
        createSession: (conn) => teltonikaSession(conn, sink, log, commands),
      });
      started.push(g);
      ports.teltonika = g.port;
    }
    const gt06 = listenPort(cfg.gt06Port);
    if (gt06 !== null) {
      const g = await startTcpGateway({
        ...base,
        protocol: 'gt06',
        port: gt06,
        createSession: (conn) => gt06Session(conn, sink, log, commands),
      });
      started.push(g);
      ports.gt06 = g.port;
    }
  } catch (err) {
    await closeAll();
    throw err;
  }
  log.info({ ports }, 'device gateways listening');
  return { ports, close: closeAll };
}
