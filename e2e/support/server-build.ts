// The server as `npm start` runs it: bundled by scripts/build.mjs, run by plain node. One bundle
// per source state, in a folder of its own under node_modules/.cache (so its npm imports resolve
// from the repository's node_modules), so test runs never rebuild under each other.
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/build.mjs';
import { ROOT, fingerprint } from '../../scripts/build-parts.mjs';

/** Bundles the server unless a bundle of the same sources exists; returns its main.js. */
export async function buildServer(): Promise<string> {
  const dir = path.join(
    ROOT,
    'node_modules/.cache',
    `fleet-server-${fingerprint('server').slice(0, 16)}`,
  );
  const main = path.join(dir, 'main.js');
  if (fs.existsSync(main)) return main;
  const staging = `${dir}.${process.pid}.tmp`;
  await bundleServer(path.join(staging, 'main.js'));
  try {
    fs.renameSync(staging, dir);
  } catch {
    // Another run finished the same bundle first.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return main;
}
