// The area search (issue 10, beyond the spec): every unit the user may see that was inside a drawn
// polygon or a location in a time range, with its arrival and departure times.
//
// How it stays fast (docs/performance.md "Area search"): every stored trip and stop carries the box
// of its fixes (trips.min_lat ... max_lon, kept by the pipeline as fixes join a segment). First the
// segments of the user's units in the range are read (trips_unit_start); only those whose box meets
// the area's (or that have none) are candidates, and the times no stored segment covers (before a
// unit's first segment, or after its last one's end while a trip is still a candidate) are searched
// too. Then each unit's candidate spans, adjacent ones merged, are read through positions_unit_time
// (positionsOf, one range per span), and the exact point-in-polygon or circle test runs in JS. Two
// inside fixes of a unit are one visit when no stored fix of the unit lies between them outside the
// area: within a span every fix is read; between two spans lies a segment whose box misses the
// area, whose fixes (at least its first) are all outside it, so a visit never continues across.
import {
  boxOf,
  flatRing,
  pointInCircle,
  pointInRing,
  type AreaVisit,
  type Box,
  type FlatRing,
  type LatLon,
  type Role,
} from '@fleet/common';
import { json } from '../db';
import { defineTask } from './registry';
import { TaskError } from './errors';
import { iso } from './paging';
import type { TaskContext } from './context';
import type { Tenant } from './tenant';

export const AREA_SEARCH_ROLES: Role[] = [
  'feature_locations_view',
  'feature_locations_edit',
  'feature_trips',
  'user_support',
];

export const AREA_MAX_RANGE_MS = 31 * 86400_000;
/** More visits than this and the answer is cut (truncated: true). */
export const AREA_MAX_VISITS = 2000;

export type Area =
  | { kind: 'polygon'; ring: FlatRing; box: Box }
  | { kind: 'circle'; lat: number; lon: number; radius: number; box: Box };

export function polygonArea(points: readonly LatLon[]): Area {
  return { kind: 'polygon', ring: flatRing(points), box: boxOf(points) };
}

export function circleArea(lat: number, lon: number, radius: number): Area {
  return { kind: 'circle', lat, lon, radius, box: boxOf([{ lat, lon }], radius) };
}

export function inArea(area: Area, lat: number, lon: number): boolean {
  return area.kind === 'polygon'
    ? pointInRing(lat, lon, area.ring)
    : pointInCircle(lat, lon, area.lat, area.lon, area.radius);
}

export interface AreaUnit {
  uid: number;
  name: string;
  reg: string;
}

/** What the search reads, as the caller may read it: the tenant layer's trips and positions. */
export type AreaSource = Pick<Tenant, 'selectFrom' | 'positionsOf'>;

export interface AreaSearchResult {
  visits: AreaVisit[];
  truncated: boolean;
  /** positions read (the benchmark prints it) */
  rows: number;
  /** time spans read, after merging (the benchmark prints it) */
  spans: number;
}

/** A stored segment as the search reads it. */
export interface SegmentSpan {
  start_time: number;
  end_time: number;
  min_lat: number | null;
  min_lon: number | null;
  max_lat: number | null;
  max_lon: number | null;
}

/** Inclusive epoch-ms bounds. */
export interface Span {
  from: number;
  to: number;
}

function meets(s: SegmentSpan, box: Box): boolean {
  if (s.min_lat === null || s.min_lon === null || s.max_lat === null || s.max_lon === null)
    return true;
  return (
    s.min_lat <= box.maxLat &&
    s.max_lat >= box.minLat &&
    s.min_lon <= box.maxLon &&
    s.max_lon >= box.minLon
  );
}

/**
 * The spans of a unit's positions that may hold a fix in `box` between `from` and `to`: its
 * segments (sorted by start) whose box meets it, and whatever time no segment covers; touching or
 * overlapping spans merged into one.
 */
export function candidateSpans(
  segments: readonly SegmentSpan[],
  box: Box,
  from: number,
  to: number,
): Span[] {
  const spans: Span[] = [];
  const add = (a: number, b: number) => {
    const lo = Math.max(a, from);
    const hi = Math.min(b, to);
    if (lo > hi) return;
    const last = spans[spans.length - 1];
    if (last && lo <= last.to + 1) last.to = Math.max(last.to, hi);
    else spans.push({ from: lo, to: hi });
  };
  // The first instant no segment seen so far covers.
  let uncovered = from;
  for (const s of segments) {
    const start = Number(s.start_time);
    const end = Number(s.end_time);
    if (start > uncovered) add(uncovered, start - 1);
    if (meets(s, box)) add(start, end);
    uncovered = Math.max(uncovered, end + 1);
  }
  add(uncovered, to);
  return spans;
}

const SEGMENT_COLUMNS = [
  'unit_id',
  'start_time',
  'end_time',
  'min_lat',
  'min_lon',
  'max_lat',
  'max_lon',
] as const;

