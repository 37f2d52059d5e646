// A time zone's offset from UTC, read from Intl (no time-zone database of our own).
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Minutes the zone is ahead of UTC at the instant `at` (epoch ms): +120 for Johannesburg. An
 * unknown zone throws a RangeError, as Intl does.
 */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const part: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(at))) {
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  }
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}
