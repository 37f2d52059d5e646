// Late fixes: re-segmentation of the affected window only. A late fix can change the segment it
// falls in and, through it, the ones after it, but not what lies before the stop preceding that
// segment: a stop is at least minParkingS of standing still, and the fix is later than its start.
// So the window runs from the start of that stop to the newest stored fix; its rows are replaced
// by a replay of the stored positions (rows that come out the same keep their id and label).
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import {
  applyOps,
  newSegmenterState,
  pushPoint,
  segmentKey,
  startWithStop,
  type Segment,
  type SegmentKey,
  type SegmenterState,
  type TripConfig,
} from '../domain/trips';
import { tripValues, TRIP_COLUMNS, pruneRowIds } from './trips';
import type { UnitWork } from './process';

/** Where the replay starts: a stop's start time, or null for the unit's whole history. */
export async function windowStart(
  db: Kysely<Database>,
  uid: number,
  lateTime: number,
): Promise<number | null> {
  const containing = await db
    .selectFrom('trips')
    .select('start_time')
    .where('unit_id', '=', uid)
    .where('start_time', '<=', lateTime)
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!containing) return null;
  const stop = await db
    .selectFrom('trips')
    .select('start_time')
    .where('unit_id', '=', uid)
    .where('type', '=', 1)
    .where('start_time', '<', containing.start_time)
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return stop ? Number(stop.start_time) : null;
}

/** Replays stored positions from `from`; returns the final segments and segmenter state. */
export async function replay(
  db: Kysely<Database>,
  uid: number,
  from: number | null,
  cfg: TripConfig,
): Promise<{ segments: Map<SegmentKey, Segment>; state: SegmenterState }> {
  let q = db
    .selectFrom('positions')
    .select(['fix_time', 'lat', 'lon', 'speed'])
    .where('unit_id', '=', uid)
    .where('valid', '=', 1);
  if (from !== null) q = q.where('fix_time', '>=', from);
  const rows = await q.orderBy('fix_time').execute();
  const segments = new Map<SegmentKey, Segment>();
  let state = newSegmenterState();
  let i = 0;
  if (from !== null && rows.length && Number(rows[0].fix_time) === from) {
    const r = rows[0];
    const start = startWithStop({ time: from, lat: r.lat, lon: r.lon, speed: r.speed });
    state = start.state;
    applyOps(segments, start.ops);
    i = 1;
  }
  for (; i < rows.length; i++) {
    const r = rows[i];
    applyOps(
      segments,
      pushPoint(state, { time: Number(r.fix_time), lat: r.lat, lon: r.lon, speed: r.speed }, cfg),
    );
  }
  return { segments, state };
}

/** Re-segments a unit from the window of its earliest stored late fix; replaces the batch's trip ops. */
export async function resegment(
  db: Kysely<Database>,
  w: UnitWork,
  lateTime: number,
  cfg: TripConfig,
): Promise<void> {
  const uid = w.info.uid;
  const from = await windowStart(db, uid, lateTime);
  const { segments, state } = await replay(db, uid, from, cfg);
  let oldQ = db
    .selectFrom('trips')
    .select(['id', 'type', 'start_time', 'driver_id'])
    .where('unit_id', '=', uid);
  if (from !== null) oldQ = oldQ.where('start_time', '>=', from);
  const old = new Map(
    (await oldQ.execute()).map((r) => [
      segmentKey({ type: r.type as 0 | 1, startTime: Number(r.start_time) }),
      r,
    ]),
  );

  const ids = new Map<SegmentKey, number>();
  for (const [key, seg] of segments) {
    const prev = old.get(key);
    const values = tripValues(seg, w.info, prev?.driver_id);
    const row = Object.fromEntries(TRIP_COLUMNS.map((c, i) => [c, values[i]])) as any;
    if (prev) {
      await db.updateTable('trips').set(row).where('id', '=', prev.id).execute();
      ids.set(key, prev.id);
      old.delete(key);
    } else {
      const ins = await db
        .insertInto('trips')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(key, Number(ins.id));
    }
  }
  const gone = [...old.values()].map((r) => r.id);
  if (gone.length) await db.deleteFrom('trips').where('id', 'in', gone).execute();

  w.rt.seg = state;
  w.rt.rowIds = ids;
  w.rt.moving = state.moving;
  w.ops = [];
  pruneRowIds(w.rt);
}
