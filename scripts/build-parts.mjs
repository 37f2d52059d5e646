// What each build output is made from, and whether the output on disk is from the sources as they
// are now. Plain Node only: scripts/start.mjs uses it on a server installed without dev tools.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const COMMON_SOURCES = ['common/src', 'common/package.json'];
const SHARED = ['tsconfig.base.json', 'scripts/build.mjs'];

/** The three outputs of `npm run build`, each with the files it is built from. */
export const PARTS = {
  common: {
    output: 'common/dist',
    check: 'common/dist/index.js',
    sources: [...COMMON_SOURCES, 'common/tsconfig.json', 'common/tsconfig.build.json', ...SHARED],
  },
  server: {
    output: 'server/dist',
    check: 'server/dist/main.js',
    sources: [
      'server/src',
      'server/package.json',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
      ...COMMON_SOURCES,
      ...SHARED,
    ],
  },
  web: {
    output: 'web/dist',
    check: 'web/dist/index.html',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/vite-delivery.ts',
      'web/package.json',
      // The bundled libraries.
      'package-lock.json',
      ...COMMON_SOURCES,
      ...SHARED,
    ],
  },
};

// Tests, test helpers and notes are not part of any build.
const NOT_BUILT = /(\.test\.[cm]?[jt]sx?|[/\\]test-setup\.ts|[/\\]test[/\\].*|\.md)$/;

/** A hash of the part's source files (names and contents), so copies and checkouts compare. */
export function fingerprint(part) {
  const hash = crypto.createHash('sha256');
  const visit = (rel) => {
    const abs = path.join(ROOT, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.posix.join(rel, name));
    } else if (!NOT_BUILT.test(`/${rel}`)) {
      hash.update(`${rel}\0`).update(fs.readFileSync(abs)).update('\0');
    }
  };
  PARTS[part].sources.forEach(visit);
  return hash.digest('hex');
}

const stampFile = (part) => path.join(ROOT, PARTS[part].output, '.fingerprint');

/** 'current', 'stale' (built from other sources) or 'missing'. */
export function buildState(part) {
  if (!fs.existsSync(path.join(ROOT, PARTS[part].check))) return 'missing';
  let stamp = '';
  try {
    stamp = fs.readFileSync(stampFile(part), 'utf8').trim();
  } catch {
    return 'stale';
  }
  return stamp === fingerprint(part) ? 'current' : 'stale';
}

/** Records that the output on disk was built from the sources as they are now. */
export function stamp(part, print = fingerprint(part)) {
  fs.writeFileSync(stampFile(part), `${print}\n`);
}
