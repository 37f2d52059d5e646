/** Offset of a time zone from UTC at a given instant, in minutes (e.g. +120 for Johannesburg). */
export function zoneOffsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60000);
}

/** Midnight of the day containing `at`, in the given time zone, as epoch ms. */
export function startOfDay(timeZone: string, at: number): number {
  const offset = zoneOffsetMinutes(timeZone, at) * 60000;
  const local = at + offset;
  return local - (((local % 86400000) + 86400000) % 86400000) - offset;
}
