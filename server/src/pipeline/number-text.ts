// Numbers as JSON.stringify writes them, fast for what devices report with a few decimals
// (voltages in volts from millivolts, battery levels, accuracies). V8 turns such a double into text
// with its general shortest-round-trip algorithm (its number-to-string cache rarely helps: the
// odometers and times formatted meanwhile are all different), several times slower than writing
// the integer part and up to three digits, for two or more values of every stored position.
//
// Why the short form is exact: for 0 < v < 1e6 with k = round(v * 1000) and k / 1000 === v, the
// decimal k/1000 is the one that rounds to v, and no other decimal of three places or fewer does
// (neighbouring doubles there are far closer than 0.001), so it is also the shortest; JavaScript
// writes it in plain notation without trailing zeros, as below. Anything else takes String(v).

/** Three-digit fractions without their trailing zeros: "", "001", ..., "01", ..., "999". */
const FRACTIONS: string[] = Array.from({ length: 1000 }, (_, i) =>
  String(i).padStart(3, '0').replace(/0+$/, ''),
);

/** `v` finite (JSON has no text for NaN or Infinity; callers leave such values out). */
export function numberText(v: number): string {
  if (v > 0 && v < 1e6) {
    const k = Math.round(v * 1000);
    if (k / 1000 === v) {
      const int = Math.floor(k / 1000);
      const frac = k - int * 1000;
      return frac === 0 ? String(int) : `${int}.${FRACTIONS[frac]}`;
    }
  }
  return String(v);
}
