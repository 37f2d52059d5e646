// Money in rand, held as integer cents (issue 15: never floating-point arithmetic on money). Typed
// amounts are parsed from their text, digit by digit, and shown with a thousands space and two
// decimals, the way South African statements print them.

/** The largest amount a single entry may hold: R 999 999 999.99. */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

export type AmountParse = { ok: true; cents: number } | { ok: false; message: string };

/**
 * An amount typed in rand ('1234.5', '1 234,50', 'R1,234.50', 99) as cents. More than two
 * decimals, letters or a negative amount (unless allowed) are refused with a message.
 */
export function parseAmount(input: unknown, opts: { allowNegative?: boolean } = {}): AmountParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: 'must be an amount in rand' };
    // A number reaches us from JSON; its shortest decimal form is what the sender typed.
    text = String(input);
    if (/e/i.test(text)) return { ok: false, message: 'must be an amount in rand' };
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, message: 'must be an amount in rand' };
  }
  text = text.replace(/^R\s*/i, '').replace(/[\s\u00a0]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1).replace(/^R/i, '');
  }
  // A comma is the decimal mark when it is the only separator and is followed by 1-2 digits;
  // otherwise commas group thousands.
  if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return { ok: false, message: 'must be an amount in rand, like 1234.50' };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { ok: false, message: 'may have at most 2 decimals (cents)' };
  const whole = m[1].replace(/^0+(?=\d)/, '');
  if (whole.length > 9) return { ok: false, message: 'is too large' };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, message: 'is too large' };
  if (negative && cents !== 0) {
    if (!opts.allowNegative) return { ok: false, message: 'cannot be negative' };
    return { ok: true, cents: -cents };
  }
  return { ok: true, cents };
}

/** Cents as a plain decimal string for files and the wire: -123456 → '-1234.56'. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as rand for people: 123456789 → 'R 1 234 567.89', -5000 → '-R 50.00'. */
export function formatRand(cents: number): string {
  const [whole, part] = centsToDecimal(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${cents < 0 ? '-' : ''}R\u00a0${grouped}.${part}`;
}
