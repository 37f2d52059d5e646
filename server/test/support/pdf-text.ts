// Reading a PDF back in a test: the text its pages draw, and how many pages it has.
import zlib from 'node:zlib';

/**
 * The text a PDF draws: its content streams inflated, the hex strings of its text decoded. Each
 * stream is read by its /Length (compressed bytes may end in a line break of their own).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/\/Length (\d+)\b[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const data = raw.slice(start, start + Number(m[1]));
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      content = data;
    }
    for (const h of content.matchAll(/<([0-9a-fA-F]+)>/g))
      out += Buffer.from(h[1], 'hex').toString('latin1');
    out += '\n';
  }
  return out;
}

/** The page objects of a PDF (`/Type /Page`, not the `/Pages` tree). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}
