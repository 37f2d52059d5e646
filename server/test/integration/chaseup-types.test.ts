// Every chase-up type a tracker can raise (issue 16, "Tests that must exist"): through the real
// gateways (Teltonika and GT06 over TCP, OsmAnd over HTTP), the real pipeline and the demo
// database, each of the 24 SPEC §8 types but 4 (call-me rule alerts) and 11 (the not-connecting
// job) is created from the protocol frame that means it (docs/protocols.md "Chase-up events"),
// with its type, its unit and the state a fresh incident is filed in: 0 New, or 10 "investigate
// first" for the unit issues. The frames are built with the device-side encoders and stamped with
// the server's time (the corpus samples are years old: their chase-ups would be "too late"; the
// unit tests in server/test/unit/ingest decode them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/clock';
import { startGateways, type RunningGateways } from '../../src/ingest/gateways';
import {
  encodeGt06Alarm,
  encodeGt06Login,
  type Gt06Fix,
} from '../../src/ingest/protocols/gt06-encode';
import { encodeOsmandQuery, type OsmandFix } from '../../src/ingest/protocols/osmand-encode';
import { CODEC_8E } from '../../src/ingest/protocols/teltonika';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlIo,
  type AvlRecord,
} from '../../src/ingest/protocols/teltonika-encode';
import type { DeviceEventType, Protocol } from '../../src/ingest/types';
import { INVESTIGATE_FIRST_TYPES, RECOVERY_SERVICE_TYPES } from '../../src/recovery/limits';
import { createTestApp, type TestApp } from '../support/test-app';
import { connect, sleep, type TestClient } from '../unit/gateways/client';

let t: TestApp;
let gw: RunningGateways;
let demo: string;
const open: TestClient[] = [];
const db = () => t.running.services.db.db;

/** A frame for a device, built at send time (stamped with the server's clock). */
type Frame = (deviceId: string, time: number) => Buffer | string;

interface Case {
  type: number;
  event: DeviceEventType;
  protocol: Protocol;
  frame: Frame;
  /** The unit has a panic remote paired. */
  remote?: boolean;
}

// Teltonika: one Codec 8 Extended record made by `eventId`.
const io = (id: number, value: number, size: AvlIo['size'] = 1): AvlIo => ({ id, value, size });
const ign = (on: boolean) => io(239, on ? 1 : 0);
const telt =
  (eventId: number, ios: AvlIo[], extra: Partial<AvlRecord> = {}): Frame =>
  (_id, time) =>
    encodeTeltonikaAvl(
      [
        {
          time,
          lat: -26.1076,
          lon: 28.0567,
          course: 90,
          speed: 0,
          satellites: 10,
          eventId,
          priority: 1,
          io: ios,
          ...extra,
        },
      ],
      CODEC_8E,
    );

// GT06: a 0x16 location + status packet with an alarm code.
const still: Omit<Gt06Fix, 'time'> = {
  lat: -33.9249,
  lon: 18.4241,
  speed: 0,
  course: 0,
  satellites: 9,
  valid: true,
  ignition: false,
};
const gt06 =
  (alarm: number, fix: Partial<Gt06Fix> = {}): Frame =>
  (_id, time) => {
    const f = { ...still, ...fix, time };
    return encodeGt06Alarm(f, { ignition: f.ignition!, voltageLevel: 5, gsm: 4, alarm }, 2);
  };

// OsmAnd: the query an app sends.
const osm =
  (alarm: string, fix: Partial<OsmandFix> = {}): Frame =>
  (id, time) =>
    encodeOsmandQuery({
      id,
      time,
      lat: -29.8587,
      lon: 31.0218,
      speed: 0,
      course: 0,
      ignition: false,
      alarm,
      ...fix,
    });

const T = 'teltonika';
const G = 'gt06';
const O = 'osmand';

