#!/usr/bin/env node
// `npm run test:e2e`: the browser tests alone (Debian's Chromium, installed when missing), with
// Vitest's own arguments passed on, e.g. `npm run test:e2e -- e2e/shell.test.ts`.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

ensureChromium();
const args = ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)];
const res = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(res.status ?? 1);
