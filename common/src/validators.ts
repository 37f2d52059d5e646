// Validation rules of SPEC §5, shared by the server's task schemas and the web forms.

const EMAIL_FORBIDDEN = /[, ;'"\\/#$*]/;

/** E-mail: one @, at least one dot, no forbidden characters, not ending in '.', '@' or '-'. */
export function isValidEmail(value: string): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (value.split('@').length !== 2) return false;
  if (!value.includes('.')) return false;
  if (EMAIL_FORBIDDEN.test(value)) return false;
  if (/[.@-]$/.test(value)) return false;
  const [local, domain] = value.split('@');
  return local.length > 0 && domain.length > 0;
}

const SPECIAL_CHARACTERS = /[!$^*+()%[\]\\/';@{}|"<>`~]/;

/** True when the text contains any of ! $ ^ * + ( ) % [ ] \ / ' ; @ { } | " < > ` ~ */
export function hasSpecialCharacters(value: string): boolean {
  return SPECIAL_CHARACTERS.test(value);
}

export interface LatLng {
  lat: number;
  lng: number;
}

const DECIMAL_PAIR = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * One piece of a degrees-minutes-seconds text: a hemisphere letter, a number, a unit mark (° ' "
 * and their look-alikes, or d/m/s written against the number), or a separator. Upper-case S is
 * always south; a lower-case d, m or s right after a number is a unit ("26d12m14.8s").
 */
const DMS_TOKEN =
  /(\d+(?:\.\d+)?)(?:\s*(°|º|˚|''|'|′|’|‘|"|″|”|“)|([dms])(?![a-z]))?|([NSEWnsew])(?![a-z])|([,;])|(\s+)|(.)/g;
const UNIT_OF: Record<string, 0 | 1 | 2> = {
  '°': 0,
  º: 0,
  '˚': 0,
  d: 0,
  "'": 1,
  '′': 1,
  '’': 1,
  '‘': 1,
  m: 1,
  "''": 2,
  '"': 2,
  '″': 2,
  '”': 2,
  '“': 2,
  s: 2,
};

interface DmsGroup {
  hemi: string;
  /** degrees, minutes, seconds as written (undefined: not given) */
  parts: (number | undefined)[];
  /** how many numbers the group has */
  count: number;
}

/** The two coordinates of a DMS text, each with its hemisphere, or null when it is not one. */
function dmsGroups(text: string): DmsGroup[] | null {
  const groups: DmsGroup[] = [];
  // An object, not a `let`: the compiler does not follow assignments made inside open/close.
  const state: { current: DmsGroup | null } = { current: null };
  const open = () => (state.current ??= { hemi: '', parts: [], count: 0 });
  const close = () => {
    if (state.current) groups.push(state.current);
    state.current = null;
  };
  for (const m of text.matchAll(DMS_TOKEN)) {
    const [, num, mark, letterUnit, hemi, sep, , other] = m;
    if (other !== undefined) return null;
    if (sep !== undefined) {
      close();
      continue;
    }
    if (hemi !== undefined) {
      const h = hemi.toUpperCase();
      // After numbers: the group's own letter, unless it has one already (then it starts the next).
      const current = state.current;
      if (current && current.count > 0 && !current.hemi) {
        current.hemi = h;
        close();
      } else {
        if (current && current.count === 0) return null; // two letters in a row
        close();
        open().hemi = h;
      }
      continue;
    }
    if (num === undefined) continue; // whitespace
    const unit = UNIT_OF[mark ?? letterUnit ?? ''];
    let g = open();
    // A degrees mark after numbers starts the next coordinate ("33°55'S 18°25'E" without letters).
    if (unit === 0 && g.count > 0) {
      close();
      g = open();
    }
    const slot = unit ?? g.count;
    if (
      slot > 2 ||
      g.parts[slot] !== undefined ||
      g.parts.slice(slot + 1).some((v) => v !== undefined)
    )
      return null;
    g.parts[slot] = Number(num);
    g.count += 1;
  }
  close();
  return groups;
}

/**
 * Parses coordinates typed as a decimal pair ("-26.2041, 28.0473") or as degrees, minutes and
 * seconds with N/S/E/W before or after each coordinate ("26°12'14.8\"S 28°2'50.3\"E",
 * "S 33 55 12 E 18 25 26", "33°55.2'S 18°25.4'E"). West and south are negative; minutes and
 * seconds must be below 60. Returns null when the text is not a valid coordinate pair.
 */
export function parseCoordinates(text: string): LatLng | null {
  if (typeof text !== 'string') return null;
  const dec = DECIMAL_PAIR.exec(text);
  if (dec) return inRange(Number(dec[1]), Number(dec[2]));
  if (!/[NSEW]/i.test(text)) return null;
  const groups = dmsGroups(text);
  if (!groups || groups.length !== 2) return null;
  let lat: number | null = null;
  let lng: number | null = null;
  for (const g of groups) {
    const [deg, min = 0, sec = 0] = g.parts;
    if (!g.hemi || deg === undefined || min >= 60 || sec >= 60) return null;
    // Fractions belong to the last part given: "33.5 30" is not a coordinate.
    if (
      (g.parts[1] !== undefined && !Number.isInteger(deg)) ||
      (g.parts[2] !== undefined && !Number.isInteger(min))
    )
      return null;
    const value = deg + min / 60 + sec / 3600;
    const signed = g.hemi === 'S' || g.hemi === 'W' ? -value : value;
    if (g.hemi === 'N' || g.hemi === 'S') {
      if (lat !== null) return null;
      lat = signed;
    } else {
      if (lng !== null) return null;
      lng = signed;
    }
  }
  if (lat === null || lng === null) return null;
  return inRange(lat, lng);
}

function inRange(lat: number, lng: number): LatLng | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** A route point as SPEC §5 compares it (API route points carry `lon`; `lng` is accepted too). */
export interface ComparedRoutePoint {
  name?: string;
  lat: number;
  lon?: number;
  lng?: number;
}

/** Route points differ when names differ or lat/lng differ at the location accuracy (2). */
export function routePointChanged(
  a: ComparedRoutePoint,
  b: ComparedRoutePoint,
  accuracy = 2,
): boolean {
  if ((a.name ?? '') !== (b.name ?? '')) return true;
  const lonA = Number(a.lon ?? a.lng);
  const lonB = Number(b.lon ?? b.lng);
  return (
    a.lat.toFixed(accuracy) !== b.lat.toFixed(accuracy) ||
    lonA.toFixed(accuracy) !== lonB.toFixed(accuracy)
  );
}

export interface FuelRowInput {
  reg?: unknown;
  datetimestamp?: unknown;
  litres?: unknown;
  hours?: unknown;
  odometer?: unknown;
}
export interface FuelRow {
  reg: string;
  datetimestamp: string;
  litres: number | '';
  hours: number | '';
  odometer: number | '';
  error?: string;
}

function keepFuelChars(value: unknown): string {
  return String(value ?? '').replace(/[^A-Za-z0-9_./-]/g, '');
}
function fuelNumber(value: unknown): number | '' {
  const kept = keepFuelChars(value);
  return kept !== '' && /^-?\d+(\.\d+)?$/.test(kept) ? Number(kept) : '';
}

/**
 * Cleans one fuel upload row (SPEC §5). Reg keeps only letters, digits, underscore, dot, hyphen
 * and slash, upper-cased; numbers are cleaned the same way and become empty when not numeric.
 * A row needs reg, datetimestamp, litres and odometer; a failing row keeps an error.
 */
export function cleanFuelRow(input: FuelRowInput): FuelRow {
  const row: FuelRow = {
    reg: keepFuelChars(input.reg).toUpperCase(),
    datetimestamp: String(input.datetimestamp ?? '').trim(),
    litres: fuelNumber(input.litres),
    hours: fuelNumber(input.hours),
    odometer: fuelNumber(input.odometer),
  };
  const missing: string[] = [];
  if (!row.reg) missing.push('Registration');
  if (!row.datetimestamp || Number.isNaN(Date.parse(row.datetimestamp))) missing.push('Datetime');
  if (row.litres === '') missing.push('Litres');
  if (row.odometer === '') missing.push('Odometer');
  if (missing.length) row.error = `Missing or invalid: ${missing.join(', ')}`;
  return row;
}

/** Field-name fragments never turned into numbers (SPEC §5). */
export const NUMBER_FILTER_EXCLUDED_FRAGMENTS = [
  'phone',
  'cell',
  'mobile',
  'sms',
  'date',
  'time',
  'from',
  'to',
  'contact',
  'end',
  'land_line',
];
/** Keys whose values are identifiers or free text: never turned into numbers. */
export const PAYLOAD_CLEANING_EXCLUDED_KEYS = [
  'password',
  'current_password',
  'username',
  'name',
  'display_name',
  'reg',
  'device_id',
  'ticket',
  'email',
  'search',
  // The recovery desk's search text (issue 16): an IMEI or a phone number typed whole is text.
  'q',
  'title',
  'message',
  'first_name',
  'surname',
  'description',
  'comment',
  'protocol',
  'label',
  'ref',
  'id_number',
  'vin',
  'serial',
  'address',
  'notes',
  'kml',
  // A vehicle's make, model and colour and a panic remote's identifier are text even when
  // they look like numbers (a BMW 320, remote 12345).
  'make',
  'model',
  'colour',
  'remote_id',
  // A driver's tag, licence number and the people CSV's Driver cell are text too (a decimal RFID
  // card 12749884, a licence number of digits, "0" or "1").
  'driver_tag',
  'licence_number',
  'is_driver',
  // A client's bank account and branch numbers, VAT and company registration numbers, a ledger
  // reference and a signature are text of digits: a 16-digit account number is past a number's
  // exact range, and a leading zero counts.
  'bank_account_number',
  'bank_branch_code',
  'vat_number',
  'registration_number',
  'reference',
  'signed_by',
  // The recovery desk's free text (issue 16): a comment or note "12345", a number called (10111,
  // the police), a police case number and a recovery team are text even when they are digits.
  'text',
  'note',
  'number',
  'police_case_number',
  'recovery_team',
  'location_recovered',
];

const NUMERIC = /^-?(0|[1-9]\d*)(\.\d+)?$/;

function excludedKey(key: string, excluded: readonly string[]): boolean {
  if (excluded.includes(key)) return true;
  const lower = key.toLowerCase();
  return NUMBER_FILTER_EXCLUDED_FRAGMENTS.some((f) => lower.includes(f));
}

/**
 * Payload cleaning (SPEC §5): numeric strings become numbers, except for excluded keys; empty
 * strings stay empty. Applies through nested objects and arrays (array items take their key).
 */
/** How deep a request's parameters may nest: deeper is refused, never recursed into. */
export const MAX_PAYLOAD_DEPTH = 32;

/** Thrown by cleanPayload for parameters nested deeper than MAX_PAYLOAD_DEPTH. */
export class PayloadTooDeepError extends Error {
  constructor() {
    super(`parameters are nested more than ${MAX_PAYLOAD_DEPTH} levels deep`);
  }
}

export function cleanPayload<T>(
  value: T,
  excluded: readonly string[] = PAYLOAD_CLEANING_EXCLUDED_KEYS,
): T {
  return cleanValue(value, null, excluded, 0) as T;
}

function cleanValue(
  value: unknown,
  key: string | null,
  excluded: readonly string[],
  depth: number,
): unknown {
  if (depth > MAX_PAYLOAD_DEPTH && value && typeof value === 'object') {
    throw new PayloadTooDeepError();
  }
  if (Array.isArray(value)) return value.map((v) => cleanValue(v, key, excluded, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // JSON.parse makes "__proto__" an own key; copying it would set out's prototype and let
      // its members pass for parameters. No task has such a parameter: drop it.
      if (k === '__proto__') continue;
      out[k] = cleanValue(v, k, excluded, depth + 1);
    }
    return out;
  }
  if (
    typeof value === 'string' &&
    key !== null &&
    !excludedKey(key, excluded) &&
    NUMERIC.test(value)
  ) {
    return Number(value);
  }
  return value;
}

/**
 * The season year runs from 2 January 00:00 to 1 March 23:59:59.999 of the next year (SPEC §5),
 * both in the user's `timeZone` (an IANA name; ARCHITECTURE §4: days are the user's), not in the
 * zone of the machine running this. Both ends are whole days, so comparing the calendar date
 * `instant` has in that zone is the same check, and 29 February of a leap year falls inside.
 */
export function inSeasonYear(
  instant: Date | number,
  seasonYear: number,
  timeZone: string,
): boolean {
  if (!Number.isFinite(Number(instant))) return false;
  const [year, month, day] = calendarDateIn(timeZone, Number(instant));
  const yyyymmdd = year * 10_000 + month * 100 + day;
  return yyyymmdd >= seasonYear * 10_000 + 1_02 && yyyymmdd <= (seasonYear + 1) * 10_000 + 3_01;
}

/** The year, month (1 to 12) and day of month that `instant` (epoch ms) has in `timeZone`. */
function calendarDateIn(timeZone: string, instant: number): [number, number, number] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day')];
}