/** The stored segments of the units that overlap [from, to], by unit, sorted by start. */
async function segmentsOf(
  source: AreaSource,
  uids: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, SegmentSpan[]>> {
  const byUnit = new Map<number, SegmentSpan[]>(uids.map((u) => [u, []]));
  // Segments of a unit follow one another, so the one under way at `from` is the last to start
  // by then (an index seek per unit); the others start in the range (one range scan per unit).
  for (const uid of uids) {
    const prior = await source
      .selectFrom('trips')
      .select(SEGMENT_COLUMNS)
      .where('unit_id', '=', uid)
      .where('start_time', '<=', from)
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (prior && Number(prior.end_time) >= from) byUnit.get(uid)!.push(prior);
  }
  const rows = await source
    .selectFrom('trips')
    .select(SEGMENT_COLUMNS)
    .where('unit_id', 'in', uids)
    .where('start_time', '>', from)
    .where('start_time', '<=', to)
    .orderBy('unit_id')
    .orderBy('start_time')
    .execute();
  for (const r of rows) byUnit.get(r.unit_id)?.push(r);
  return byUnit;
}

interface OpenVisit {
  arrived: number;
  left: number;
  fixes: number;
}

/** The visits of the units to the area between `from` and `to` (epoch ms), sorted by arrival. */
export async function searchArea(
  source: AreaSource,
  units: readonly AreaUnit[],
  area: Area,
  from: number,
  to: number,
): Promise<AreaSearchResult> {
  const visits: AreaVisit[] = [];
  let rows = 0;
  let spanCount = 0;
  if (!units.length) return { visits, truncated: false, rows, spans: spanCount };
  const segments = await segmentsOf(
    source,
    units.map((u) => u.uid),
    from,
    to,
  );
  for (const unit of units) {
    const spans = candidateSpans(segments.get(unit.uid) ?? [], area.box, from, to);
    spanCount += spans.length;
    let open: OpenVisit | null = null;
    const close = () => {
      if (!open) return;
      visits.push({
        uid: unit.uid,
        name: unit.name,
        reg: unit.reg,
        arrived: iso(open.arrived),
        left: iso(open.left),
        fixes: open.fixes,
      });
      open = null;
    };
    for (const span of spans) {
      const fixes = await source
        .positionsOf([unit.uid])
        .select(['fix_time', 'lat', 'lon'])
        .where('unit_id', '=', unit.uid)
        .where('fix_time', '>=', span.from)
        .where('fix_time', '<=', span.to)
        .orderBy('fix_time')
        .execute();
      rows += fixes.length;
      for (const f of fixes) {
        if (!inArea(area, f.lat, f.lon)) close();
        else if (open) {
          open.left = Number(f.fix_time);
          open.fixes++;
        } else {
          const t = Number(f.fix_time);
          open = { arrived: t, left: t, fixes: 1 };
        }
      }
      // Between two spans lies a segment whose fixes are all outside the area.
      close();
    }
  }
  visits.sort((a, b) => a.arrived.localeCompare(b.arrived) || a.uid - b.uid);
  const truncated = visits.length > AREA_MAX_VISITS;
  return {
    visits: truncated ? visits.slice(0, AREA_MAX_VISITS) : visits,
    truncated,
    rows,
    spans: spanCount,
  };
}

/** The searched area: the polygon given, or the location (a point location is a circle). */
async function areaOf(
  ctx: TaskContext,
  p: { polygon?: LatLon[]; lid?: number },
): Promise<{ area: Area; clientId: number | null }> {
  if (p.polygon) return { area: polygonArea(p.polygon), clientId: null };
  const loc = await ctx.tenant
    .selectFrom('locations')
    .select(['client_id', 'type', 'geofence', 'lat', 'lon', 'radius'])
    .where('lid', '=', p.lid!)
    .executeTakeFirst();
  if (!loc) throw new TaskError('lid: location not found');
  if (loc.type === 'point') {
    return { area: circleArea(loc.lat, loc.lon, loc.radius ?? 0), clientId: loc.client_id };
  }
  return { area: polygonArea(json.parse<LatLon[]>(loc.geofence, [])), clientId: loc.client_id };
}

const getAreaVisits = defineTask({
  name: 'get_area_visits',
  roles: AREA_SEARCH_ROLES,
  probe: (f) => ({ lid: f.lid, from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' }),
  async handler(ctx, p) {
    const from = Date.parse(p.from);
    const to = Date.parse(p.to);
    if (!(to > from)) throw new TaskError('to: must be after from');
    if (to - from > AREA_MAX_RANGE_MS) throw new TaskError('to: the range may be at most 31 days');
    const { area, clientId } = await areaOf(ctx, p);
    let q = ctx.tenant.units().select(['units.uid', 'units.name', 'units.reg']);
    // A support user searching a location searches its client's units.
    if (clientId !== null) q = q.where('units.client_id', '=', clientId);
    const units = await q.orderBy('units.uid').execute();
    const { visits, truncated } = await searchArea(ctx.tenant, units, area, from, to);
    return { visits, truncated };
  },
});

export const areaVisitTasks = [getAreaVisits];