const CASES: Case[] = [
  { type: 1, event: 'power_cut', protocol: T, frame: telt(252, [io(252, 1)]) },
  { type: 2, event: 'low_battery', protocol: G, frame: gt06(0x0e) },
  { type: 3, event: 'tamper', protocol: G, frame: gt06(0x03) },
  {
    type: 5,
    event: 'crash',
    protocol: T,
    frame: telt(247, [io(247, 1), ign(true)], { speed: 58 }),
  },
  { type: 6, event: 'panic', protocol: G, frame: gt06(0x01, { ignition: true, speed: 40 }) },
  {
    type: 7,
    event: 'panic_remote',
    protocol: T,
    remote: true,
    frame: telt(236, [io(236, 1)], { priority: 2 }),
  },
  {
    type: 8,
    event: 'driver_id_timeout',
    protocol: T,
    frame: telt(248, [io(248, 0), ign(true)]),
  },
  {
    type: 9,
    event: 'driver_id_lost',
    protocol: O,
    frame: osm('driver_id_lost', { ignition: true, speed: 50 }),
  },
  { type: 10, event: 'gps_fault', protocol: T, frame: telt(69, [io(69, 0), io(200, 0)]) },
  { type: 12, event: 'harness_unplugged', protocol: G, frame: gt06(0x18) },
  {
    type: 13,
    event: 'supply_cut',
    protocol: T,
    frame: telt(252, [io(252, 1), io(9, 12_600, 2)]),
  },
  {
    type: 14,
    event: 'immobiliser_bypass',
    protocol: T,
    frame: telt(240, [io(179, 1), ign(true), io(240, 1)], { speed: 32 }),
  },
  { type: 14, event: 'immobiliser_fault', protocol: O, frame: osm('immobiliser_fault') },
  { type: 15, event: 'towing', protocol: G, frame: gt06(0x09, { speed: 30 }) },
  { type: 16, event: 'house_alarm', protocol: T, frame: telt(2, [io(2, 1)]) },
  {
    type: 17,
    event: 'immobiliser_line_high',
    protocol: T,
    frame: telt(3, [io(3, 1), ign(false)]),
  },
  { type: 18, event: 'gps_jamming', protocol: T, frame: telt(318, [io(318, 2)]) },
  { type: 19, event: 'gsm_jamming', protocol: T, frame: telt(249, [io(249, 1)]) },
  {
    type: 20,
    event: 'early_warning_timeout',
    protocol: O,
    frame: osm('early_warning_timeout', { ignition: true }),
  },
  {
    type: 21,
    event: 'early_warning_lost',
    protocol: O,
    frame: osm('early_warning_lost', { ignition: true, speed: 70 }),
  },
  { type: 22, event: 'crash_park_tilt', protocol: G, frame: gt06(0x23) },
  {
    type: 23,
    event: 'crash_braking',
    protocol: T,
    frame: telt(253, [io(253, 2), io(254, 150), ign(true)], { speed: 74 }),
  },
  { type: 24, event: 'crash_impact_park', protocol: T, frame: telt(247, [io(247, 1), ign(false)]) },
  // The same types from the other protocols' words (Traccar's alarm names).
  { type: 24, event: 'crash_impact_park', protocol: O, frame: osm('accident') },
  { type: 5, event: 'crash', protocol: G, frame: gt06(0x2c, { ignition: true, speed: 62 }) },
  { type: 15, event: 'towing', protocol: O, frame: osm('tow', { speed: 25 }) },
  { type: 18, event: 'gps_jamming', protocol: O, frame: osm('jamming') },
];

interface Unit {
  uid: number;
  client_id: number;
  device_id: string;
}

/** Units of clients the desk chases, with a recovery service, no remote and no chase-up yet. */
async function chasedUnits(protocol: Protocol): Promise<Unit[]> {
  const rows = await db()
    .selectFrom('units')
    .innerJoin('clients', 'clients.cid', 'units.client_id')
    .select(['units.uid', 'units.client_id', 'units.device_id'])
    .where('units.protocol', '=', protocol)
    .where('units.device_id', 'is not', null)
    .where('units.service_type', 'in', [...RECOVERY_SERVICE_TYPES])
    .where('clients.chase_up', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('remotes')
            .select('remotes.id')
            .whereRef('remotes.unit_id', '=', 'units.uid'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chaseup_events')
            .select('chaseup_events.id')
            .whereRef('chaseup_events.unit_id', '=', 'units.uid'),
        ),
      ),
    )
    .orderBy('units.uid')
    .execute();
  return rows.map((r) => ({ uid: r.uid, client_id: r.client_id, device_id: r.device_id! }));
}

/** Each case gets a unit of its protocol: round robin, so no unit sees a type twice. */
async function assignUnits(): Promise<Map<Case, Unit>> {
  const out = new Map<Case, Unit>();
  for (const protocol of [T, G, O] as const) {
    const units = await chasedUnits(protocol);
    const cases = CASES.filter((c) => c.protocol === protocol);
    expect(units.length, `chased ${protocol} units`).toBeGreaterThanOrEqual(2);
    // The remote's unit is the last one; the others take turns.
    const plain = cases.filter((c) => !c.remote);
    plain.forEach((c, i) => out.set(c, units[i % (units.length - 1)]));
    for (const c of cases.filter((c) => c.remote)) out.set(c, units[units.length - 1]);
  }
  return out;
}

async function sendTcp(c: Case, unit: Unit): Promise<void> {
  const port = c.protocol === T ? gw.ports.teltonika! : gw.ports.gt06!;
  const client = await connect(port);
  open.push(client);
  if (c.protocol === T) {
    client.send(encodeTeltonikaImei(unit.device_id));
    expect((await client.waitBytes(1))[0]).toBe(1);
  } else {
    client.send(encodeGt06Login(unit.device_id, 1));
    await client.waitBytes(10);
  }
  const before = client.received().length;
  client.send(c.frame(unit.device_id, now() - 5_000) as Buffer);
  // The ack (Teltonika: the record count; GT06: the packet's reply) leaves after the commit.
  await client.waitBytes(before + (c.protocol === T ? 4 : 10), 5_000);
  client.close();
}

