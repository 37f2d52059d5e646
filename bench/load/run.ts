// bench:load (issue 17 item 5): N simulated Teltonika devices over real TCP against a running
// deployment that this bench starts from the build (`server/dist/main.js`): embedded (one process,
// SQLite) or split (LOAD_MODE=split: api, ingest, two pipeline and jobs processes on PostgreSQL
// and NATS). Each device reports one record every LOAD_INTERVAL_S seconds at its own phase (0:
// connected and idle). A browser socket, logged in as the fleet's user, receives the units'
// updates; the latency is from a record's send (its fix time) to its update on that socket.
// Prints per process its peak RSS, and last: `load: <N> devices, <R> positions/s, p99 <ms> ms,
// rss <MB> MB` (the largest process's peak resident memory).
//
//   LOAD_DEVICES (10000), LOAD_INTERVAL_S (10), LOAD_SECONDS (60, the measured window after one
//   interval of warm-up), LOAD_MODE (embedded | split), LOAD_PER_WORKER (8000 devices a worker)
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import WebSocket from 'ws';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { DEFAULT_ROLES } from '../../common/src/roles';
import { hashPassword } from '../../server/src/auth/crypto';
import { migrate, openDb } from '../../server/src/db';
import { accepts, freePort, healthy, onlyTeltonika } from '../../server/test/support/child-server';
import { unitRow } from '../../server/test/support/raw-rows';
import { createBenchDatabase } from '../postgres-db';
import type { WorkerReport, WorkerTask } from './devices';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const DEVICES = Number(env.LOAD_DEVICES ?? 10_000);
const INTERVAL_S = Number(env.LOAD_INTERVAL_S ?? 10);
const SECONDS = Number(env.LOAD_SECONDS ?? 60);
const MODE = env.LOAD_MODE === 'split' ? 'split' : 'embedded';
const PER_WORKER = Number(env.LOAD_PER_WORKER ?? 8000);
const NATS_URL = env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PASSWORD = 'load-bench-password';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const imei = (i: number) => `86${String(1_000_000_000_000 + i).slice(-13)}`;

