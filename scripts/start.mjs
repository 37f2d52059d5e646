#!/usr/bin/env node
// `npm start`: builds the server and the web app when they are missing or were built from other
// sources (never when they are up to date), then runs the server with plain `node`. On a server
// installed with `npm ci --omit=dev` there are no build tools: a built tree just runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PARTS, ROOT, buildState } from './build-parts.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const NEEDED = ['server', 'web'];
const TOOLS = ['esbuild', 'vite'];

const states = Object.fromEntries(NEEDED.map((part) => [part, buildState(part)]));
const todo = NEEDED.filter((part) => states[part] !== 'current');
const toolsInstalled = TOOLS.every((t) => fs.existsSync(path.join(ROOT, 'node_modules', t)));

if (todo.length && toolsInstalled) {
  const why = todo.map((p) => `${p}: ${states[p] === 'missing' ? 'not built' : 'sources changed'}`);
  console.log(`Building ${why.join(', ')}`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--js', ...todo], {
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
} else if (todo.length) {
  const missing = todo.filter((p) => states[p] === 'missing');
  if (missing.length) {
    const dirs = missing.map((p) => PARTS[p].output).join(' and ');
    console.error(
      `${dirs} ${missing.length > 1 ? 'are' : 'is'} not built, and the build tools are not ` +
        'installed here (npm ci --omit=dev). Build with `npm ci && npm run build` first, then ' +
        'ship the tree (docs/configuration.md, Deploying).',
    );
    process.exit(1);
  }
  console.warn(
    `Note: ${todo.map((p) => PARTS[p].output).join(' and ')} were built from other sources than ` +
      'these, and the build tools are not installed here; running the build as it is.',
  );
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(ROOT, 'server/dist/main.js')],
  { stdio: 'inherit', cwd: ROOT },
);
// Ctrl-C reaches the server too (same process group); a SIGTERM sent to this process alone (a
// service manager, a container stop) is passed on, and we exit when the server has.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