async function sendHttp(c: Case, unit: Unit): Promise<void> {
  const query = c.frame(unit.device_id, now() - 5_000) as string;
  const res = await fetch(`http://127.0.0.1:${gw.ports.osmand}/?${query}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  gw = await startGateways(
    {
      osmandPort: 'ephemeral',
      teltonikaPort: 'ephemeral',
      gt06Port: 'ephemeral',
      idleTimeoutMs: 60_000,
      host: '127.0.0.1',
    },
    t.running.devices.pipeline!,
    silent,
  );
});

afterAll(async () => {
  open.forEach((c) => c.close());
  await gw?.close();
  await t?.close();
});

describe('chase-up types from the trackers’ frames', () => {
  it('creates each of the 22 device types, with its type, unit and state', async () => {
    const units = await assignUnits();
    // A paired panic remote: its unit's panics are the remote's (type 7).
    const remoteUnit = units.get(CASES.find((c) => c.remote)!)!;
    const paired = await t.task(demo, 'set_remote', {
      remote_id: 'PB-CHASE-7',
      uid: remoteUnit.uid,
    });
    expect(paired.result, JSON.stringify(paired)).toBe(0);
    await sleep(200);

    const start = now();
    for (const c of CASES) {
      const unit = units.get(c)!;
      if (c.protocol === O) await sendHttp(c, unit);
      else await sendTcp(c, unit);
    }

    const rows = await db()
      .selectFrom('chaseup_events')
      .innerJoin('device_events', 'device_events.id', 'chaseup_events.device_event_id')
      .select([
        'chaseup_events.type',
        'chaseup_events.state',
        'chaseup_events.unit_id',
        'chaseup_events.client_id',
        'device_events.type as event',
      ])
      .where('chaseup_events.created', '>=', start - 1_000)
      .execute();
    const got = (c: Case, unit: Unit) =>
      rows.filter((r) => Number(r.unit_id) === unit.uid && r.event === c.event);

    const problems: string[] = [];
    for (const c of CASES) {
      const unit = units.get(c)!;
      const state = INVESTIGATE_FIRST_TYPES.includes(c.type) ? 10 : 0;
      const found = got(c, unit).map((r) => [Number(r.type), Number(r.state), Number(r.client_id)]);
      const want = [[c.type, state, unit.client_id]];
      if (JSON.stringify(found) !== JSON.stringify(want)) {
        problems.push(
          `${c.protocol} ${c.event}: want ${JSON.stringify(want)}, got ${JSON.stringify(found)}`,
        );
      }
    }
    expect(problems).toEqual([]);

    // Every SPEC §8 type but 4 and 11 came from a frame.
    const types = new Set(CASES.map((c) => c.type));
    expect([...types].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1).filter((n) => n !== 4 && n !== 11),
    );
  }, 60_000);

  it("files the panics of a client that opted out (set_client_chase_up) as don't chase up", async () => {
    const support = await t.login('support');
    const unit = await db()
      .selectFrom('units')
      .select(['uid', 'client_id', 'device_id'])
      .where('device_id', '=', 'DF0022')
      .executeTakeFirstOrThrow();
    // Each panic a second apart (the test clock may stand still): a new event, not a resend.
    let sent = 0;
    const panic = async () => {
      const at = now() - 10_000 + 1_000 * sent++;
      const query = encodeOsmandQuery({
        id: unit.device_id!,
        time: at,
        lat: -25.7479,
        lon: 28.2293,
        speed: 0,
        course: 0,
        alarm: 'sos',
      });
      const res = await fetch(`http://127.0.0.1:${gw.ports.osmand}/?${query}`, { method: 'POST' });
      expect(res.status).toBe(200);
      const row = await db()
        .selectFrom('chaseup_events')
        .select(['state', 'type'])
        .where('unit_id', '=', unit.uid)
        .where('time', '=', Math.round(at / 1000) * 1000)
        .executeTakeFirstOrThrow();
      return [Number(row.type), Number(row.state)];
    };
    // Whatever the test above sent this unit, this one starts with no chase-up to duplicate.
    await db().deleteFrom('chaseup_events').where('unit_id', '=', unit.uid).execute();
    const set = (chase_up: boolean) =>
      t.task(support, 'set_client_chase_up', { cid: unit.client_id, chase_up });

    const off = await set(false);
    expect(off.result, off.message).toBe(0);
    expect(off.data.client.chase_up).toBe(false);
    // The pipeline hears of it on the bus (rules_changed) and reads the client's units again.
    await sleep(200);
    expect(await panic()).toEqual([6, 7]);
    const log = await db()
      .selectFrom('change_logs')
      .select(['description', 'username'])
      .where('entity_type', '=', 'Chase-up')
      .where('entity_id', '=', `client ${unit.client_id}`)
      .execute();
    expect(log).toEqual([
      expect.objectContaining({ description: 'Demo Fleet: opted out of chase-ups' }),
    ]);
    // A client's own user may not change it (result 3), and nothing changes.
    const refused = await t.task(demo, 'set_client_chase_up', {
      cid: unit.client_id,
      chase_up: true,
    });
    expect(refused.result).toBe(3);

    expect((await set(true)).data.client.chase_up).toBe(true);
    await sleep(200);
    // Back on: the next panic rings the desk again (the one filed as state 7 is nobody's incident
    // to be a duplicate of).
    expect(await panic()).toEqual([6, 0]);
  }, 60_000);
});
