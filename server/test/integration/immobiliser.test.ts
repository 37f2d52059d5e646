// The immobiliser over real TCP (issue 13 item 6): a command for an offline device waits and goes
// out when it connects; an immobilise waits while the vehicle moves faster than 10 km/h; the state
// shown is what the device confirmed (its Codec 12 / GT06 reply, or DOUT1 in a later record); a
// command sent on a dropped connection is not applied twice; OsmAnd units, other clients' units and
// users without the role are refused with nothing stored and nothing sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_COMMAND_CHANNEL } from '@fleet/common';
import type { RunningGateways } from '../../src/ingest/gateways';
import type { CommandDispatcher } from '../../src/ingest/commands';
import { addMissingDemoCommands } from '../../src/demo/seed-commands';
import { createTestApp, type TestApp } from '../support/test-app';
import { FakeGt06, FakeTeltonika, startCommandGateways } from '../support/command-devices';
import { sleep } from '../unit/gateways/client';

let t: TestApp;
let gw: RunningGateways;
let dispatcher: CommandDispatcher;
let demo: string;
const units: Record<'teltonika' | 'gt06' | 'osmand', { uid: number; device_id: string }> =
  {} as never;
let otherUid: number;
const open: { close(): void }[] = [];

const db = () => t.running.services.db.db;

