// The real server as a child process (`node --import tsx server/src/main.ts`), for tests that
// must kill it the hard way: its own free ports, a data folder or database the caller keeps
// across restarts, and SIGKILL that gives it no chance to flush or close anything.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config';

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

/**
 * The environment of a server process with only the Teltonika gateway (on `port`), on the real
 * clock: the other gateways off.
 */
export function onlyTeltonika(port: number): Record<string, string> {
  return {
    OSMAND_PORT: '0',
    GT06_PORT: '0',
    H02_PORT: '0',
    MEITRACK_PORT: '0',
    QUECLINK_PORT: '0',
    TELTONIKA_PORT: String(port),
    CLOCK_START: '',
    CLOCK_RATE: '',
  };
}

export interface ChildServer {
  url: string;
  /** Its process id (a stream consumer's holder name carries it: host:pid:random). */
  pid: number;
  teltonikaPort: number;
  /** The last lines it printed, for failure messages. */
  output(): string;
  /** SIGKILL, then waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGKILL sent synchronously (from inside an event handler, at an exact moment). */
  killNow(): void;
  /** SIGTERM (a clean shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** Whether it has ended (killed, stopped or crashed). */
  exited(): boolean;
}

export interface ChildServerOptions {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the server with the demo data, no simulator and only the Teltonika gateway. */
export async function startChildServer(opts: ChildServerOptions): Promise<ChildServer> {
  const [port, teltonikaPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    // `source`: @fleet/common from its TypeScript, as `npm run dev` runs it (no build needed).
    ['--conditions=source', '--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')],
    {
      cwd: path.join(REPO_ROOT, 'server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: opts.dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        DEMO: '1',
        SIM_UNITS: '0',
        LOG_LEVEL: 'warn',
        ...onlyTeltonika(teltonikaPort),
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (exit === null) child.kill(signal);
    await exited;
  };

  // Ready once the API answers and the gateway (started after the API) accepts connections; a
  // process of other roles once it printed that it runs.
  const roles = (opts.env?.ROLES ?? 'api,ingest,pipeline,jobs').split(',');
  const ready = async () => {
    if (roles.includes('api') && !(await healthy(url))) return false;
    if (roles.includes('ingest') && !(await accepts(teltonikaPort))) return false;
    return roles.includes('api') || out.includes('Fleet portal process running');
  };
  const deadline = performance.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exit) throw new Error(`the server exited while starting (${exit})\n${out}`);
    if (performance.now() > deadline) {
      await kill();
      throw new Error(`the server did not start in time\n${out}`);
    }
    if (await ready()) break;
    await sleep(200);
  }
  return {
    url,
    pid: child.pid!,
    teltonikaPort,
    output: () => out,
    kill: () => kill('SIGKILL'),
    killNow: () => void child.kill('SIGKILL'),
    exited: () => exit !== null,
    async stop() {
      if (exit !== null) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) await kill('SIGKILL');
    },
  };
}

/** True when the server at `url` answers /api/health with status ok. */
export async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`);
    return res.status === 200 && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

/** True when something accepts a TCP connection on the local `port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
