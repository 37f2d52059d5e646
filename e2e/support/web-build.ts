// One production build of the web app per source state, in a folder of its own, so suites (and
// other people's test runs in the same tree) never rebuild web/dist under each other.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARTS } from '../../scripts/build-parts.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// What `npm run build` builds the web app from (scripts/build-parts.mjs).
const SOURCES = PARTS.web.sources;

function fingerprint(): string {
  const hash = crypto.createHash('sha256');
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(ROOT, p)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  SOURCES.forEach((s) => visit(path.join(ROOT, s)));
  return hash.digest('hex').slice(0, 16);
}

/** Builds the web app unless a build of the same sources exists; returns its folder. */
export async function buildWeb(): Promise<string> {
  if (process.env.E2E_WEB_DIST) return process.env.E2E_WEB_DIST;
  const dir = path.join(os.tmpdir(), `fleet-web-prod-${fingerprint()}`);
  if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  const staging = `${dir}.${process.pid}.tmp`;
  const localVite = path.join(ROOT, 'web/node_modules/.bin/vite');
  const vite = fs.existsSync(localVite) ? localVite : path.join(ROOT, 'node_modules/.bin/vite');
  execFileSync(vite, ['build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(ROOT, 'web'),
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    fs.renameSync(staging, dir);
  } catch {
    // Another run finished the same build first.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
