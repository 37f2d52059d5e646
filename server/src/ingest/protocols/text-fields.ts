// Checks and number parsing for the fields of text protocols (H02, Queclink), which run on every
// field of every message: they read character codes instead of running a regular expression each,
// and parse numbers without Number()'s general path where that is exact. Each check's comment gives
// the pattern it accepts; the property tests hold it to that pattern (text-fields.test.ts).

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isHexDigit = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** s[a..b) is all decimal digits (true when empty). */
export function allDigits(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** s[a..b) is all digits and upper-case letters, 0-9 A-Z (true when empty). */
export function allUpperAlnum(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

/** s[a..b) is all hex digits (true when empty). */
export function allHex(s: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) if (!isHexDigit(s.charCodeAt(i))) return false;
  return true;
}

/**
 * A check of one field, the whole string or the field s[a..b) of a message; where a regular
 * expression documents it, the tests hold it to that.
 */
export type FieldTest = (s: string, a?: number, b?: number) => boolean;

/** /^\d{min,max}$/ (`max` may be Infinity). */
export const digitsTest =
  (min: number, max = min): FieldTest =>
  (s, a = 0, b = s.length) =>
    b - a >= min && b - a <= max && allDigits(s, a, b);

/** /^[0-9A-Fa-f]{min,max}$/ (`max` may be Infinity). */
export const hexTest =
  (min: number, max = min): FieldTest =>
  (s, a = 0, b = s.length) =>
    b - a >= min && b - a <= max && allHex(s, a, b);

/** 1 to `wholeMax` digits, a point and exactly `fraction` digits, after a '-' when `signed`. */
export const fixedPointTest =
  (wholeMax: number, fraction: number, signed = false): FieldTest =>
  (s, a = 0, b = s.length) => {
    const from = signed && s.charCodeAt(a) === 45 ? a + 1 : a;
    const point = b - fraction - 1;
    const whole = point - from;
    return (
      whole >= 1 &&
      whole <= wholeMax &&
      s.charCodeAt(point) === 46 &&
      allDigits(s, from, point) &&
      allDigits(s, point + 1, b)
    );
  };

/** An empty field, or one `test` accepts. */
export const orEmpty =
  (test: FieldTest): FieldTest =>
  (s, a = 0, b = s.length) =>
    a === b || test(s, a, b);

/** 10 ** n for the fraction digits a decimal may have. */
const POW10 = Array.from({ length: 13 }, (_, n) => 10 ** n);

/**
 * The value of a checked decimal (sign, digits, at most one point) of at most 15 digits in all:
 * those are exact integers in a double, and one division by an exact power of ten rounds as
 * Number() does. Longer ones go to Number().
 */
export function decimalValue(s: string, from: number, point: number): number {
  return decimalValueIn(s, 0, from, point, s.length);
}

/**
 * decimalValue of the field s[start..end): its digits from `from` on (after the sign, if any, at
 * `start`), the point at `point` (-1: none).
 */
export function decimalValueIn(
  s: string,
  start: number,
  from: number,
  point: number,
  end: number,
): number {
  if (end - from > 16) return Number(s.slice(start, end));
  let v = 0;
  for (let i = from; i < end; i++) if (i !== point) v = v * 10 + s.charCodeAt(i) - 48;
  if (point >= 0) v /= POW10[end - point - 1];
  return s.charCodeAt(start) === 45 ? -v : v;
}

/**
 * `text.split(',')`, the same array: V8's split takes a runtime call that costs a message of 30
 * fields about a fifth more than this loop.
 */
export function splitFields(text: string): string[] {
  const fields: string[] = [];
  let from = 0;
  for (;;) {
    const comma = text.indexOf(',', from);
    if (comma < 0) break;
    fields.push(text.slice(from, comma));
    from = comma + 1;
  }
  fields.push(text.slice(from));
  return fields;
}

/**
 * Date.UTC(year, month - 1, day, h, m, s) for years 0 to 9999 (a day past the month's end runs
 * into the next month, as there), by integer arithmetic (H. Hinnant's days_from_civil): Date.UTC
 * costs a text decoder a twentieth of its time.
 */
export function utcMillis(
  year: number,
  month: number,
  day: number,
  h: number,
  m: number,
  s: number,
): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  return ((days * 24 + h) * 60 + m) * 60_000 + s * 1000;
}

/** The value of the decimal digits `s[from..to)` (to - from <= 15), or -1 if one is not a digit. */
export function decimalRun(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 0x30;
    if (!(d >= 0 && d <= 9)) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** The value of the hex digits `s[from..to)` (either case, to - from <= 13), or -1. */
export function hexRun(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    let d: number;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x41 + 10;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x61 + 10;
    else return -1;
    v = v * 16 + d;
  }
  return v;
}

/** `buf[from..to)` as latin1 text; `known` itself when it is that text (no new string). */
export function latin1Text(buf: Buffer, from: number, to: number, known?: string): string {
  if (known !== undefined && known.length === to - from) {
    let i = 0;
    while (i < known.length && known.charCodeAt(i) === buf[from + i]) i++;
    if (i === known.length) return known;
  }
  return buf.toString('latin1', from, to);
}

/**
 * latin1Text, remembering the last answer: a device's id (or a report type) comes back message
 * after message, and each record keeps it. Always a string of its own, never a slice of a longer
 * one (V8 slices of 13 characters or more keep the whole string they were cut from alive).
 */
export class RecurringText {
  private last = '';

  of(buf: Buffer, from: number, to: number): string {
    return (this.last = latin1Text(buf, from, to, this.last));
  }
}
