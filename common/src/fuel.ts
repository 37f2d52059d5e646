// Fuel import and the fuel ledger (issue 13): the pure rules both ends share. The browser uses them
// for its preview, the server again for what it stores (it never trusts the browser's verdict).
// Cleaning itself is SPEC §5's cleanFuelRow (validators.ts); this adds the import's other checks,
// the header matching of the file's columns and the consumption maths of the usage page.
import { FUEL_IMPORT_COLUMNS, type VehicleClass } from './enums';
import { cleanFuelRow, type FuelRow, type FuelRowInput } from './validators';
import { zoneOffsetMinutes } from './zone';

export type FuelColumn = (typeof FUEL_IMPORT_COLUMNS)[number];

/** The columns a fuel file must have (SPEC §5: a row needs reg, datetimestamp, litres, odometer). */
export const FUEL_REQUIRED_COLUMNS: readonly FuelColumn[] = [
  'Registration',
  'Datetime',
  'Litres',
  'Odometer',
];

/** The row key each column fills (SPEC §3 fuel upload row). */
export const FUEL_COLUMN_KEYS = {
  Registration: 'reg',
  Datetime: 'datetimestamp',
  Litres: 'litres',
  Hours: 'hours',
  Odometer: 'odometer',
} as const satisfies Record<FuelColumn, keyof FuelRowInput>;

/** A file larger than this is refused before it is read (50,000 rows take about 3 MB). */
export const FUEL_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The most rows one batch takes. */
export const FUEL_MAX_ROWS = 100_000;
/** Rows per set_fuel_batch call: well within the 1 MiB body limit of /api/call. */
export const FUEL_CHUNK_ROWS = 4000;

/** Header words other systems use for the columns; offered as the mapping step's first guess. */
const ALIASES: Record<FuelColumn, readonly string[]> = {
  Registration: ['registration', 'reg', 'reg no', 'registration number', 'vehicle', 'plate'],
  Datetime: ['datetime', 'date', 'date time', 'date/time', 'timestamp', 'transaction date'],
  Litres: ['litres', 'liters', 'litre', 'liter', 'quantity', 'volume'],
  Hours: ['hours', 'engine hours', 'hour meter', 'hourmeter'],
  Odometer: ['odometer', 'odo', 'km', 'kilometres', 'kilometers', 'mileage'],
};

const headerKey = (h: string) => h.trim().toLowerCase();

/** Each column's index in the file's header row, or null when the file has none for it. */
export type FuelColumnMap = Record<FuelColumn, number | null>;

/**
 * Matches the file's headers to the import's columns. `exact` is true when every column the
 * file needs was found by its own name (case and spaces aside); otherwise the page asks the user
 * to map them, starting from `map`, which also holds guesses from common other names.
 */
export function matchFuelHeaders(headers: readonly string[]): {
  map: FuelColumnMap;
  exact: boolean;
  missing: FuelColumn[];
} {
  const keys = headers.map(headerKey);
  const map = {} as FuelColumnMap;
  let exact = true;
  for (const column of FUEL_IMPORT_COLUMNS) {
    const own = keys.indexOf(column.toLowerCase());
    if (own >= 0) {
      map[column] = own;
      continue;
    }
    const guess = keys.findIndex((k) => ALIASES[column].includes(k));
    map[column] = guess >= 0 ? guess : null;
    if (FUEL_REQUIRED_COLUMNS.includes(column)) exact = false;
  }
  const missing = FUEL_REQUIRED_COLUMNS.filter((c) => map[c] === null);
  return { map, exact: exact && missing.length === 0, missing };
}

/** The registration as fuel rows and vehicles are matched by (SPEC §5 cleaning of reg). */
export function fuelRegKey(reg: unknown): string {
  return String(reg ?? '')
    .replace(/[^A-Za-z0-9_./-]/g, '')
    .toUpperCase();
}

const HOUR_MS = 3_600_000;
const zoneOffsets = new Map<string, number>();

/** Minutes the zone is ahead of UTC at the instant (cached per zone and hour: 50,000 rows). */
function offsetOf(zone: string, at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  const bucket = `${zone}|${hour}`;
  let minutes = zoneOffsets.get(bucket);
  if (minutes === undefined) {
    minutes = zoneOffsetMinutes(zone, hour * HOUR_MS);
    zoneOffsets.set(bucket, minutes);
  }
  return minutes;
}

/** The instant a wall-clock time (its fields read as UTC) shows in the zone. */
export function instantInZone(wall: number, zone: string): number {
  const first = wall - offsetOf(zone, wall) * 60_000;
  return wall - offsetOf(zone, first) * 60_000;
}

// 2026-11-20 08:15[:30] or 2026/11/20T08:15. A day-first date (20/11/2026) is not a date to
// SPEC §5's cleaning (Date.parse), so it is refused there already and never guessed at here.
const YEAR_FIRST = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The instant of a fuel row's date and time: with an offset or Z as written, otherwise as the
 * user's wall clock in their zone (a fuel card statement has no zone). Null when not a date.
 */
