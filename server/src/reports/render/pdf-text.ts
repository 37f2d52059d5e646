// Text for the report PDFs written straight into the page's content stream. pdfkit's text() costs
// tens of microseconds a call (options, wrapping, kerning), and a year of trips is 60,000 cells:
// here a cell is one Tm and one Tj of its WinAnsi bytes, measured from a width table built once per
// font, which draws a 7,300-row table in a fraction of a second. The PDF's built-in Helvetica knows
// only WinAnsi (Latin-1 and a few more), so any other character is shown as "?".
import type { Pdf } from '../pdf';

/** What pdfkit keeps of the current font (not in its public API, but stable since 0.8). */
interface PdfFont {
  id: string;
  ref(): unknown;
  widthOfString(text: string, size: number): number;
}

// WinAnsi's 0x80-0x9F: Unicode characters that are not Latin-1.
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86,
  0x2021: 0x87, 0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c,
  0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95,
  0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
}; // prettier-ignore
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const QUESTION = 0x3f;

/** WinAnsi byte of a UTF-16 code unit; '?' for what the font cannot show. */
function winAnsi(code: number): number {
  if (code >= 0x20 && code < 0x7f) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  return WIN_ANSI_EXTRA[code] ?? QUESTION;
}

/** Text as the built-in font can show it (composed accents, no line breaks or controls). */
export function pdfSafe(text: string): string {
  if (!/[^\x20-\x7e]/.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    const code = ch.length === 1 ? winAnsi(ch.charCodeAt(0)) : QUESTION;
    out += code === QUESTION && ch !== '?' ? '?' : ch;
  }
  return out;
}

const ELLIPSIS = '\u2026';

export class FastFont {
  readonly id: string;
  /** The font's dictionary, for a form XObject's resources. */
  readonly dictionary: unknown;
  private readonly widths = new Float64Array(256);

  /** Sets `name` as the document's font to read its metrics; draws nothing. */
  constructor(
    private readonly doc: Pdf,
    readonly name: string,
  ) {
    doc.font(name);
    const font = (doc as unknown as { _font: PdfFont })._font;
    this.id = font.id;
    for (let c = 0x20; c <= 0xff; c++)
      this.widths[winAnsi(c)] = font.widthOfString(String.fromCharCode(c), 1);
    for (const [code, byte] of Object.entries(WIN_ANSI_EXTRA))
      this.widths[byte] = font.widthOfString(String.fromCharCode(Number(code)), 1);
    this.dictionary = font.ref();
  }

  /** Width of pdfSafe text at `size` pt (no kerning: the text is drawn without it too). */
  width(text: string, size: number): number {
    let w = 0;
    for (let i = 0; i < text.length; i++) w += this.widths[winAnsi(text.charCodeAt(i))];
    return w * size;
  }

  /** The text cut to fit `max` pt with an ellipsis; as it is when it fits. */
  fit(text: string, size: number, max: number): string {
    if (this.width(text, size) <= max) return text;
    const room = max / size - this.widths[winAnsi(ELLIPSIS.charCodeAt(0))];
    let w = 0;
    let i = 0;
    for (; i < text.length; i++) {
      w += this.widths[winAnsi(text.charCodeAt(i))];
      if (w > room) break;
    }
    return text.slice(0, i).trimEnd() + ELLIPSIS;
  }

  /** The PDF string operand of pdfSafe text: <hex>. */
  hex(text: string): string {
    let out = '<';
    for (let i = 0; i < text.length; i++) out += HEX[winAnsi(text.charCodeAt(i))];
    return out + '>';
  }

  /** Registers the font on the current page, so its content may use it. */
  use(): void {
    const fonts = this.doc.page.fonts as Record<string, unknown>;
    fonts[this.id] ??= this.dictionary;
  }
}

export type Rgb = [number, number, number];
/** '#1f1f1f' → [r, g, b] in 0..1 for the rg operator. */
export function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}
const num = (n: number) => (Math.round(n * 100) / 100).toString();
export const rgbOp = ([r, g, b]: Rgb, op: 'rg' | 'RG' = 'rg') =>
  `${num(r)} ${num(g)} ${num(b)} ${op}`;

export interface Run {
  x: number;
  text: string;
}

/** Where drawing goes: the page itself, or a Batch. */
export interface Sink {
  addContent(data: string): unknown;
}

/**
 * Content gathered and handed to the page at once: pdfkit turns every addContent into a Buffer,
 * which for a long table costs more than drawing it.
 */
export class Batch implements Sink {
  private parts: string[] = [];

  addContent(data: string): this {
    this.parts.push(data);
    return this;
  }

  /** Writes what was gathered to the current page (before anything else draws on it). */
  flush(doc: Pdf): void {
    if (this.parts.length) doc.addContent(this.parts.join('\n'));
    this.parts = [];
  }
}

/**
 * Content that writes runs of text on one baseline (`baseline` from the page's top, pdfkit's y)
 * in one font, size and colour: one BT block.
 */
export function textRuns(
  doc: Pdf,
  font: FastFont,
  size: number,
  colour: Rgb,
  baseline: number,
  runs: Run[],
  sink: Sink = doc,
): void {
  if (!runs.length) return;
  font.use();
  const y = num(doc.page.height - baseline);
  let out = `q 1 0 0 -1 0 ${num(doc.page.height)} cm BT ${rgbOp(colour)} /${font.id} ${num(size)} Tf`;
  for (const r of runs) if (r.text) out += ` 1 0 0 1 ${num(r.x)} ${y} Tm ${font.hex(r.text)} Tj`;
  sink.addContent(`${out} ET Q`);
}

/** A filled rectangle in pdfkit's coordinates (y down from the top), not touching its colour state. */
export function fillRect(sink: Sink, x: number, y: number, w: number, h: number, colour: Rgb) {
  sink.addContent(`q ${rgbOp(colour)} ${num(x)} ${num(y)} ${num(w)} ${num(h)} re f Q`);
}

/** A line from (x1, y) to (x2, y). */
export function hLine(sink: Sink, x1: number, x2: number, y: number, colour: Rgb, width = 0.5) {
  sink.addContent(
    `q ${rgbOp(colour, 'RG')} ${num(width)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S Q`,
  );
}

/**
 * "of N" for every page's footer, when N is known only at the end (pages are written as they
 * fill, so a long table never waits in memory): a form XObject each page draws, whose content is
 * written last.
 */
export class PageTotal {
  private readonly form: { write(chunk: string): void; end(): void };

  constructor(
    private readonly doc: Pdf,
    private readonly font: FastFont,
    private readonly size: number,
  ) {
    this.form = doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, -size, size * 4, size * 1.5],
      Resources: { Font: { [font.id]: font.dictionary } },
    }) as unknown as { write(chunk: string): void; end(): void };
  }

  /** Draws the total with its left end at (x, baseline) on the current page. */
  place(x: number, baseline: number, colour: Rgb): void {
    (this.doc.page.xobjects as Record<string, unknown>).PageTotal = this.form;
    this.doc.addContent(
      `q ${rgbOp(colour)} 1 0 0 -1 ${num(x)} ${num(baseline)} cm /PageTotal Do Q`,
    );
  }

  /** Writes the number once every page exists. */
  finish(pages: number): void {
    this.form.write(
      `BT /${this.font.id} ${num(this.size)} Tf 0 0 Td ${this.font.hex(String(pages))} Tj ET`,
    );
    this.form.end();
  }
}
