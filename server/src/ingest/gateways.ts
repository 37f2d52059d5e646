// Starts the device gateways the configuration asks for (API.md §6, ARCHITECTURE.md §5).
import type { IngestSink, Protocol } from './types';
import type { IngestLog } from './log';
import { startTcpGateway, type Connection, type FrameSession, type GatewayStats } from './tcp';
import { startOsmandServer, type OsmandServer } from './http';
import { teltonikaSession } from './teltonika-session';
import { gt06Session } from './gt06-session';
import { meitrackSession } from './meitrack-session';
import { h02Session } from './h02-session';
import { queclinkSession } from './queclink-session';
import { startUdpGateway } from './udp';
import { teltonikaUdpHandler } from './teltonika-udp-session';
import type { CommandChannel } from './commands';

/** A listening port; 0 turns the gateway off and 'ephemeral' lets the OS pick one (tests). */
export type GatewayPort = number | 'ephemeral';

export interface GatewayConfig {
  osmandPort: GatewayPort;
  /** TCP, and UDP on the same port number unless teltonikaUdp is false. */
  teltonikaPort: GatewayPort;
  /** Default true. */
  teltonikaUdp?: boolean;
  gt06Port: GatewayPort;
  /** Off when absent (tests that start only some gateways). */
  h02Port?: GatewayPort;
  meitrackPort?: GatewayPort;
  queclinkPort?: GatewayPort;
  /** A connection silent this long is closed. */
  idleTimeoutMs: number;
  host?: string;
}

/** The gateways speaking TCP, each with its own port. */
type TcpProtocol = Exclude<Protocol, 'osmand'>;

export type GatewayPorts = Record<Protocol, number | null>;

export interface RunningGateways {
  /** The bound ports, null for a gateway that is off. */
  ports: GatewayPorts;
  /** Each TCP gateway's figures since it started (connections, garbage floods, ...). */
  stats(): Partial<Record<TcpProtocol, GatewayStats>>;
  close(): Promise<void>;
}

type SessionFactory = (
  conn: Connection,
  sink: IngestSink,
  log: IngestLog,
  commands?: CommandChannel,
) => FrameSession;

/** Each TCP protocol: where its port is configured and how a connection is served. */
const TCP: {
  protocol: TcpProtocol;
  port: (c: GatewayConfig) => GatewayPort | undefined;
  session: SessionFactory;
}[] = [
  { protocol: 'teltonika', port: (c) => c.teltonikaPort, session: teltonikaSession },
  { protocol: 'gt06', port: (c) => c.gt06Port, session: gt06Session },
  { protocol: 'h02', port: (c) => c.h02Port, session: h02Session },
  { protocol: 'meitrack', port: (c) => c.meitrackPort, session: meitrackSession },
  { protocol: 'queclink', port: (c) => c.queclinkPort, session: queclinkSession },
];

const listenPort = (p: GatewayPort | undefined): number | null =>
  p === undefined ? null : p === 'ephemeral' ? 0 : p > 0 ? p : null;

export async function startGateways(
  cfg: GatewayConfig,
  sink: IngestSink,
  log: IngestLog,
  /** Where sessions report connections, replies and records for device commands (issue 13). */
  commands?: CommandChannel,
): Promise<RunningGateways> {
  const started: { close(): Promise<void> }[] = [];
  const tcp = new Map<TcpProtocol, { stats(): GatewayStats }>();
  const closeAll = () => Promise.all(started.map((g) => g.close())).then(() => undefined);
  const ports: GatewayPorts = {
    osmand: null,
    teltonika: null,
    gt06: null,
    h02: null,
    meitrack: null,
    queclink: null,
  };
  const base = { host: cfg.host, idleTimeoutMs: cfg.idleTimeoutMs, log };
  try {
    const osmand = listenPort(cfg.osmandPort);
    if (osmand !== null) {
      const g: OsmandServer = await startOsmandServer({ ...base, port: osmand, sink });
      started.push(g);
      ports.osmand = g.port;
    }
    for (const t of TCP) {
      const port = listenPort(t.port(cfg));
      if (port === null) continue;
      const g = await startTcpGateway({
        ...base,
        protocol: t.protocol,
        port,
        createSession: (conn) => t.session(conn, sink, log, commands),
      });
      started.push(g);
      tcp.set(t.protocol, g);
      ports[t.protocol] = g.port;
      if (t.protocol === 'teltonika' && cfg.teltonikaUdp !== false) {
        // FMB devices on UDP (to save data costs) report to the same port number.
        const udp = await startUdpGateway({
          protocol: 'teltonika',
          port: g.port,
          host: cfg.host,
          log,
          handle: teltonikaUdpHandler(sink, log),
        });
        started.push(udp);
      }
    }
  } catch (err) {
    await closeAll();
    throw err;
  }
  log.info({ ports }, 'device gateways listening');
  return {
    ports,
    stats: () => Object.fromEntries([...tcp].map(([p, g]) => [p, g.stats()])),
    close: closeAll,
  };
}
