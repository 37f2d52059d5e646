// /api/live (API.md §5): per-user WebSocket fan-out of unit updates, scoped to the user's units
// and coalesced to at most one update per unit per second.
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE_UNAUTHENTICATED } from '@fleet/common';
import type { Services } from '../services';
import { resolveSession, type SessionUser } from '../auth/sessions';
import { Tenant } from '../tasks/tenant';

export const LIVE_TOPICS = {
  unit: 'unit',
  deviceEvent: 'device_event',
  sessionRevoked: 'session_revoked',
  unitsChanged: 'units_changed',
} as const;

/** Sessions that ended: by id, or every session of a user but one. */
export interface SessionRevoked {
  sessionIds?: number[];
  userId?: number;
  exceptSessionId?: number;
}

export interface LiveOptions {
  flushMs?: number;
  recheckMs?: number;
}

interface Client {
  socket: WebSocket;
  user: SessionUser;
  token: string;
  units: Set<number>;
  pending: Map<number, Record<string, unknown>>;
}

export function liveHub(services: Services, opts: LiveOptions = {}) {
  const flushMs = opts.flushMs ?? 1000;
  const recheckMs = opts.recheckMs ?? 30_000;
  return async (app: FastifyInstance) => {
    const clients = new Set<Client>();
    const { bus } = services;

    async function visibleUnits(user: SessionUser): Promise<Set<number>> {
      const rows = await new Tenant(services.db.db, user).units().select('units.uid').execute();
      return new Set(rows.map((r) => r.uid));
    }

    const unsubscribe = [
      bus.subscribe(
        LIVE_TOPICS.unit,
        (msg: { uid: number; client_id?: number } & Record<string, unknown>) => {
          for (const c of clients) {
            if (!c.units.has(msg.uid)) continue;
            const { client_id: _c, ...fields } = msg;
            c.pending.set(msg.uid, { ...(c.pending.get(msg.uid) ?? {}), ...fields });
          }
        },
      ),
      bus.subscribe(LIVE_TOPICS.deviceEvent, (msg: { uid: number } & Record<string, unknown>) => {
        for (const c of clients) {
          if (!c.units.has(msg.uid)) continue;
          const { client_id: _c, ...alert } = msg;
          send(c, { type: 'alert', alert: { kind: 'device_event', ...alert } });
        }
      }),
      bus.subscribe(LIVE_TOPICS.sessionRevoked, (msg: SessionRevoked) => {
        for (const c of clients) {
          const everyOfUser = msg.userId === c.user.nid && msg.exceptSessionId !== c.user.sessionId;
          if (msg.sessionIds?.includes(c.user.sessionId) || everyOfUser) {
            c.socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'logged out');
          }
        }
      }),
      bus.subscribe(LIVE_TOPICS.unitsChanged, () => {
        for (const c of clients) void visibleUnits(c.user).then((u) => (c.units = u));
      }),
    ];

    function send(c: Client, message: unknown) {
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(message));
    }

    const flushTimer = setInterval(() => {
      for (const c of clients) {
        if (!c.pending.size) continue;
        const units = [...c.pending.entries()].map(([uid, fields]) => ({ ...fields, uid }));
        c.pending.clear();
        send(c, { type: 'units', units });
      }
    }, flushMs);

    // Sessions can also end by expiry or a password change; look again now and then.
    const recheckTimer = setInterval(async () => {
      for (const c of clients) {
        const user = await resolveSession(
          services.db.db,
          c.token,
          services.config.sessionTtlMs,
        ).catch(() => null);
        if (!user) c.socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'logged out');
        else c.units = await visibleUnits(user);
      }
    }, recheckMs);

    app.addHook('onClose', async () => {
      clearInterval(flushTimer);
      clearInterval(recheckTimer);
      unsubscribe.forEach((u) => u());
      for (const c of clients) c.socket.close(1001, 'server shutting down');
    });

    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.get('/api/live', { websocket: true }, (socket) => {
      let client: Client | null = null;
      const authTimeout = setTimeout(() => {
        if (!client) socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'no auth message');
      }, 10_000);
      socket.on('message', async (raw) => {
        if (client) return; // After auth the socket is push-only.
        let msg: { type?: string; token?: string };
        try {
          msg = JSON.parse(String(raw));
        } catch {
          msg = {};
        }
        const user =
          msg.type === 'auth' && typeof msg.token === 'string'
            ? await resolveSession(services.db.db, msg.token, services.config.sessionTtlMs)
            : null;
        clearTimeout(authTimeout);
        if (!user) {
          socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'not authenticated');
          return;
        }
        client = {
          socket,
          user,
          token: msg.token!,
          units: await visibleUnits(user),
          pending: new Map(),
        };
        clients.add(client);
        send(client, { type: 'ready', units: client.units.size });
      });
      socket.on('close', () => {
        clearTimeout(authTimeout);
        if (client) clients.delete(client);
      });
      socket.on('error', () => socket.terminate());
    });
  };
}
