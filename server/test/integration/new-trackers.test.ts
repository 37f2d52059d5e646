// The trackers of issue 18 end to end: the simulator's H02, Meitrack and Queclink trackers and a
// Teltonika FMB on UDP, against the real gateways, pipeline and command dispatcher on the demo
// database. A panic becomes the vehicle's event and a new chase-up for the recovery desk; an
// immobilise asked on the vehicle's page reaches the tracker in its own protocol, cuts its relay,
// and is shown confirmed from the tracker's answer, which is also in the vehicle's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import type { CommandDispatcher } from '../../src/ingest/commands';
import type { RunningGateways } from '../../src/ingest/gateways';
import { silentLog } from '../../src/ingest/log';
import type { Protocol } from '../../src/ingest/types';
import type { SimCommand, SimDevice } from '../../src/sim/device';
import { H02Device } from '../../src/sim/h02-device';
import { MeitrackDevice } from '../../src/sim/meitrack-device';
import { QueclinkDevice } from '../../src/sim/queclink-device';
import { TeltonikaUdpDevice } from '../../src/sim/teltonika-udp-device';
import type { SimEvent, SimReport } from '../../src/sim/vehicle';
import { startCommandGateways } from '../support/command-devices';
import { sleep } from '../unit/gateways/client';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let gw: RunningGateways;
let dispatcher: CommandDispatcher;
let demo: string;
const devices: SimDevice[] = [];
const db = () => t.running.services.db.db;
const TIMINGS = { ackTimeoutMs: 1000, reconnectMs: 200 };

type NewProtocol = 'h02' | 'meitrack' | 'queclink';
const MAKE: Record<NewProtocol, (id: string, port: number) => SimDevice> = {
  h02: (id, port) => new H02Device(id, '127.0.0.1', port, silentLog, TIMINGS),
  meitrack: (id, port) => new MeitrackDevice(id, '127.0.0.1', port, silentLog, TIMINGS),
  queclink: (id, port) => new QueclinkDevice(id, '127.0.0.1', port, silentLog, TIMINGS),
};

/** The demo unit of a full-service vehicle whose tracker speaks `protocol`. */
async function unitOf(protocol: Protocol) {
  return db()
    .selectFrom('units')
    .innerJoin('users', 'users.client_id', 'units.client_id')
    .select(['units.uid', 'units.device_id', 'units.name'])
    .where('users.username', '=', 'demo')
    .where('units.protocol', '=', protocol)
    .where('units.service_type', '=', 'full')
    .orderBy('units.uid')
    .executeTakeFirstOrThrow() as Promise<{ uid: number; device_id: string; name: string }>;
}

function report(event?: SimEvent, offsetMs = -5_000): SimReport {
  return {
    time: Math.floor((now() + offsetMs) / 1000) * 1000,
    lat: -26.1076,
    lon: 28.0567,
    speed: 0,
    course: 90,
    altitude: 1600,
    satellites: 9,
    ignition: false,
    moving: false,
    odometer: 120_000_000,
    power: 12.6,
    battery: 4.1,
    event,
  };
}

/** The unit's chase-up of that type filed by this test (the demo has older ones). */
async function chaseupOf(uid: number, type: number) {
  const since = now() - 60_000;
  return until(
    () =>
      db()
        .selectFrom('chaseup_events')
        .select(['id', 'type', 'state', 'device_event_id'])
        .where('unit_id', '=', uid)
        .where('type', '=', type)
        .where('time', '>=', since)
        .executeTakeFirst(),
    `chase-up type ${type} of unit ${uid}`,
    6000,
  );
}

/** Resolves with the first value `get` gives that is not undefined. */
async function until<T>(
  get: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 6000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(25);
  }
}

const eventTypes = async (uid: number) =>
  (await db().selectFrom('device_events').select('type').where('unit_id', '=', uid).execute()).map(
    (e) => e.type,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ gw, dispatcher } = await startCommandGateways(t, {
    teltonika: true,
    h02: true,
    meitrack: true,
    queclink: true,
  }));
  demo = await t.login('demo');
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  dispatcher?.close();
  await gw?.close();
  await t?.close();
});

describe.each(['h02', 'meitrack', 'queclink'] as const)('%s tracker', (protocol) => {
  it('files a panic as an event and a new chase-up, and confirms an immobilise', async () => {
    const unit = await unitOf(protocol);
    const device = MAKE[protocol](unit.device_id, gw.ports[protocol]!);
    devices.push(device);
    const commands: SimCommand[] = [];
    device.onCommand = (c) => commands.push(c);

    device.push(report());
    device.push(report('panic', -3_000));
    const chaseup = await chaseupOf(unit.uid, 6);
    expect(chaseup).toMatchObject({ type: 6, state: 0 });
    expect(chaseup.device_event_id).not.toBeNull();
    expect(await eventTypes(unit.uid)).toContain('panic');

    const set = await t.task(demo, 'set_immobiliser', { uid: unit.uid, mode: 'immobilise' });
    expect(set.result).toBe(0);
    const confirmed = await until(async () => {
      const s = (await t.task(demo, 'get_immobiliser', { uid: unit.uid })).data;
      return s.mode === 'immobilise' && s.pending === null ? s : undefined;
    }, `${protocol} immobilise confirmed`);
    expect(commands).toContainEqual({ kind: 'output', dout1: 1 });
    expect(confirmed.history.map((h: { step: string }) => h.step)).toContain('confirmed');
    await dispatcher.idle();
    // The tracker's own words are kept with the vehicle's events.
    await until(
      async () => ((await eventTypes(unit.uid)).includes('command_reply') ? true : undefined),
      `${protocol} command reply event`,
    );
  });
});

describe('Teltonika over UDP', () => {
  it('stores an FMB’s datagrams once acknowledged and files its panic', async () => {
    const unit = await unitOf('teltonika');
    const device = new TeltonikaUdpDevice(
      unit.device_id,
      '127.0.0.1',
      gw.ports.teltonika!,
      silentLog,
      TIMINGS,
    );
    devices.push(device);
    device.push(report());
    device.push(report('panic', -3_000));
    await until(() => (device.delivered >= 2 ? true : undefined), 'UDP acks');
    // The demo's first Teltonika vehicle has a panic remote paired: its panics are the remote's.
    expect(await chaseupOf(unit.uid, 7)).toMatchObject({ state: 0 });
    expect(device.pending).toBe(0);
  });
});
