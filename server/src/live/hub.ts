// /api/live (API.md §5): per-user WebSocket fan-out of unit updates, scoped to the user's units
// and coalesced to at most one update per unit per second (a unit not sent for a second goes out
// at the next short tick, so a vehicle reporting every few seconds reaches the map within tens of
// milliseconds; one reporting faster is sent once a second with its latest fields); device events
// and rule alerts of those units as they are stored, and "counts" messages that tell the top bar
// which counter to re-read.
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import {
  chaseupTypeName,
  isSupportType,
  LIVE_CLOSE_UNAUTHENTICATED,
  ruleTypeName,
} from '@fleet/common';
import type { Services } from '../services';
import { resolveSession, type SessionUser } from '../auth/sessions';
import { visibleUnitIds } from '../domain/visible-units';
import { noQuery } from '../http/zod';
import type { RuleAlertMessage, SessionRevokedMessage, UnitsChangedMessage } from './bus';

export interface LiveOptions {
  /** The least time between two updates of one unit to one socket (ms, default 1000). */
  flushMs?: number;
  /** How often waiting updates are looked at (ms, default 50). */
  tickMs?: number;
}

interface Client {
  socket: WebSocket;
  user: SessionUser;
  units: Set<number>;
  /** Bumped per unit-access query, so a slow answer never overwrites a newer one. */
  unitsQuery: number;
  pending: Map<number, Record<string, unknown>>;
  /** When each unit's last update went to this socket (performance.now()). */
  sentAt: Map<number, number>;
}

function revokes(msg: SessionRevokedMessage, user: SessionUser): boolean {
  if (msg.sessionIds?.includes(user.sessionId)) return true;
  return msg.userId === user.nid && msg.exceptSessionId !== user.sessionId;
}

function concerns(msg: UnitsChangedMessage, user: SessionUser): boolean {
  if (msg.userId === undefined && msg.clientId === undefined) return true;
  if (msg.userId === user.nid) return true;
  // Support users see every client's units.
  return (
    msg.clientId !== undefined && (msg.clientId === user.clientId || isSupportType(user.userType))
  );
}

/**
 * Who is told of a rule alert: users who may see its unit and open rule alerts (SPEC §6
 * feature_rule_alerts), and support users. The roles are the session's, read at connect.
 */
function seesRuleAlert(c: Client, msg: RuleAlertMessage): boolean {
  if (!c.units.has(msg.uid)) return false;
  return isSupportType(c.user.userType) || c.user.roles.includes('feature_rule_alerts');
}

