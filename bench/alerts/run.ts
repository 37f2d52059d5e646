// Alert latency (npm run bench:alerts, issue 11): the time from a device frame's acknowledgement to
// the `alert` message on a logged-in user's live socket. The real server runs as a child process
// with the demo data (whose "Speeding over 120 km/h" rule watches every Full and Lite unit, 10 s of
// grace) and no simulator. A logged-in demo user holds /api/live open while OsmAnd frames drive
// units over the limit: one frame at 130 km/h starts the grace time, the next, 12 s later in fix
// time, passes it. The clock starts when the gateway answers that second frame (the fix is then
// committed with its alert) and stops when the socket delivers the rule alert. A frame at 50 km/h
// ends the episode; a unit's samples are 5.5 minutes of fix time apart, beyond the rule's cooldown,
// so each one is a new incident. The last lines are
//   frame sent to alert: p50 <ms> ms, p99 <ms> ms
//   alert latency: p50 <ms> ms, p99 <ms> ms (<n> alerts)
// (acknowledgement to alert; negative when the socket delivered the alert first).
// BENCH_SAMPLES (default 200) sizes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { DEMO_CITIES, demoDeviceId, DEMO_UNITS } from '../../server/src/demo/data';
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
    // OsmAnd units of the demo fleet whose service type can trigger a speeding rule. Each drives
    // in its own city, so no fix looks like a jump from where it was last seen, and only after its
    // last stored fix (an older one would be late data, which raises no alert).
    const units = (
      (await (
        await fetch(`${server.url}/api/call`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
          body: JSON.stringify({ requests: [{ task: 'get_unit_list_full', parameters: {} }] }),
        })
      ).json()) as {
        responses: { data: { units: { name: string; position: { datetime: string } | null }[] } }[];
      }
    ).responses[0].data.units;
    const lastFix = new Map(
      units.map((u) => [u.name, u.position ? Date.parse(u.position.datetime) : 0]),
    );
    const now = Date.now();
    const devices = DEMO_UNITS.flatMap((u, i) =>
      u.protocol === 'osmand' && ['full', 'lite', 'old_lite'].includes(u.service_type)
        ? [
            {
              id: demoDeviceId('demo', i, 'osmand'),
              city: DEMO_CITIES[u.city],
              next:
                Math.ceil(
                  (Math.max(lastFix.get(u.name) ?? 0, now - 6 * 3_600_000) + 60_000) / 1000,
                ) * 1000,
            },
          ]
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

    const send = async (
      { id, city }: (typeof devices)[number],
      t: number,
      kmh: number,
      north: number,
    ) => {
      const q = new URLSearchParams({
        id,
        lat: (city.lat + north).toFixed(6),
        lon: city.lon.toFixed(6),
        timestamp: String(Math.floor(t / 1000)),
        speed: (kmh * KNOTS).toFixed(1),
        bearing: '0',
        ignition: 'true',
      });
      const res = await fetch(`http://127.0.0.1:${osmandPort}/?${q}`, { method: 'POST' });
      if (res.status !== 200) throw new Error(`frame of ${id}: HTTP ${res.status}`);
    };

    const latencies: number[] = [];
    const fromFrame: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // The device with the most room before now; a sample takes 24 s, the next comes after the
      // rule's cooldown (300 s) so that it is a new incident.
      const device = devices.reduce((a, b) => (b.next < a.next ? b : a));
      const t = device.next;
      if (t + 30_000 > Date.now()) throw new Error(`no room left for sample ${i + 1}`);
      device.next = t + 330_000;
      const north = (i % 50) * 0.001;
      await send(device, t, 130, north);
      const fired = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no alert for ${device.id} in 10 s`)),
          10_000,
        );
        waiting.set(new Date(t).toISOString(), (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
      const sent = performance.now();
      await send(device, t + 12_000, 131, north + 0.0001);
      const acked = performance.now();
      const at = await fired;
      latencies.push(at - acked);
      fromFrame.push(at - sent);
      await send(device, t + 24_000, 50, north + 0.0002);
    }
    const pct = (xs: number[], p: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
    };
    // The alert is published as the batch commits, the acknowledgement after it: the socket often
    // delivers the alert before the gateway's answer reaches the device, which reads as a negative
    // latency. The time from sending the frame is printed too.
    console.log(
      `frame sent to alert: p50 ${pct(fromFrame, 0.5)} ms, p99 ${pct(fromFrame, 0.99)} ms`,
    );
    console.log(
      `alert latency: p50 ${pct(latencies, 0.5)} ms, p99 ${pct(latencies, 0.99)} ms (${latencies.length} alerts)`,
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
