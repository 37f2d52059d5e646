// The frames a connection delivers together are stored in one submit (ingest/submit-group.ts): a
// device that streams pays one commit's worth of writes for a read, not one per frame. Each frame
// is still answered only after its records are committed, in the order the frames came; a lone
// frame is stored at once; a failed store answers none of its frames.
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../src/ingest/log';
import { gt06Session } from '../../../src/ingest/gt06-session';
import { h02Session } from '../../../src/ingest/h02-session';
import { FramePump } from '../../../src/ingest/tcp';
import { SubmitGroup } from '../../../src/ingest/submit-group';
import {
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
} from '../../../src/ingest/protocols/gt06-encode';
import { encodeGt06Reply } from '../../../src/ingest/protocols/gt06-frame';
import { GT06_GPS_LBS_2, GT06_STATUS } from '../../../src/ingest/protocols/gt06-data';
import { GT06_LOGIN } from '../../../src/ingest/protocols/gt06';
import { encodeH02Position, type H02Fix } from '../../../src/ingest/protocols/h02-encode';
import { h02StatusWord } from '../../../src/ingest/protocols/h02-status';
import type { DeviceRecord } from '../../../src/ingest/types';
import { FakeSink, fakeConnection } from './fakes';

const IMEI = '359710049095095';
const at = (i: number) => Date.UTC(2026, 10, 28, 8, 0, i * 10);
const gt06 = (serial: number) =>
  encodeGt06Location(
    { time: at(serial), lat: -26.2, lon: 28.04, speed: 40, course: 90, satellites: 9, valid: true },
    serial,
  );
const locationAnswer = (serial: number) => encodeGt06Reply(GT06_GPS_LBS_2, serial);

function gt06Pump(sink: FakeSink) {
  const conn = fakeConnection();
  const pump = new FramePump(gt06Session(conn, sink, silentLog), conn, (err) => {
    throw err;
  });
  return { conn, pump };
}

async function loggedIn(sink: FakeSink) {
  const line = gt06Pump(sink);
  line.pump.push(encodeGt06Login(IMEI, 1));
  await line.pump.idle();
  line.conn.writes.length = 0;
  return line;
}

