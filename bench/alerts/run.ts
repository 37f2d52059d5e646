// Alert latency (npm run bench:alerts, issue 11): the time from a device frame's acknowledgement to
// the `alert` message on a logged-in user's live socket. The real server runs as a child process
// with the demo data (whose "Speeding over 120 km/h" rule watches every Full and Lite unit, 10 s of
// grace) and no simulator. A logged-in demo user holds /api/live open while OsmAnd frames drive
// units over the limit: one frame at 130 km/h starts the grace time, the next, 12 s later in fix
// time, passes it. The clock starts when the gateway answers that second frame (the fix is then
// committed with its alert) and stops when the socket delivers the rule alert. A frame at 50 km/h
// ends the episode; samples are 6 minutes of fix time apart, beyond the rule's cooldown, so each
// one is a new incident. The last line is
//   alert latency: p50 <ms> ms, p99 <ms> ms (<n> alerts)
// BENCH_SAMPLES (default 200) sizes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { demoDeviceId, DEMO_UNITS } from '../../server/src/demo/data';
import { freePort, startChildServer } from '../../server/test/support/child-server';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const KNOTS = 1 / 1.852;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
  const osmandPort = await freePort();
  const server = await startChildServer({
    dataDir,
    env: { OSMAND_PORT: String(osmandPort), LOG_LEVEL: 'error' },
  });
  try {
    const login = (await (
      await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo' }),
      })
    ).json()) as { token: string };
    // OsmAnd units of the demo fleet whose service type can trigger a speeding rule.
    const devices = DEMO_UNITS.flatMap((u, i) =>
      u.protocol === 'osmand' && ['full', 'lite', 'old_lite'].includes(u.service_type)
        ? [demoDeviceId('demo', i, 'osmand')]
        : [],
    );
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live`);
    const waiting = new Map<string, (at: number) => void>();
    socket.on('message', (raw) => {
      const at = performance.now();
      const msg = JSON.parse(String(raw)) as { type: string; alert?: Record<string, unknown> };
      if (msg.type !== 'alert' || msg.alert?.kind !== 'rule_alert' || msg.alert.type !== 'speeding')
        return;
      // The incident's start time names the sample (each sample starts at its own second).
      const done = waiting.get(String(msg.alert.time));
      waiting.delete(String(msg.alert.time));
      done?.(at);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: login.token })));
      socket.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'ready') resolve();
      });
      socket.once('error', reject);
    });

    const send = async (id: string, t: number, kmh: number, lat: number) => {
      const q = new URLSearchParams({
        id,
        lat: lat.toFixed(6),
        lon: '28.0473',
        timestamp: String(Math.floor(t / 1000)),
        speed: (kmh * KNOTS).toFixed(1),
        bearing: '0',
        ignition: 'true',
      });
      const res = await fetch(`http://127.0.0.1:${osmandPort}/?${q}`, { method: 'POST' });
      if (res.status !== 200) throw new Error(`frame of ${id}: HTTP ${res.status}`);
    };

    const start = Date.now() - SAMPLES * 6 * 60_000 - 3_600_000;
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const id = devices[i % devices.length];
      const t = start + Math.floor(i / devices.length) * devices.length * 6 * 60_000 + i * 1000;
      const lat = -26.2 + (i % 50) * 0.001;
      await send(id, t, 130, lat);
      const fired = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no alert for ${id} in 10 s`)), 10_000);
        waiting.set(new Date(t).toISOString(), (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      await send(id, t + 12_000, 131, lat + 0.0001);
      const acked = performance.now();
      latencies.push((await fired) - acked);
      await send(id, t + 24_000, 50, lat + 0.0002);
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    console.log(
      `alert latency: p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms (${latencies.length} alerts)`,
    );
    socket.close();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
