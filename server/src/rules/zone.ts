// A client's time zone as the rule engine reads it: a record's weekday (1 Monday … 7 Sunday) and
// minute of the day in the client's zone (SPEC §9: rule days and start/end are the client's time).
// Intl is far too slow to call per record, so the zone's UTC offset is kept per hour: an hour whose
// start and end have the same offset (every hour but the few in which the clocks change) answers
// from the cache; an hour with a change is asked exactly per record.
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The zone of a client without a valid one (clients.timezone's default). */
export const DEFAULT_ZONE = 'Africa/Johannesburg';
/** Hours kept per zone; replayed history spans many, live data one or two. */
const MAX_HOURS = 4096;
/** Marks an hour in which the offset changes. */
const CHANGES = 0x7fffffff;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f) return f;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  formatters.set(timeZone, f);
  return f;
}

/** The zone's offset from UTC at `at`, in minutes (Johannesburg +120). */
function offsetOf(f: Intl.DateTimeFormat, at: number): number {
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of f.formatToParts(at)) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value);
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
    }
  }
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / MINUTE);
}

export class ZoneClock {
  readonly timeZone: string;
  private readonly f: Intl.DateTimeFormat;
  private readonly hours = new Map<number, number>();
  private lastHour = NaN;
  private lastOffset = 0;
  /** Set by read(): the weekday, 1 Monday … 7 Sunday. */
  day = 1;
  /** Set by read(): minutes after local midnight, 0 … 1439. */
  minute = 0;

  /** An unknown zone reads as DEFAULT_ZONE (the tasks refuse one; old rows may hold anything). */
  constructor(timeZone: string) {
    const f = formatter(timeZone);
    this.timeZone = f ? timeZone : DEFAULT_ZONE;
    this.f = f ?? formatter(DEFAULT_ZONE)!;
  }

  /** Minutes east of UTC at `at`. */
  offsetAt(at: number): number {
    const hour = Math.floor(at / HOUR);
    if (hour === this.lastHour)
      return this.lastOffset === CHANGES ? offsetOf(this.f, at) : this.lastOffset;
    let o = this.hours.get(hour);
    if (o === undefined) {
      const a = offsetOf(this.f, hour * HOUR);
      const b = offsetOf(this.f, hour * HOUR + HOUR - 1000);
      o = a === b ? a : CHANGES;
      if (this.hours.size >= MAX_HOURS) this.hours.clear();
      this.hours.set(hour, o);
    }
    this.lastHour = hour;
    this.lastOffset = o;
    return o === CHANGES ? offsetOf(this.f, at) : o;
  }

  /** Reads `at` into `day` and `minute` (no allocation). */
  read(at: number): void {
    const wall = at + this.offsetAt(at) * MINUTE;
    const days = Math.floor(wall / DAY);
    // 1970-01-01 was a Thursday (4).
    this.day = ((((days + 3) % 7) + 7) % 7) + 1;
    this.minute = Math.floor((wall - days * DAY) / MINUTE);
  }
}

/** Bit (day - 1) set for each of `days` (1 Monday … 7 Sunday). */
export function dayMask(days: readonly number[]): number {
  let m = 0;
  for (const d of days) if (d >= 1 && d <= 7) m |= 1 << (d - 1);
  return m;
}