async function unitOf(protocol: string, username = 'demo') {
  const user = await db()
    .selectFrom('users')
    .select('client_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return db()
    .selectFrom('units')
    .select(['uid', 'device_id'])
    .where('client_id', '=', user.client_id)
    .where('protocol', '=', protocol)
    .where('device_id', 'is not', null)
    .orderBy('uid')
    .executeTakeFirstOrThrow() as Promise<{ uid: number; device_id: string }>;
}

async function state(uid = units.teltonika.uid) {
  const r = await t.task(demo, 'get_immobiliser', { uid });
  expect(r.result).toBe(0);
  return r.data;
}

const stepsOf = (history: { step: string; command_id: number }[], id: number) =>
  history.filter((h) => h.command_id === id).map((h) => h.step);

beforeAll(async () => {
  t = await createTestApp();
  ({ gw, dispatcher } = await startCommandGateways(t, { teltonika: true, gt06: true }));
  demo = await t.login('demo');
  units.teltonika = await unitOf('teltonika');
  units.gt06 = await unitOf('gt06');
  units.osmand = await unitOf('osmand');
  otherUid = (await unitOf('osmand', 'other')).uid;
});

afterAll(async () => {
  open.forEach((d) => d.close());
  dispatcher?.close();
  await gw?.close();
  await t?.close();
});

beforeEach(async () => {
  open.splice(0).forEach((d) => d.close());
  await sleep(50);
  // A standing vehicle unless a test drives it.
  await db().updateTable('unit_state').set({ speed: 0 }).execute();
});

async function teltonika() {
  const d = await FakeTeltonika.connect(gw.ports.teltonika!, units.teltonika.device_id);
  open.push(d);
  return d;
}

describe('immobiliser over Teltonika Codec 12', () => {
  it('queues the command of an offline device and sends it when the device connects', async () => {
    const set = await t.task(demo, 'set_immobiliser', {
      uid: units.teltonika.uid,
      mode: 'immobilise',
    });
    expect(set.result).toBe(0);
    await dispatcher.idle();
    let s = await state();
    expect(s.mode).toBe('normal');
    expect(s.pending).toMatchObject({ step: 'waiting', reason: 'offline', mode: 'immobilise' });
    expect(s.pending.message).toBe('Waiting: device offline — sent when it connects');

    const dev = await teltonika();
    expect(await dev.waitCommand()).toBe('setdigout 1');
    s = await state();
    expect(s.pending.step).toBe('sent');
    expect(s.mode).toBe('normal');

    dev.reply('DOUT1:1 Timeout:INFINITY DOUT2:0 Timeout:INFINITY');
    await waitFor(async () => (await state()).mode === 'immobilise');
    s = await state();
    expect(s.pending).toBeNull();
    expect(s.confirmed).not.toBeNull();
    const id = s.history[0].command_id;
    expect(stepsOf(s.history, id)).toEqual(['confirmed', 'sent', 'waiting', 'asked']);
    expect(s.history[0].detail).toContain('DOUT1:1');

    const logs = await db()
      .selectFrom('change_logs')
      .select(['entity_type', 'description'])
      .where('entity_type', '=', 'Immobiliser')
      .where('entity_id', '=', String(units.teltonika.uid))
      .execute();
    const said = logs.map((l) => l.description).join('\n');
    for (const step of ['asked', 'waiting', 'sent', 'confirmed']) {
      expect(said).toContain(`Immobilise ${step}`);
    }
  });

  it('does not cut off a vehicle at 54 km/h: the command waits and goes at 8 km/h', async () => {
    const dev = await teltonika();
    await dev.record(54, 0);
    await waitFor(async () => (await state()).connected === true);
    const before = dev.commands.length;
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'immobilise' });
    await dispatcher.idle();
    const s = await state();
    expect(s.pending.message).toBe('Waiting: moving at 54 km/h — sent when below 10 km/h');
    await sleep(300);
    expect(dev.commands.length).toBe(before);

    await dev.record(8, 0);
    expect(await dev.waitCommand(before + 1)).toBe('setdigout 1');
    dev.reply('DOUT1:1 Timeout:INFINITY');
    await waitFor(async () => (await state()).pending === null);
    expect((await state()).mode).toBe('immobilise');
  });

  it('takes the output state of a later record as the confirmation', async () => {
    const dev = await teltonika();
    await dev.record(0, 1);
    const before = dev.commands.length;
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'mobilise' });
    expect(await dev.waitCommand(before + 1)).toBe('setdigout 0');
    await dev.record(0, 0);
    await waitFor(async () => (await state()).mode === 'mobilise');
    const s = await state();
    expect(s.history[0]).toMatchObject({
      step: 'confirmed',
      detail: 'device reports output DOUT1=0',
    });
  });

  it('after a dropped connection, confirms from the records without sending again', async () => {
    let dev = await teltonika();
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'immobilise' });
    expect(await dev.waitCommand()).toBe('setdigout 1');
    dev.close(); // dropped before it answered; the relay did switch
    await sleep(100);
    dev = await teltonika();
    await dev.record(0, 1);
    await waitFor(async () => (await state()).mode === 'immobilise');
    await sleep(1000); // past the reconnect grace: still nothing resent
    expect(dev.commands).toEqual([]);
    const s = await state();
    const id = s.history[0].command_id;
    expect(stepsOf(s.history, id)).toEqual(['confirmed', 'sent', 'asked']);
  });

  it('resends once when the records show it was not applied, and a late duplicate reply adds nothing', async () => {
    let dev = await teltonika();
    await dev.record(0, 1);
    const first = dev.commands.length;
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'mobilise' });
    expect(await dev.waitCommand(first + 1)).toBe('setdigout 0');
    dev.close();
    await sleep(100);
    dev = await teltonika();
    await dev.record(0, 1); // still immobilised: the command never arrived
    expect(await dev.waitCommand(1)).toBe('setdigout 0');
    dev.reply('DOUT1:0 Timeout:INFINITY');
    dev.reply('DOUT1:0 Timeout:INFINITY'); // the same answer again, late
    await waitFor(async () => (await state()).mode === 'mobilise');
    await sleep(300);
    await dispatcher.idle();
    expect(dev.commands).toEqual(['setdigout 0']);
    const s = await state();
    const id = s.history[0].command_id;
    expect(stepsOf(s.history, id)).toEqual(['confirmed', 'sent', 'sent', 'asked']);
  });

  it('fails a command the device never answers, after one resend', async () => {
    const dev = await teltonika();
    await dev.record(0, 0);
    const before = dev.commands.length;
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'immobilise' });
    expect(await dev.waitCommand(before + 1)).toBe('setdigout 1');
    expect(await dev.waitCommand(before + 2)).toBe('setdigout 1');
    await waitFor(async () => (await state()).pending === null, 6000);
    const s = await state();
    expect(s.history[0]).toMatchObject({ step: 'failed', detail: 'no answer from the device' });
    expect(s.mode).not.toBe('immobilise');
  });

  it('a newer command replaces an older one that was not sent yet', async () => {
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'immobilise' });
    await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'normal' });
    await dispatcher.idle();
    const s = await state();
    expect(s.pending).toMatchObject({ mode: 'normal', step: 'waiting' });
    expect(s.history.some((h: { step: string }) => h.step === 'superseded')).toBe(true);
    const dev = await teltonika();
    expect(await dev.waitCommand()).toBe('setdigout 0');
    await sleep(200);
    expect(dev.commands).toEqual(['setdigout 0']);
    dev.reply('DOUT1:0');
    await waitFor(async () => (await state()).mode === 'normal');
  });
});