describe('frames that arrive together', () => {
  it('are stored in one submit and answered in order, each only after the commit', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 30;
    const { conn, pump } = await loggedIn(sink);
    pump.push(Buffer.concat([gt06(2), gt06(3), gt06(4)]));
    await new Promise((r) => setTimeout(r, 10));
    expect(conn.writes, 'nothing answered before the commit').toEqual([]);
    await pump.idle();
    expect(sink.batches.map((b) => b.map((r) => r.fixTime))).toEqual([[at(2), at(3), at(4)]]);
    expect(conn.writes).toEqual([locationAnswer(2), locationAnswer(3), locationAnswer(4)]);
  });

  it('stores a lone frame at once, and what arrives during a store with the next submit', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 30;
    const { conn, pump } = await loggedIn(sink);
    pump.push(gt06(2));
    await new Promise((r) => setTimeout(r, 5));
    expect(sink.batches, 'the lone frame is not held back').toHaveLength(0);
    pump.push(gt06(3));
    pump.push(gt06(4));
    await pump.idle();
    expect(sink.batches.map((b) => b.length)).toEqual([1, 2]);
    expect(conn.writes).toEqual([locationAnswer(2), locationAnswer(3), locationAnswer(4)]);
  });

  it('answers none of the frames whose store failed, and all of them once they are stored', async () => {
    const sink = new FakeSink();
    const { conn, pump } = await loggedIn(sink);
    sink.failing = true;
    const parked = { ignition: false, voltageLevel: 4, gsm: 3, alarm: 0 };
    pump.push(Buffer.concat([gt06(2), encodeGt06Heartbeat(parked, 3), gt06(4)]));
    await pump.idle();
    expect(sink.records).toHaveLength(0);
    // The heartbeat's status is stored too: no answer leaves, the tracker sends them again.
    expect(conn.writes).toEqual([]);
    sink.failing = false;
    pump.push(Buffer.concat([gt06(2), encodeGt06Heartbeat(parked, 3), gt06(4)]));
    await pump.idle();
    expect(sink.records.map((r) => r.fixTime)).toHaveLength(3);
    expect(conn.writes).toEqual([
      locationAnswer(2),
      encodeGt06Reply(GT06_STATUS, 3),
      locationAnswer(4),
    ]);
  });

  it('stores what came before a frame that closes the connection, and answers it', async () => {
    const sink = new FakeSink();
    const { conn, pump } = await loggedIn(sink);
    // A second login of an unknown device on the same line is refused by closing it.
    sink.known = new Set([IMEI]);
    pump.push(Buffer.concat([gt06(2), encodeGt06Login('359710049099999', 3), gt06(4)]));
    await pump.idle();
    expect(conn.closed).toBe(true);
    expect(sink.records.map((r) => r.fixTime)).toEqual([at(2)]);
    expect(conn.writes).toEqual([locationAnswer(2)]);
  });

  it('answers a login that comes between stored packets in its turn', async () => {
    const sink = new FakeSink();
    sink.submitDelayMs = 20;
    const { conn, pump } = await loggedIn(sink);
    pump.push(Buffer.concat([gt06(2), encodeGt06Login(IMEI, 3), gt06(4)]));
    await pump.idle();
    expect(conn.writes).toEqual([
      locationAnswer(2),
      encodeGt06Reply(GT06_LOGIN, 3),
      locationAnswer(4),
    ]);
  });

  it('raises an H02 alarm again after the store of its first report failed', async () => {
    const id = '4106000826';
    const f = (i: number): H02Fix => ({
      time: at(i),
      lat: -26.2,
      lon: 28.04,
      speed: 0,
      course: 0,
      valid: true,
    });
    const sos = h02StatusWord({ ignition: true, sos: true });
    const sink = new FakeSink();
    const conn = fakeConnection();
    const pump = new FramePump(h02Session(conn, sink, silentLog), conn, (err) => {
      throw err;
    });
    const panics = (records: DeviceRecord[]) =>
      records.filter((r) => r.events.includes('panic')).map((r) => r.fixTime);
    pump.push(encodeH02Position(id, f(1), h02StatusWord({ ignition: true })));
    await pump.idle();
    sink.failing = true;
    pump.push(encodeH02Position(id, f(2), sos));
    await pump.idle();
    sink.failing = false;
    // The bit is still active in the next report: the panic is not lost with the failed store.
    pump.push(Buffer.concat([encodeH02Position(id, f(3), sos), encodeH02Position(id, f(4), sos)]));
    await pump.idle();
    expect(panics(sink.records)).toEqual([at(3)]);
  });
});

describe('SubmitGroup', () => {
  const rec = (i: number) => ({ fixTime: i }) as DeviceRecord;

  it('runs what follows the records in order, after one submit', async () => {
    const sink = new FakeSink();
    const failures: unknown[] = [];
    const group = new SubmitGroup(sink, (err) => failures.push(err));
    const order: string[] = [];
    group.then(() => order.push('before anything: at once'));
    group.add([rec(1), rec(2)], () => order.push(`stored 1-2 (${sink.records.length} committed)`));
    group.then(() => order.push('after 1-2'));
    group.add([rec(3)], () => order.push('stored 3'));
    expect(order).toEqual(['before anything: at once']);
    await group.flush();
    expect(sink.batches.map((b) => b.length)).toEqual([3]);
    expect(order).toEqual([
      'before anything: at once',
      'stored 1-2 (3 committed)',
      'after 1-2',
      'stored 3',
    ]);
    expect(failures).toEqual([]);
    await group.flush();
    expect(sink.batches, 'an empty flush submits nothing').toHaveLength(1);
  });

  it('reports a failed submit and runs only what needs no commit', async () => {
    const sink = new FakeSink();
    sink.failing = true;
    const failures: number[] = [];
    const group = new SubmitGroup(sink, (_err, records) => failures.push(records.length));
    const order: string[] = [];
    group.add([rec(1)], () => order.push('stored 1'));
    group.then(() => order.push('heartbeat answer'));
    await expect(group.flush()).resolves.toBeUndefined();
    expect(failures).toEqual([1]);
    expect(order).toEqual(['heartbeat answer']);
  });

  it('is full at GROUP_LIMIT records', () => {
    const group = new SubmitGroup(new FakeSink(), () => undefined);
    group.add(Array.from({ length: 499 }, (_, i) => rec(i)));
    expect(group.full).toBe(false);
    group.add([rec(499)]);
    expect(group.full).toBe(true);
  });
});
