// The numbers of Meitrack's text reports, read by character code: an AAA report holds some twenty
// of them, and a regular expression test plus a Number() or parseInt() per field was most of its
// decoding time. Each function gives exactly what the pattern in its comment and that conversion
// gave (test/unit/protocols/meitrack-numbers.test.ts compares them on random strings); the checks
// and the decimal conversion are the other text protocols' (text-fields.ts).
import { allDigits, decimalValue, hexRun, isDigit } from './text-fields';

const MINUS = 0x2d;
const DOT = 0x2e;

/** /^-?\d{1,10}$/.test(s) ? Number(s) : undefined ("-0" is -0, as Number gives it). */
export function meitrackInt(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const from = s.charCodeAt(0) === MINUS ? 1 : 0;
  const digits = s.length - from;
  if (digits < 1 || digits > 10 || !allDigits(s, from, s.length)) return undefined;
  return decimalValue(s, from, -1);
}

/** /^-?\d{1,10}(\.\d{1,10})?$/.test(s) ? Number(s) : undefined. */
export function meitrackDecimal(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const from = s.charCodeAt(0) === MINUS ? 1 : 0;
  let i = from;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  if (i - from < 1 || i - from > 10) return undefined;
  if (i === s.length) return decimalValue(s, from, -1);
  if (s.charCodeAt(i) !== DOT) return undefined;
  const point = i++;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  if (i < s.length || i - point - 1 < 1 || i - point - 1 > 10) return undefined;
  return decimalValue(s, from, point);
}

/** /^[0-9A-Fa-f]{1,8}$/.test(s) ? parseInt(s, 16) : undefined. */
export function meitrackHex(s: string | undefined): number | undefined {
  if (s === undefined || s.length < 1 || s.length > 8) return undefined;
  const v = hexRun(s, 0, s.length);
  return v < 0 ? undefined : v;
}
