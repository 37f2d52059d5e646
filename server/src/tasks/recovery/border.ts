// Border crossings (issue 16 item 7; SPEC §3 cross-border data, §7 get_cross_border_data): when a
// unit left South Africa and came back, how long it was out, and its track abroad. A fix is in the
// country by the Border crossing rule's own test (rules/border.ts: its polygons, Lesotho a hole,
// and a coastal strip), so the desk and the rule never disagree.
//
// Cost: a month of 10 s fixes is about 270,000 positions. They are read a window of time at a time
// by fix_time (the positions_unit_time index), at most PAGE fixes a query, each tested as it comes
// (the rule's grid answers most fixes with one array read), and a stay's track is thinned while it
// is read, so memory stays at a page and at most 2 × MAX_TRACK fixes per stay whatever the period
// holds. A month of 10 s fixes takes about half a second on SQLite.
import type { BorderCrossing, CrossBorderData } from '@fleet/common';
import { clock } from '../../clock';
import { insideSouthAfrica } from '../../rules/border';
import { defineTask } from '../registry';
import { TaskError } from '../errors';
import { iso } from '../paging';
import type { TaskContext } from '../context';
import { RECOVERY_ROLES, assertSupport } from './support';

const DAY_MS = 86_400_000;
/** The longest period asked at once. */
export const BORDER_MAX_DAYS = 92;
/** Fixes read per query at most. */
const PAGE = 5_000;
/** The first window of time read (about a page of 10 s fixes), and its bounds. */
const WINDOW_START_MS = 12 * 3_600_000;
const WINDOW_MIN_MS = 60_000;
const WINDOW_MAX_MS = 16 * DAY_MS;
/** A stay's track abroad has at most this many fixes, evenly thinned. */
export const MAX_TRACK = 2_000;

type Fix = BorderCrossing['track'][number];

/**
 * Keeps an evenly spaced sample of a stream of fixes: every `stride`-th one, the stride doubling
 * (and every other kept fix dropped) whenever 2 × max are kept. The last fix is kept aside so that
 * the track always ends where the stay did.
 */
class Thinner {
  private kept: Fix[] = [];
  private stride = 1;
  private n = 0;
  private last: Fix | null = null;

  constructor(private readonly max: number) {}

  push(f: Fix): void {
    if (this.n % this.stride === 0) {
      this.kept.push(f);
      if (this.kept.length >= 2 * this.max) {
        this.kept = this.kept.filter((_, i) => i % 2 === 0);
        this.stride *= 2;
      }
    }
    this.n++;
    this.last = f;
  }

  /** At most `max` fixes: the first, the last and evenly spaced ones between. */
  track(): Fix[] {
    const all = [...this.kept];
    if (this.last && all[all.length - 1] !== this.last) all.push(this.last);
    if (all.length <= this.max) return all;
    const out: Fix[] = [];
    for (let i = 0; i < this.max; i++)
      out.push(all[Math.round((i * (all.length - 1)) / (this.max - 1))]);
    return out;
  }
}

interface OpenStay {
  exit: { time: number; lat: number; lon: number };
  track: Thinner;
}

/** The period asked for, checked: `to` after `from`, at most BORDER_MAX_DAYS long. */
export function borderPeriod(p: { from: string; to: string }): { from: number; to: number } {
  const from = Date.parse(p.from);
  const to = Date.parse(p.to);
  if (!(to > from)) throw new TaskError('to: must be after from');
  if (to - from > BORDER_MAX_DAYS * DAY_MS)
    throw new TaskError(`date range: at most ${BORDER_MAX_DAYS} days`);
  return { from, to };
}

/**
 * The unit's stays outside South Africa in [from, to]. A stay opens at the first valid fix
 * outside (the period's first fix when the unit was already out) and closes at the first fix back
 * inside; one still open at the end counts its time up to the period's end (or now, if earlier).
 */
export async function crossBorderData(
  ctx: TaskContext,
  uid: number,
  from: number,
  to: number,
): Promise<CrossBorderData> {
  await ctx.tenant.assertUnit(uid);
  const crossings: BorderCrossing[] = [];
  let stay: OpenStay | null = null;
  // Read in windows of time, each paged by fix_time: a query never has to sort more than a
  // window's fixes, whatever plan the database picks (PostgreSQL without fresh statistics scans
  // the whole rest of the period for a bare ORDER BY ... LIMIT). The window grows over sparse
  // data and shrinks over dense data, so each read is about a page.
  let after = from - 1;
  let span = WINDOW_START_MS;
  while (after < to) {
    const until = Math.min(to, after + span);
    const page = await ctx.tenant
      .positionsOf([uid])
      .select(['fix_time', 'lat', 'lon', 'speed'])
      .where('unit_id', '=', uid)
      .where('fix_time', '>', after)
      .where('fix_time', '<=', until)
      .where('valid', '=', 1)
      .orderBy('fix_time')
      .limit(PAGE)
      .execute();
    for (const r of page) {
      const inside = insideSouthAfrica(r.lat, r.lon);
      if (!inside) {
        stay ??= {
          exit: { time: r.fix_time, lat: r.lat, lon: r.lon },
          track: new Thinner(MAX_TRACK),
        };
        stay.track.push({ lat: r.lat, lon: r.lon, speed: r.speed, datetime: iso(r.fix_time) });
      } else if (stay) {
        crossings.push(closeStay(stay, { time: r.fix_time, lat: r.lat, lon: r.lon }));
        stay = null;
      }
    }
    if (page.length === PAGE) {
      after = page[page.length - 1].fix_time;
      span = Math.max(WINDOW_MIN_MS, span / 2);
    } else {
      after = until;
      if (page.length < PAGE / 4) span = Math.min(WINDOW_MAX_MS, span * 2);
    }
  }
  const now = clock().now();
  if (stay) crossings.push(closeStay(stay, null, Math.max(stay.exit.time, Math.min(to, now))));

  const state = await ctx.tenant
    .selectFrom('unit_state')
    .select(['lat', 'lon', 'fix_time'])
    .where('unit_id', '=', uid)
    .executeTakeFirst();
  const outsideNow =
    state && state.fix_time ? !insideSouthAfrica(state.lat, state.lon) : stay !== null;
  return {
    uid,
    from: iso(from),
    to: iso(to),
    crossings,
    seconds_outside: crossings.reduce((sum, c) => sum + c.seconds_outside, 0),
    outside_now: outsideNow,
  };
}

function closeStay(
  stay: OpenStay,
  entry: { time: number; lat: number; lon: number } | null,
  openUntil?: number,
): BorderCrossing {
  const end = entry?.time ?? openUntil ?? stay.exit.time;
  return {
    exit_time: iso(stay.exit.time),
    exit_lat: stay.exit.lat,
    exit_lon: stay.exit.lon,
    entry_time: entry ? iso(entry.time) : null,
    entry_lat: entry?.lat ?? null,
    entry_lon: entry?.lon ?? null,
    // The rule's border data names no neighbour: which country it was is not known here.
    country: '',
    seconds_outside: Math.round((end - stay.exit.time) / 1000),
    track: stay.track.track(),
  };
}

const getCrossBorderData = defineTask({
  name: 'get_cross_border_data',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ uid: f.uid, from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const { from, to } = borderPeriod(p);
    return { cross_border_data: await crossBorderData(ctx, p.uid, from, to) };
  },
});

export const borderTasks = [getCrossBorderData];