/** Peak resident memory of a process so far (VmHWM), MB. */
function peakRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'server/dist/main.js'))) {
    console.log('building the server (server/dist/main.js is missing) ...');
    spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const pgdb = MODE === 'split' ? await createBenchDatabase('bench_load') : null;
  const cleanup: (() => Promise<unknown> | unknown)[] = [
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  if (pgdb) cleanup.push(() => pgdb.drop());
  const runId = randomUUID().slice(0, 8);
  if (MODE === 'split')
    cleanup.push(async () => {
      const nc = await connect({ servers: NATS_URL });
      await (await jetstreamManager(nc)).streams.delete(`LOAD_${runId}`).catch(() => {});
      await nc.close();
    });
  const procs: Proc[] = [];
  try {
    // The fleet: one client, its user, N units with the devices' IMEIs.
    const handle = openDb({ databaseUrl: pgdb?.url, dataDir });
    await migrate(handle);
    const { db } = handle;
    const created = Date.now();
    const client = await db
      .insertInto('clients')
      .values({ name: 'Load Fleet', state: 1, created })
      .returning('cid')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        client_id: client.cid,
        username: 'load',
        display_name: 'Load',
        email: null,
        user_type: 'full',
        roles: JSON.stringify(DEFAULT_ROLES.full),
        settings: '{}',
        ui_settings: '{}',
        password_hash: await hashPassword(PASSWORD),
        all_units: 1,
        created,
        last_login: null,
      })
      .execute();
    for (let i = 0; i < DEVICES; i += 500) {
      const rows = [];
      for (let k = i; k < Math.min(DEVICES, i + 500); k++)
        rows.push(unitRow(client.cid, imei(k), created, { name: `Load ${k}` }));
      await db.insertInto('units').values(rows).execute();
    }
    await handle.close();

    const port = await freePort();
    const teltonikaPort = await freePort();
    const base: Record<string, string> = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: pgdb?.url ?? '',
      DEMO: '0',
      ADMIN_PASSWORD: PASSWORD,
      SIM_UNITS: '0',
      LOG_LEVEL: 'warn',
      ...onlyTeltonika(teltonikaPort),
      TELTONIKA_UDP: '0',
      GATEWAY_IDLE_TIMEOUT_S: '3600',
    };
    const start = (name: string, roles: string | null, port0 = 0): Proc => {
      const extra: Record<string, string> = { PORT: String(port0) };
      if (roles) {
        extra.ROLES = roles;
        extra.NATS_URL = NATS_URL;
        extra.NATS_SUBJECT = `load${runId}`;
        extra.NATS_STREAM = `LOAD_${runId}`;
      }
      const child = spawn(
        process.execPath,
        [...SERVER_NODE_FLAGS, path.join(ROOT, 'server/dist/main.js')],
        {
          cwd: ROOT,
          env: { ...env, ...base, ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      const keep = (c: Buffer) => (out = (out + c.toString()).slice(-4000));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      const p = { name, child, output: () => out };
      procs.push(p);
      return p;
    };
    if (MODE === 'embedded') start('embedded', null, port);
    else {
      start('api', 'api', port);
      await waitFor(async () => healthy(`http://127.0.0.1:${port}`), 'the api process', procs);
      start('ingest', 'ingest');
      start('pipeline 1', 'pipeline');
      start('pipeline 2', 'pipeline');
      start('jobs', 'jobs');
    }
    await waitFor(
      async () =>
        (await healthy(`http://127.0.0.1:${port}`)) &&
        (await accepts(teltonikaPort)) &&
        procs.every((p) => !p.name.startsWith('pipeline') || p.output().includes('running')),
      'the deployment',
      procs,
    );
    console.log(`${MODE} deployment up: ${procs.map((p) => p.name).join(', ')}`);

    // The browser: every update of the fleet's units, with its latency from the record's send.
    const token = await login(port);
    const latencies: number[] = [];
    let measuring = false;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.on('message', (data) => {
      if (!measuring) return;
      const at = Date.now();
      const m = JSON.parse(String(data));
      if (m.type !== 'units') return;
      for (const u of m.units)
        if (u.position?.datetime) latencies.push(at - Date.parse(u.position.datetime));
    });

    // The devices, in worker processes of PER_WORKER each.
    const workers: { child: ChildProcess; report: WorkerReport & { allConnected?: boolean } }[] =
      [];
    const connectStart = performance.now();
    for (let i = 0; i < DEVICES; i += PER_WORKER) {
      const child = fork(path.join(ROOT, 'bench/load/devices.ts'), {
        execArgv: ['--conditions=source', '--import', 'tsx'],
      });
      const w = {
        child,
        report: { connected: 0, acked: 0, refused: 0, errors: 0, closed: 0 } as WorkerReport & {
          allConnected?: boolean;
        },
      };
      child.on('message', (r: WorkerReport) => Object.assign(w.report, r));
      const task: WorkerTask = {
        host: '127.0.0.1',
        port: teltonikaPort,
        imeis: Array.from({ length: Math.min(PER_WORKER, DEVICES - i) }, (_, k) => imei(i + k)),
        intervalS: INTERVAL_S,
        connectConcurrency: 100,
      };
      child.send(task);
      workers.push(w);
    }
    cleanup.push(() => workers.forEach((w) => w.child.disconnect()));
    const total = () =>
      workers.reduce(
        (t, w) => ({
          connected: t.connected + w.report.connected,
          acked: t.acked + w.report.acked,
          refused: t.refused + w.report.refused,
          errors: t.errors + w.report.errors,
          closed: t.closed + w.report.closed,
        }),
        { connected: 0, acked: 0, refused: 0, errors: 0, closed: 0 },
      );
    await waitFor(
      async () => workers.every((w) => w.report.allConnected),
      'the devices',
      procs,
      600_000,
    );
    const connected = total();
    console.log(
      `connected ${connected.connected} of ${DEVICES} devices in ${((performance.now() - connectStart) / 1000).toFixed(1)} s` +
        ` (refused ${connected.refused}, errors ${connected.errors})`,
    );

    // One interval of warm-up, then the measured window.
    await sleep(Math.max(INTERVAL_S, 2) * 1000);
    const from = total();
    const t0 = performance.now();
    measuring = true;
    await sleep(SECONDS * 1000);
    measuring = false;
    const to = total();
    const seconds = (performance.now() - t0) / 1000;
    const rate = (to.acked - from.acked) / seconds;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies.length
        ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]
        : NaN;
    const peaks = procs.map((p) => ({ name: p.name, mb: peakRssMb(p.child.pid!) }));
    for (const p of peaks) console.log(`rss ${p.name}: ${p.mb.toFixed(0)} MB (peak)`);
    console.log(
      `window ${seconds.toFixed(1)} s: ${to.acked - from.acked} records acknowledged, ${latencies.length} updates on the socket` +
        `, latency p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${latencies.at(-1) ?? NaN} ms;` +
        ` still connected ${to.connected - to.closed}, errors ${to.errors}`,
    );
    ws.close();
    const p99 = INTERVAL_S > 0 ? `${pct(0.99)}` : '-';
    console.log(
      `load: ${to.connected - to.closed} devices, ${Math.round(rate)} positions/s, p99 ${p99} ms, rss ${Math.max(...peaks.map((p) => p.mb)).toFixed(0)} MB`,
    );
  } finally {
    for (const p of procs) p.child.kill('SIGTERM');
    await sleep(2000);
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    for (const c of cleanup.reverse()) await c();
  }
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'load', password: PASSWORD, channel: 'bench' }),
  });
  const body = (await res.json()) as { result: number; token: string };
  if (body.result !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

async function waitFor(
  done: () => Promise<boolean | undefined>,
  what: string,
  procs: Proc[],
  timeoutMs = 120_000,
) {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    const dead = procs.find((p) => p.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited while waiting for ${what}:\n${dead.output()}`);
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${procs.map((p) => p.output()).join('\n')}`);
    await sleep(250);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
