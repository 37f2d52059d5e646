// The server as `npm start` runs it: bundled by scripts/build.mjs, run by plain node. One bundle
// per source state, in a folder of its own under server/node_modules/.cache, so that its npm
// imports resolve as server/dist's do: from the server workspace's own node_modules first (where
// npm may keep a server-only package, e.g. sanitize-html), then the repository's. Test runs never
// rebuild under each other.
import fs from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/build.mjs';
import { ROOT, fingerprint } from '../../scripts/build-parts.mjs';

/** Bundles the server unless a bundle of the same sources exists; returns its main.js. */
export async function buildServer(): Promise<string> {
  const dir = path.join(
    ROOT,
    'server/node_modules/.cache',
    `fleet-server-${fingerprint('server').slice(0, 16)}`,
  );
  const main = path.join(dir, 'main.js');
  if (fs.existsSync(main)) return main;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
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
