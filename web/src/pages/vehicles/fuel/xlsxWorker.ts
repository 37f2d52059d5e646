// Reads an .xlsx fuel file off the page's thread, so a 50,000-row sheet does not freeze it.
import { readXlsxText } from './xlsxRead';

const post = (message: unknown) => (self as unknown as Worker).postMessage(message);

self.onmessage = async (event: MessageEvent<ArrayBuffer>) => {
  try {
    post({ ok: true, sheet: await readXlsxText(event.data) });
  } catch (err) {
    post({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
