// The theme's logo for a report file. The theme names it as a path of the web app
// ('themes/dev/logo.svg'), read from web/public or the built web/dist; a data: URL is used as it
// is. A web address is not fetched (reports make no network requests), and a file that is missing
// leaves the title alone.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config';

export interface Logo {
  mime: 'image/svg+xml' | 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

const FOLDERS = ['web/public', 'web/dist'].map((f) => path.join(REPO_ROOT, f));
const MIME: Record<string, Logo['mime']> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};
const MAX_BYTES = 512 * 1024;
const cache = new Map<string, Logo | null>();

function fromDataUrl(url: string): Logo | null {
  const m = /^data:(image\/(?:svg\+xml|png|jpeg))(;base64)?,(.*)$/s.exec(url);
  if (!m) return null;
  const bytes = m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(decodeURIComponent(m[3]));
  return { mime: m[1] as Logo['mime'], bytes };
}

function fromFile(name: string): Logo | null {
  const mime = MIME[path.extname(name).toLowerCase()];
  if (!mime) return null;
  for (const folder of FOLDERS) {
    const file = path.resolve(folder, name.replace(/^\/+/, ''));
    // Only files inside the web app's folders: a theme cannot name /etc/passwd.
    if (!file.startsWith(folder + path.sep)) return null;
    try {
      const stat = fs.statSync(file);
      if (stat.isFile() && stat.size <= MAX_BYTES) return { mime, bytes: fs.readFileSync(file) };
    } catch {
      // not in this folder: try the next
    }
  }
  return null;
}

/** The logo's bytes, or null for none, a web address or a missing file. */
export function brandLogo(logo: string | null): Logo | null {
  if (!logo) return null;
  if (!cache.has(logo)) {
    if (cache.size > 50) cache.clear();
    cache.set(
      logo,
      logo.startsWith('data:') ? fromDataUrl(logo) : /^[a-z]+:/i.test(logo) ? null : fromFile(logo),
    );
  }
  return cache.get(logo) ?? null;
}

export const logoDataUrl = (logo: Logo) =>
  `data:${logo.mime};base64,${logo.bytes.toString('base64')}`;
