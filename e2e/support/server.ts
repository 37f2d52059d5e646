// Starts the real server (tsx on server/src/main.ts; with `compiled`, the bundle `npm start` runs)
// on free ports with a throw-away data folder, serving a build of the web app. Reused by every e2e
// suite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCENE_START } from './scene';
import { buildWeb } from './web-build';
import { buildServer } from './server-build';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartServerOptions {
  /**
   * Extra environment; DEMO=1, SIM_UNITS=0, MAP_TILES=offline and CLOCK_START=SCENE_START unless
   * given here.
   */
  env?: Record<string, string>;
  /** Milliseconds to wait for /api/health. */
  startTimeoutMs?: number;
  /**
   * Run the server as `npm start` does: the bundled JavaScript under plain node. Unless given, the
   * environment decides: E2E_SERVER=compiled (`npm test` sets it: one bundle serves every suite and
   * each server starts without transpiling the sources again) or tsx on the sources.
   */
  compiled?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The device gateways' ports (OsmAnd HTTP; the others TCP, Teltonika also UDP). */
  gateways: {
    osmand: number;
    teltonika: number;
    gt06: number;
    h02: number;
    meitrack: number;
    queclink: number;
  };
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  /** The server's time now (its clock runs from CLOCK_START), epoch ms. */
  now: () => Promise<number>;
  /** Resolves once the simulator's history is written (at once without a simulator). */
  historyWritten: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  timeoutMs: number,
  exited: () => string | null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`the server exited before it was ready (${exit})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (
        response.status === 200 &&
        ((await response.json()) as { status?: string }).status === 'ok'
      )
        return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms`);
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const webDist = await buildWeb();
  const [port, osmand, teltonika, gt06, h02, meitrack, queclink] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-data-'));
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DEMO: '1',
    SIM_UNITS: '0',
    MAP_TILES: 'offline',
    LOG_LEVEL: 'warn',
    OSMAND_PORT: String(osmand),
    TELTONIKA_PORT: String(teltonika),
    GT06_PORT: String(gt06),
    H02_PORT: String(h02),
    MEITRACK_PORT: String(meitrack),
    QUECLINK_PORT: String(queclink),
    CLOCK_START: SCENE_START,
    ...options.env,
  };
  const serverDir = path.join(REPO_ROOT, 'server');
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  const compiled = options.compiled ?? process.env.E2E_SERVER === 'compiled';
  const [command, args] = compiled
    ? [process.execPath, [...SERVER_NODE_FLAGS, await buildServer()]]
    : [tsx, ['--conditions=source', 'src/main.ts']];
  const child = spawn(command, args, {
    cwd: serverDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );

  const stop = async () => {
    if (exit === null && child.pid) {
      // The process group: tsx runs the server in a child process of its own.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, options.startTimeoutMs ?? 60000, () => exit);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  const health = async () =>
    (await (await fetch(`${url}/api/health`)).json()) as {
      time: string;
      simulator?: { history: { done: boolean; until: string; positions: number } };
    };
  const now = async () => Date.parse((await health()).time);
  const historyWritten = async (timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const history = (await health()).simulator?.history;
      if (!history || history.done) return;
      if (Date.now() > deadline)
        throw new Error(`the simulator's history is written up to ${history.until} only`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const gateways = { osmand, teltonika, gt06, h02, meitrack, queclink };
  return { url, port, gateways, dataDir, output: () => output, now, historyWritten, stop };
}
