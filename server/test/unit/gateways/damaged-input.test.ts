// Gateways over real sockets fed damaged input on one connection while devices on other
// connections keep reporting (issue 9): the bad connection is closed (Teltonika, OsmAnd) or its
// garbage skipped (GT06, protocols.md), and every other device still gets its acknowledgements.
import fc from 'fast-check';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateways, type RunningGateways } from '../../../src/ingest/gateways';
import { silentLog } from '../../../src/ingest/log';
import { encodeGt06Location, encodeGt06Login } from '../../../src/ingest/protocols/gt06-encode';
import { encodeGt06Reply, GT06_LOGIN } from '../../../src/ingest/protocols/gt06';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import {
  applyMutation,
  fixGt06Crc,
  fixTeltonikaCrc,
  gt06LengthFields,
  gt06Seeds,
  mutation,
  teltonikaLengthFields,
  teltonikaSeeds,
} from '../protocols/fuzz-frames';
import { connect, type TestClient } from './client';
import { FakeSink } from './fakes';

const T = Date.UTC(2026, 10, 21, 10, 0, 0);
const rec = (i: number): AvlRecord => ({
  time: T + i * 1000,
  lat: -26.2,
  lon: 28.04 + i / 10000,
  course: 90,
  speed: 50,
  satellites: 9,
});
const gt06Fix = (i: number) => ({
  time: T + i * 1000,
  lat: -33.92,
  lon: 18.42,
  speed: 40,
  course: 90,
  satellites: 8,
  valid: true,
});

const sink = new FakeSink();
let gateways: RunningGateways;
beforeAll(async () => {
  gateways = await startGateways(
    {
      osmandPort: 'ephemeral',
      teltonikaPort: 'ephemeral',
      gt06Port: 'ephemeral',
      idleTimeoutMs: 10_000,
      host: '127.0.0.1',
    },
    sink,
    silentLog,
  );
});
afterAll(() => gateways.close());

async function teltonikaDevice(imei: string): Promise<TestClient> {
  const c = await connect(gateways.ports.teltonika!);
  c.send(encodeTeltonikaImei(imei));
  await c.waitBytes(1);
  return c;
}

/** Sends one record and waits for its 4-byte ack. */
async function report(c: TestClient, i: number): Promise<void> {
  const before = c.received().length;
  c.send(encodeTeltonikaAvl([rec(i)]));
  const got = await c.waitBytes(before + 4);
  expect(got.subarray(before, before + 4)).toEqual(Buffer.from([0, 0, 0, 1]));
}

/** Resolves true once the server closed the connection, false if it is still open after `ms`. */
const closedWithin = (c: TestClient, ms: number) =>
  c.waitClose(ms).then(
    () => true,
    () => false,
  );

describe('Teltonika gateway under damaged input', () => {
  it('closes a connection sending garbage or a gigabyte length at once; the others keep acking', async () => {
    const good = await Promise.all(['356307042440001', '356307042440002'].map(teltonikaDevice));
    const junk = [
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'),
      Buffer.from('00000000ffffffff', 'hex'), // 4 GiB announced: refused from the header
      Buffer.from('0000000040000000088e', 'hex'),
      Buffer.from('ffff0102030405', 'hex'),
    ];
    for (const [n, bytes] of junk.entries()) {
      const bad = await teltonikaDevice('35630704244010' + n);
      bad.send(bytes);
      expect(await closedWithin(bad, 2000), bytes.toString('hex')).toBe(true);
      for (const [k, c] of good.entries()) await report(c, n * 10 + k);
    }
    good.forEach((c) => c.close());
  });

  it('damaged frames on one connection never stop acks on another', async () => {
    const seeds = teltonikaSeeds();
    const good = await teltonikaDevice('356307042440003');
    let i = 100;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...seeds), mutation, fc.boolean(), async (s, m, fix) => {
        const b = applyMutation(s, m, teltonikaLengthFields);
        const bad = await teltonikaDevice('356307042440004');
        bad.send(fix ? fixTeltonikaCrc(b) : b);
        await report(good, i++);
        bad.close();
      }),
      { numRuns: 30 },
    );
    good.close();
  });
});

describe('GT06 gateway under damaged input', () => {
  async function gt06Device(imei: string): Promise<TestClient> {
    const c = await connect(gateways.ports.gt06!);
    c.send(encodeGt06Login(imei, 1));
    await c.waitBytes(encodeGt06Reply(GT06_LOGIN, 1).length);
    return c;
  }
  async function locate(c: TestClient, i: number): Promise<void> {
    const before = c.received().length;
    const reply = encodeGt06Reply(0x22, i);
    c.send(encodeGt06Location(gt06Fix(i), i));
    const got = await c.waitBytes(before + reply.length);
    expect(got.subarray(before, before + reply.length)).toEqual(reply);
  }

  it('skips garbage and damaged frames on one connection, and cuts it off when it floods; the device reconnects; others keep replies', async () => {
    const seeds = gt06Seeds();
    const good = await gt06Device('868120300000001');
    const bad = await gt06Device('868120300000002');
    let i = 10;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        mutation,
        fc.boolean(),
        fc.uint8Array({ maxLength: 200 }),
        async (s, m, fix, noise) => {
          const b = applyMutation(s, m, gt06LengthFields);
          bad.send(Buffer.concat([Buffer.from(noise), fix ? fixGt06Crc(b) : b]));
          await locate(good, i++);
        },
      ),
      { numRuns: 30 },
    );
    // A damaged long header may have left the framer waiting for up to 64 KiB; 70 KB of nothing
    // but noise after it is a flood, not a damaged frame: the line is cut (and counted), the
    // device reconnects and is served, and the other device never noticed.
    bad.send(Buffer.alloc(70_000, 0x20));
    await bad.waitClose();
    expect(gateways.stats().gt06?.garbageFloods).toBe(1);
    const again = await gt06Device('868120300000002');
    await locate(again, i + 1);
    await locate(good, i + 2);
    again.close();
    good.close();
    bad.close();
  });
});

describe('OsmAnd gateway under damaged input', () => {
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: gateways.ports.osmand!, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });

  it('answers raw garbage with a close, broken requests with 400, and serves the next device', async () => {
    const raw = net.connect({ host: '127.0.0.1', port: gateways.ports.osmand! });
    await new Promise((r) => raw.once('connect', r));
    const closed = new Promise<string>((resolve) => {
      let got = '';
      raw.on('data', (d) => (got += d.toString('latin1')));
      raw.on('close', () => resolve(got));
      raw.on('error', () => {});
    });
    raw.write(Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x0d, 0x0a]));
    expect(await closed).toMatch(/^HTTP\/1\.1 400|^$/);
    expect(await get('/?id=1&lat=abc&lon=2')).toBe(400);
    expect(await get('/?id=1&timestamp=' + '9'.repeat(400))).toBe(400);
    expect(await get(`/?id=DF0001&lat=-26.1&lon=28.2&timestamp=${T / 1000}`)).toBe(200);
  });
});
