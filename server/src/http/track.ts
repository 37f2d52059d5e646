// /api/track: what a share link shows, without a session (API.md §2).
import type { FastifyInstance } from 'fastify';
import { RESULT } from '@fleet/common';
import type { Services } from '../services';
import { hashToken } from '../auth/crypto';
import { toUnitItem, withUnitState } from '../domain/unit-view';
import { iso } from '../domain/iso';
import { clock } from '../clock';
import { jsonBody, text } from './zod';

const TRAIL_MS = 6 * 3600_000;

export function trackRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const { db } = services.db;
    const schema = { body: jsonBody({ send_token: text(200).optional() }) };
    app.post('/api/track', { schema }, async (req) => {
      const body = (req.body ?? {}) as { send_token?: unknown };
      const token = typeof body.send_token === 'string' ? body.send_token : '';
      const now = clock().now();
      const fleet = token
        ? await db
            .selectFrom('track_all_links')
            .selectAll()
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirst()
        : undefined;
      if (fleet && !fleet.revoked && fleet.expires > now) {
        // A whole-fleet link (/track_all): every displayed unit of the client.
        const rows = await withUnitState(db.selectFrom('units'))
          .where('units.client_id', '=', fleet.client_id)
          .where('units.display', '=', 1)
          .orderBy('units.name')
          .execute();
        const units = rows.map((r) => {
          const { client_id: _c, ...item } = toUnitItem(r, now);
          return { ...item, driver: null };
        });
        return {
          result: RESULT.OK,
          expires: iso(fleet.expires),
          realtime: { data: { units, trips: [] } },
        };
      }
      const link = token
        ? await db
            .selectFrom('track_links')
            .selectAll()
            .where('token_hash', '=', hashToken(token))
            .executeTakeFirst()
        : undefined;
      if (!link || link.revoked || link.expires <= now) {
        return {
          result: RESULT.NO_SESSION,
          message: 'This tracking link has expired or was revoked',
        };
      }
      const row = await withUnitState(db.selectFrom('units'))
        .where('units.uid', '=', link.unit_id)
        .executeTakeFirst();
      if (!row)
        return {
          result: RESULT.NO_SESSION,
          message: 'This tracking link has expired or was revoked',
        };
      const { client_id: _c, ...unit } = toUnitItem(row, now);
      const trips = await db
        .selectFrom('trips')
        .select(['id', 'type', 'start_time', 'end_time', 'distance', 'max_speed', 'open'])
        .where('unit_id', '=', link.unit_id)
        .where('end_time', '>', now - TRAIL_MS)
        .orderBy('start_time', 'desc')
        .limit(20)
        .execute();
      const motions = await db
        .selectFrom('positions')
        .select(['fix_time', 'lat', 'lon', 'speed', 'course'])
        .where('unit_id', '=', link.unit_id)
        .where('fix_time', '>', now - TRAIL_MS)
        .orderBy('fix_time')
        .limit(5000)
        .execute();
      return {
        result: RESULT.OK,
        expires: iso(link.expires),
        realtime: {
          data: {
            unit: { ...unit, driver: null },
            trips: trips.map((t) => ({
              id: t.id,
              type: t.type,
              start: iso(t.start_time),
              end: iso(t.end_time),
              distance: Math.round(t.distance / 10) / 100,
              max_speed: Math.round(t.max_speed),
              open: t.open === 1,
            })),
            motions: motions.map((m) => ({
              lat: m.lat,
              lon: m.lon,
              speed: Math.round(m.speed),
              direction: Math.round(m.course),
              datetime: iso(m.fix_time),
            })),
          },
        },
      };
    });
  };
}