export function liveHub(services: Services, opts: LiveOptions = {}) {
  const flushMs = opts.flushMs ?? 1000;
  const tickMs = opts.tickMs ?? 50;
  return async (app: FastifyInstance) => {
    const clients = new Set<Client>();
    const { bus } = services;

    /** Asks which units the client's user may see now (at connect, and when that changes). */
    async function refreshUnits(c: Client): Promise<void> {
      const query = ++c.unitsQuery;
      try {
        const units = await visibleUnitIds(services.db.db, c.user.nid);
        if (query !== c.unitsQuery) return;
        c.units = units;
        for (const uid of c.pending.keys()) if (!units.has(uid)) c.pending.delete(uid);
      } catch (err) {
        app.log.warn({ err, userId: c.user.nid }, 'live: reading unit access failed');
      }
    }

    const unsubscribe = [
      bus.subscribe('unit', (msg) => {
        const { client_id: _c, ...fields } = msg;
        for (const c of clients) {
          if (!c.units.has(msg.uid)) continue;
          c.pending.set(msg.uid, { ...(c.pending.get(msg.uid) ?? {}), ...fields });
        }
      }),
      bus.subscribe('device_event', (msg) => {
        const { client_id: _c, ...alert } = msg;
        for (const c of clients) {
          if (c.units.has(msg.uid))
            send(c, { type: 'alert', alert: { kind: 'device_event', ...alert } });
        }
      }),
      // A new rule alert (API.md §5): the alert itself, then the top bar's count to re-read.
      bus.subscribe('rule_alert', (msg) => {
        const { client_id: _c, ...fields } = msg;
        const alert = { kind: 'rule_alert', ...fields, type_name: ruleTypeName(msg.type) };
        // Serialised once for every socket that gets it.
        const text = JSON.stringify({ type: 'alert', alert });
        const counts = JSON.stringify({ type: 'counts', changed: ['new_rule_alerts_count'] });
        for (const c of clients) {
          if (!seesRuleAlert(c, msg)) continue;
          sendText(c, text);
          sendText(c, counts);
        }
      }),
      // The recovery desk (issue 16 item 2): support users re-read the new-chase-up count at once;
      // a chase-up that arrives New is pushed too (the queue shows it without a reload).
      bus.subscribe('chaseup', (msg) => {
        const counts = JSON.stringify({ type: 'counts', changed: ['chaseup_events_count_new'] });
        const { client_id: _c, kind, ...fields } = msg;
        const alert =
          kind === 'new' && msg.state === 0
            ? JSON.stringify({
                type: 'alert',
                alert: { kind: 'chaseup', ...fields, type_name: chaseupTypeName(msg.type) },
              })
            : null;
        for (const c of clients) {
          if (!isSupportType(c.user.userType)) continue;
          if (alert) sendText(c, alert);
          sendText(c, counts);
        }
      }),
      // A notice written or deleted: its clients' users re-read get_notices (null: every client).
      bus.subscribe('notices_changed', (msg) => {
        const counts = JSON.stringify({ type: 'counts', changed: ['notices'] });
        for (const c of clients) {
          if (msg.client_ids === null || msg.client_ids.includes(c.user.clientId))
            sendText(c, counts);
        }
      }),
      // Expired sessions arrive here too: the session clean-up job publishes them (jobs/).
      bus.subscribe('session_revoked', (msg) => {
        for (const c of clients) {
          if (revokes(msg, c.user)) c.socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'logged out');
        }
      }),
      bus.subscribe('units_changed', (msg) => {
        for (const c of clients) if (concerns(msg, c.user)) void refreshUnits(c);
      }),
    ];

    function sendText(c: Client, text: string) {
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
    }
    function send(c: Client, message: unknown) {
      sendText(c, JSON.stringify(message));
    }

    const flushTimer = setInterval(() => {
      const at = performance.now();
      for (const c of clients) {
        if (!c.pending.size) continue;
        const units: Record<string, unknown>[] = [];
        for (const [uid, fields] of c.pending) {
          if (at - (c.sentAt.get(uid) ?? -Infinity) < flushMs) continue;
          units.push({ ...fields, uid });
          c.pending.delete(uid);
          c.sentAt.set(uid, at);
        }
        if (units.length) send(c, { type: 'units', units });
      }
    }, tickMs);

    app.addHook('onClose', async () => {
      clearInterval(flushTimer);
      unsubscribe.forEach((u) => u());
      for (const c of clients) c.socket.close(1001, 'server shutting down');
    });

    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    app.get('/api/live', { websocket: true, schema: { querystring: noQuery } }, (socket) => {
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
        if (socket.readyState !== socket.OPEN) return; // closed while the session was read
        if (!user) {
          socket.close(LIVE_CLOSE_UNAUTHENTICATED, 'not authenticated');
          return;
        }
        // Listed before its units are read, so a change published meanwhile is not missed.
        const c: Client = (client = {
          socket,
          user,
          units: new Set(),
          unitsQuery: 0,
          pending: new Map(),
          sentAt: new Map(),
        });
        clients.add(c);
        await refreshUnits(c);
        send(c, { type: 'ready', units: c.units.size });
      });
      socket.on('close', () => {
        clearTimeout(authTimeout);
        if (client) clients.delete(client);
      });
      socket.on('error', () => socket.terminate());
    });
  };
}