export function parseFuelDatetime(text: string, zone: string): number | null {
  const s = text.trim();
  if (HAS_ZONE.test(s)) {
    const at = Date.parse(s);
    return Number.isNaN(at) ? null : at;
  }
  const m = YEAR_FIRST.exec(s);
  if (!m) return null;
  const [year, month, day] = [+m[1], +m[2], +m[3]];
  const [hour, minute, second] = [+(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // 31 February rolls over into March: refuse it instead.
  if (new Date(wall).getUTCDate() !== day) return null;
  return instantInZone(wall, zone);
}

/** A row as the file gives it, plus the browser's refusal of a cell it will not read (a formula). */
export interface FuelRawRow extends FuelRowInput {
  refused?: string;
}

/** A checked row: SPEC §5's cleaned fields, its instant and vehicle, and every error it has. */
export interface CheckedFuelRow extends FuelRow {
  /** epoch ms of the fill, null when the date is missing or invalid */
  at: number | null;
  /** the matched vehicle, null when none */
  uid: number | null;
}

export interface FuelCheckContext {
  /** the clock's now (a fill in the future is an error) */
  now: number;
  /** the user's time zone, for dates written without an offset */
  zone: string;
  /** the client's vehicle with this registration key (fuelRegKey), if any */
  vehicleOf(regKey: string): number | undefined;
}

/**
 * Cleans a row with SPEC §5's rules and adds the import's checks: a date in the future, litres
 * that are not more than 0, a negative odometer or hours, a registration that is none of the
 * client's vehicles, a cell the browser refused. A failing row keeps all its errors.
 */
export function checkFuelRow(raw: FuelRawRow, c: FuelCheckContext): CheckedFuelRow {
  const row = cleanFuelRow(raw);
  const errors: string[] = [];
  if (raw.refused) errors.push(raw.refused);
  if (row.error) errors.push(row.error);
  let at: number | null = null;
  if (row.datetimestamp && !row.error?.includes('Datetime')) {
    at = parseFuelDatetime(row.datetimestamp, c.zone);
    if (at === null)
      errors.push(`Datetime '${row.datetimestamp}' is not a date like 2026-11-20 08:15`);
    else if (at > c.now) errors.push('Datetime is in the future');
  }
  if (row.litres !== '' && row.litres <= 0) errors.push('Litres must be more than 0');
  if (row.odometer !== '' && row.odometer < 0) errors.push('Odometer must not be negative');
  if (row.hours !== '' && row.hours < 0) errors.push('Hours must not be negative');
  let uid: number | null = null;
  if (row.reg) {
    uid = c.vehicleOf(row.reg) ?? null;
    if (uid === null) errors.push(`Registration ${row.reg} is none of your vehicles`);
  }
  const { error: _spec, ...clean } = row;
  return errors.length ? { ...clean, at, uid, error: errors.join('; ') } : { ...clean, at, uid };
}

// --- The usage page's maths ---------------------------------------------------------------

/** Classes that run on engine hours: their consumption is litres per hour, not per 100 km. */
export const MACHINE_CLASSES: readonly VehicleClass[] = [
  'tractor',
  'construction',
  'machine',
  'factory',
];
export const isMachineClass = (cls: string) => (MACHINE_CLASSES as readonly string[]).includes(cls);

/** A fill this much above the vehicle's median of its previous fills stands out. */
export const ABOVE_USUAL_FACTOR = 1.25;
/** Previous fills needed before "usual" means anything. */
export const USUAL_MIN_FILLS = 3;
/** How many previous fills the median is taken over. */
export const USUAL_FILLS = 10;
/** A fill is flagged when no stop within this distance (km) of the vehicle… */
export const FILL_STOP_RADIUS_KM = 5;
/** …lies within this time either side of the fill. */
export const FILL_STOP_WINDOW_MS = HOUR_MS;

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Litres per 100 km, or per hour for machines; null when nothing was driven or run. */
export function consumptionOf(
  litres: number,
  used: number | null,
  machine: boolean,
): number | null {
  if (used === null || used <= 0) return null;
  return machine ? litres / used : (litres / used) * 100;
}

/** The median of the vehicle's previous fills' consumption, once there are enough of them. */
export function usualConsumption(previous: readonly (number | null)[]): number | null {
  const known = previous.filter((v): v is number => v !== null).slice(-USUAL_FILLS);
  return known.length >= USUAL_MIN_FILLS ? median(known) : null;
}

export function isAboveUsual(consumption: number | null, usual: number | null): boolean {
  return consumption !== null && usual !== null && consumption > usual * ABOVE_USUAL_FACTOR;
}

/** Why a fill is flagged: the two common kinds of fuel-card fraud. */
export const FUEL_FLAGS = {
  away: 'Not at a stop at fill time',
  tank: 'More litres than the tank holds',
} as const;
export type FuelFlag = keyof typeof FUEL_FLAGS;
