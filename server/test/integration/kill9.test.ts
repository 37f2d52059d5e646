// kill -9 durability (issue 9, ARCHITECTURE.md §5): the server runs as a child process, a
// Teltonika device streams records and notes which packets were acknowledged, the server is
// killed with SIGKILL mid-stream and restarted on the same data, and every acknowledged record
// is stored exactly once; unacknowledged ones at most once, and exactly once after the device
// resends them as a real one does. Runs on SQLite, or PostgreSQL with TEST_DATABASE=postgres.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server';
import { Device, steadyDrive } from '../support/teltonika-device';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const BATCH = 5;
/** Packets sent ahead of their acks, as a device with a backlog does. */
const WINDOW = 4;
/** Acknowledged packets before the kill. */
const ACKED_BEFORE_KILL = 30;

/** Reads the server's database directly, whichever engine it is on. */
async function openReader(tdb: TestDatabase) {
  if (tdb.databaseUrl) {
    const client = new pg.Client({ connectionString: tdb.databaseUrl });
    await client.connect();
    return {
      async rows(sql: string, params: unknown[] = []): Promise<any[]> {
        let n = 0;
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new SQLite(path.join(tdb.dataDir, 'portal.sqlite'), { readonly: true });
  return {
    async rows(sql: string, params: unknown[] = []): Promise<any[]> {
      return db.prepare(sql).all(...params);
    },
    async close() {
      db.close();
    },
  };
}

const T0 = Date.now() - 3600_000;
const { packet, timesOf } = steadyDrive(T0, BATCH);

let tdb: TestDatabase | null = null;
let server: ChildServer | null = null;
afterAll(async () => {
  await server?.stop();
  await tdb?.drop();
});

describe('kill -9 while a device streams', () => {
  it('finds every acknowledged record stored exactly once after a restart', async () => {
    tdb = await createTestDatabase('fleet_kill9');
    const opts = { dataDir: tdb.dataDir, databaseUrl: tdb.databaseUrl };
    server = await startChildServer(opts);

    let reader = await openReader(tdb);
    const [unit] = await reader.rows(
      "select uid, device_id from units where protocol = 'teltonika' and active = 1 order by uid",
    );
    await reader.close();
    expect(unit, 'a demo unit with a Teltonika IMEI').toBeDefined();

    // Stream with a window of packets in flight; acks arrive in order, one per packet. The kill
    // goes out the moment an ack arrives, so an ack sent ahead of its commit would be caught.
    const device = await Device.connect(server.teltonikaPort, unit.device_id);
    const running = server;
    const sent: number[] = [];
    let next = 0;
    device.onAck = () => {
      if (device.acks.length !== ACKED_BEFORE_KILL) return;
      // The server answers the packets of one read together, so the window may be empty at this
      // ack: one more packet goes out just before the kill, so something is always in flight.
      device.send(packet(next));
      sent.push(next++);
      running.killNow();
    };
    while (device.acks.length < ACKED_BEFORE_KILL) {
      while (sent.length - device.acks.length < WINDOW) {
        device.send(packet(next));
        sent.push(next++);
      }
      const have = device.acks.length;
      await device.until(() => device.acks.length > have, 'an ack');
    }
    await server.kill();
    await device.until(() => device.closed, 'the connection to drop');
    const output = server.output();
    expect(
      device.acks.every((n) => n === BATCH),
      `acks ${device.acks}`,
    ).toBe(true);
    const acked = sent.slice(0, device.acks.length);
    const unacked = sent.slice(device.acks.length);
    expect(unacked.length, 'packets in flight at the kill').toBeGreaterThan(0);

    server = await startChildServer(opts);
    reader = await openReader(tdb);
    const stored = async (): Promise<Map<number, number>> => {
      const rows = await reader.rows(
        'select fix_time, count(*) as n from positions where unit_id = ? and fix_time >= ? group by fix_time',
        [unit.uid, T0],
      );
      return new Map(rows.map((r) => [Number(r.fix_time), Number(r.n)]));
    };
    let counts = await stored();
    const lost = acked.flatMap(timesOf).filter((t) => counts.get(t) !== 1);
    expect(lost, `acknowledged records not stored exactly once\n${output}`).toEqual([]);
    for (const t of unacked.flatMap(timesOf)) expect(counts.get(t) ?? 0).toBeLessThanOrEqual(1);

    // The device resends what it has no ack for; the server stores each record once.
    const again = await Device.connect(server.teltonikaPort, unit.device_id);
    for (const b of unacked) again.send(packet(b));
    await again.until(() => again.acks.length === unacked.length, 'acks of the resent packets');
    again.close();
    counts = await stored();
    const all = sent.flatMap(timesOf);
    expect(all.filter((t) => counts.get(t) !== 1)).toEqual([]);
    expect([...counts.keys()].length).toBe(all.length);
    await reader.close();
  }, 120_000);
});