describe('immobiliser over GT06', () => {
  it('sends Relay,1# with the command id as server flag and confirms from the 0x15 answer once', async () => {
    const dev = await FakeGt06.connect(gw.ports.gt06!, units.gt06.device_id);
    open.push(dev);
    await t.task(demo, 'set_immobiliser', { uid: units.gt06.uid, mode: 'immobilise' });
    const cmd = await dev.waitCommand();
    expect(cmd.text).toBe('Relay,1#');
    dev.reply(cmd.serverFlag, 'Cut off the fuel supply: Success!', cmd.serial);
    await waitFor(async () => (await state(units.gt06.uid)).mode === 'immobilise');
    dev.reply(cmd.serverFlag, 'Cut off the fuel supply: Success!', cmd.serial);
    await sleep(200);
    await dispatcher.idle();
    const s = await state(units.gt06.uid);
    expect(stepsOf(s.history, cmd.serverFlag)).toEqual(['confirmed', 'sent', 'asked']);
  });
});

describe('refusals', () => {
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('device_commands')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('an OsmAnd unit has no command channel', async () => {
    const n = await count();
    const r = await t.task(demo, 'set_immobiliser', { uid: units.osmand.uid, mode: 'immobilise' });
    expect(r.result).toBe(1);
    expect(r.message).toBe(NO_COMMAND_CHANNEL);
    expect(await count()).toBe(n);
    expect((await state(units.osmand.uid)).supported).toBe(false);
  });

  it("another client's unit is not found and a user without the role is refused; nothing stored or sent", async () => {
    const dev = await teltonika();
    const n = await count();
    const other = await t.task(demo, 'set_immobiliser', { uid: otherUid, mode: 'immobilise' });
    expect(other).toMatchObject({ result: 1, message: 'Unit not found' });
    const recovery = await t.login('recovery');
    const denied = await t.task(recovery, 'set_immobiliser', {
      uid: units.teltonika.uid,
      mode: 'immobilise',
    });
    expect(denied.result).toBe(3);
    const bad = await t.task(demo, 'set_immobiliser', { uid: units.teltonika.uid, mode: 'off' });
    expect(bad.result).toBe(1);
    expect(bad.message).toMatch(/mode/);
    await sleep(300);
    expect(await count()).toBe(n);
    expect(dev.commands).toEqual([]);
  });
});

describe('the demo', () => {
  it('has a bakkie immobilised with its history and two buzzer limits; seeding again adds nothing', async () => {
    const uidOf = async (name: string) =>
      (
        await db()
          .selectFrom('units')
          .select('uid')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).uid;
    const stolen = await state(await uidOf('Isuzu D-Max PRE-02'));
    expect(stolen).toMatchObject({ mode: 'immobilise', pending: null });
    expect(stolen.confirmed).not.toBeNull();
    expect(stolen.history.map((h: { step: string }) => h.step)).toEqual([
      'confirmed',
      'sent',
      'waiting',
      'asked',
    ]);
    expect(stolen.history[2].detail).toBe('Waiting: moving at 62 km/h — sent when below 10 km/h');
    for (const [name, limit] of [
      ['Toyota Hilux JOH-01', 100],
      ['Marcopolo Bus JOH-37', 90],
    ] as const) {
      const buzzer = (await t.task(demo, 'get_speed_buzzer', { uid: await uidOf(name) })).data;
      expect(buzzer).toMatchObject({ limit, asked_limit: limit, pending: null });
    }
    const commands = () =>
      db()
        .selectFrom('device_commands')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const before = await commands();
    await addMissingDemoCommands(db());
    expect(await commands()).toBe(before);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(30);
  }
}
