// A dayjs plugin for times in a named IANA zone (the user's settings.timezone) that never reads the
// browser's own clock rules. dayjs's timezone plugin keeps a zone's wall clock in a browser-local
// Date, so around the browser's daylight-saving changes its `.tz()`, `dayjs.tz()` and startOf/endOf
// are off by an hour (seen with a New York browser and a Johannesburg user on 1 November).
//
// A zoned Dayjs made here is a UTC-mode Dayjs whose UTC fields are the zone's wall clock, with the
// zone's offset in $offset and the zone in $x.$zone. Everything dayjs does to the fields (startOf,
// endOf, add days or months, set) is then plain wall-clock arithmetic; each new wall clock gets the
// zone's offset for it again, so a day or a week stays whole across the zone's own clock changes.
// Adding hours, minutes or less moves the instant instead, as elapsed time should.
import dayjs, { type Dayjs, type PluginFunc } from 'dayjs';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BUCKET = 15 * MINUTE;

interface Zoned {
  $d: Date;
  $u?: boolean;
  $offset?: number;
  $x?: { $zone?: string };
  $utils(): { p(unit?: string): string };
}
type Self = Dayjs & Zoned;
type Fn = (this: Self, ...args: any[]) => any;

const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** True when the runtime knows `zone` as an IANA time zone name. */
export function isZoneName(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's UTC offset in minutes at an instant (epoch ms). */
export function zoneOffset(instant: number, zone: string): number {
  // Zones change their offset on quarter hours, so one lookup serves a quarter hour.
  const key = `${zone}|${Math.floor(instant / BUCKET)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const at = Math.floor(instant / BUCKET) * BUCKET;
  const part: Record<string, number> = {};
  for (const p of formatOf(zone).formatToParts(new Date(at))) part[p.type] = Number(p.value);
  const wall = Date.UTC(
    part.year,
    part.month - 1,
    part.day,
    part.hour % 24,
    part.minute,
    part.second,
  );
  const offset = Math.round((wall - at) / MINUTE);
  if (offsets.size > 20_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The offset of a wall clock (epoch ms read as UTC fields) in `zone`, and the wall clock itself
 * unless the zone skips it (clocks put forward): then the instant read with the offset before the
 * change, shown with the offset after it (02:30 on the morning the clocks go from 02:00 to 03:00 is
 * 03:30). `guess` picks between the two readings of an hour the zone repeats.
 */
function resolveWall(wall: number, zone: string, guess?: number): [number, number] {
  const o0 = guess ?? zoneOffset(wall, zone);
  const o1 = zoneOffset(wall - o0 * MINUTE, zone);
  if (o1 === o0) return [o0, wall];
  const o2 = zoneOffset(wall - o1 * MINUTE, zone);
  if (o2 === o1) return [o1, wall];
  const before = Math.min(o1, o2);
  const after = Math.max(o1, o2);
  return [after, wall + (after - before) * MINUTE];
}

/**
 * The offsets `wall` (epoch ms read as UTC fields) can be read with in `zone`, the earlier instant
 * first: two for a wall clock the zone shows twice, none for one it skips.
 */
function readingsOf(wall: number, zone: string): number[] {
  // A day either side brackets the one clock change a wall clock can fall in.
  const around = new Set([zoneOffset(wall - DAY, zone), zoneOffset(wall + DAY, zone)]);
  return [...around]
    .filter((offset) => zoneOffset(wall - offset * MINUTE, zone) === offset)
    .sort((a, b) => b - a);
}

function make(wall: number, zone: string, offset: number): Dayjs {
  const config = { utc: true, $offset: offset, x: { $zone: zone } };
  return dayjs(wall, config as unknown as dayjs.OptionType);
}

/** The instant `instant` (epoch ms) as a Dayjs in `zone`. */
export function inZone(instant: number, zone: string): Dayjs {
  const offset = zoneOffset(instant, zone);
  return make(instant + offset * MINUTE, zone, offset);
}

/** The wall clock `wall` (epoch ms whose UTC fields are the wall clock) as a Dayjs in `zone`. */
export function wallInZone(wall: number, zone: string): Dayjs {
  return make(wall, zone, zoneOffset(wall, zone));
}

function zoneOf(self: Self): string | undefined {
  return self.$u ? self.$x?.$zone : undefined;
}

const ELAPSED: Record<string, number> = {
  millisecond: 1,
  second: 1000,
  minute: MINUTE,
  hour: 60 * MINUTE,
};

// The units of startOf and endOf that begin and end at a midnight (in dayjs's names for them).
const WHOLE_DAYS = new Set(['date', 'day', 'week', 'isoweek', 'month', 'quarter', 'year']);

export const zonePlugin: PluginFunc = (_option, Class) => {
  const proto = Class.prototype as unknown as Record<string, Fn>;
  const names = [
    'parse',
    'init',
    'valueOf',
    'utcOffset',
    'toDate',
    'add',
    'startOf',
    'format',
  ] as const;
  const was = Object.fromEntries(names.map((name) => [name, proto[name]])) as Record<
    (typeof names)[number],
    Fn
  >;

  proto.parse = function (this: Self, config: { x?: Zoned['$x'] }) {
    // The zone must be known before init() runs inside parse.
    if (config.x?.$zone) this.$x = config.x;
    return was.parse.call(this, config);
  };

  proto.init = function (this: Self) {
    was.init.call(this);
    const zone = zoneOf(this);
    const wall = this.$d.getTime();
    if (!zone || Number.isNaN(wall)) return;
    const [offset, shown] = resolveWall(wall, zone, this.$offset);
    this.$offset = offset;
    if (shown !== wall) {
      this.$d = new Date(shown);
      was.init.call(this);
    }
  };

  proto.valueOf = function (this: Self) {
    return zoneOf(this) ? this.$d.getTime() - (this.$offset ?? 0) * MINUTE : was.valueOf.call(this);
  };

  proto.utcOffset = function (this: Self, input?: number | string, keepLocalTime?: boolean) {
    if (!zoneOf(this)) return was.utcOffset.call(this, input, keepLocalTime);
    if (input === undefined) return this.$offset ?? 0;
    return this.utc().utcOffset(input, keepLocalTime);
  };

  proto.toDate = function (this: Self, type?: string) {
    if (!zoneOf(this)) return was.toDate.call(this, type);
    // 's' is dayjs asking for the Date it does field arithmetic on: the wall clock.
    return new Date(type === 's' ? this.$d.getTime() : this.valueOf());
  };

  proto.add = function (this: Self, amount: number, units?: string) {
    const zone = zoneOf(this);
    const step = zone ? ELAPSED[this.$utils().p(units)] : undefined;
    if (!zone || step === undefined) return was.add.call(this, amount, units);
    return inZone(this.valueOf() + Number(amount) * step, zone);
  };

  proto.startOf = function (this: Self, units?: string, startOf?: boolean) {
    const moved = was.startOf.call(this, units, startOf) as Self;
    const zone = zoneOf(this);
    if (!zone || !WHOLE_DAYS.has(this.$utils().p(units))) return moved;
    // A user's day (ARCHITECTURE §4; the presets of SPEC §9) starts at its first midnight and ends
    // at its last 23:59:59.999. Where the zone shows either twice (Havana repeats midnight on
    // 1 November, Santiago the hour before it on 4 April), take that reading, not the one nearest
    // the offset `this` had.
    const wall = moved.$d.getTime();
    const readings = readingsOf(wall, zone);
    const offset = startOf === false ? readings.at(-1) : readings[0];
    return offset === undefined || offset === moved.$offset ? moved : make(wall, zone, offset);
  };

  proto.format = function (this: Self, template?: string) {
    const zoned = zoneOf(this) && !template;
    return was.format.call(this, zoned ? 'YYYY-MM-DDTHH:mm:ssZ' : template);
  };
};
