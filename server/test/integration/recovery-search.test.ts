// The recovery desk's search box (issue 16 item 5; SPEC §7 `search`): one text across every
// client, finding units by name, registration, VIN and device identifier, clients by name and
// people by first name, surname, cellphone and e-mail; case-insensitive, best matches first
// (exact, then prefix, then a later word, then anywhere), at most `limit` of each; support staff
// only (result 3 for anyone else, also a client user given the user_support role).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@fleet/common';
import { now } from '../../src/clock';
import { hashPassword } from '../../src/auth/crypto';
import { addHandClient, addHandUnit } from '../support/hand-fleet';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let support: string;
let zebra: number;
let quagga: number;
const db = () => t.running.services.db.db;

async function setUnit(uid: number, fields: Record<string, unknown>) {
  await db().updateTable('units').set(fields).where('uid', '=', uid).execute();
}

async function addPerson(cid: number, fields: Record<string, unknown>) {
  const { pid } = await db()
    .insertInto('people')
    .values({
      client_id: cid,
      first_name: 'First',
      surname: 'Last',
      title: 'Mr',
      rank: 0,
      roles: '[0]',
      contact_roles: '[]',
      email: null,
      cellphone: null,
      licence_class: 'B',
      licence_expiry: null,
      prdp_expiry: null,
      driver_tag: null,
      created: now(),
      ...fields,
    })
    .returning('pid')
    .executeTakeFirstOrThrow();
  return pid;
}

type Hit = Record<string, any>;
async function search(q: string, limit?: number, token = support) {
  const res = await t.task(token, 'search', { q, ...(limit ? { limit } : {}) });
  expect(res.result, JSON.stringify(res)).toBe(0);
  return res.data.search as { units: Hit[]; clients: Hit[]; people: Hit[] };
}

beforeAll(async () => {
  t = await createTestApp();
  support = await t.login('support');
  const at = now();
  zebra = await addHandClient(db(), 'Zebra Haulage', [], at);
  quagga = await addHandUnit(db(), zebra, { name: 'Quagga Runner' }, at);
  await setUnit(quagga, {
    reg: 'QX 123-45 GP',
    vin: 'VINQUAGGA12345678',
    device_id: '359999000111222',
    service_type: 'backup',
  });
  for (const name of ['Bikestrela', 'Red Kestrel', 'Kestrel Two', 'Kestrel'])
    await addHandUnit(db(), zebra, { name }, at);
  await addPerson(zebra, {
    first_name: 'Xolani',
    surname: 'Quagmire',
    cellphone: '083 765 4321',
    email: 'XQ@Zebra.example',
  });
  await addPerson(zebra, {
    first_name: 'Gone',
    surname: 'Quagmire',
    roles: '[0,11]',
    cellphone: '0831111111',
  });
}, 120_000);
afterAll(() => t.close());

describe('search', () => {
  it('finds a unit by its name, registration, VIN and device identifier, any case', async () => {
    for (const q of [
      'quagga',
      'QUAGGA RUN',
      'qx 123',
      'qx12345',
      'vinquagga',
      'a12345678',
      '3599990001',
      '0111222',
    ]) {
      const { units } = await search(q);
      const hit = units.find((u) => u.uid === quagga);
      expect(hit, q).toBeDefined();
      expect(hit).toEqual({
        uid: quagga,
        name: 'Quagga Runner',
        reg: 'QX 123-45 GP',
        vin: 'VINQUAGGA12345678',
        device_id: '359999000111222',
        cid: zebra,
        client_name: 'Zebra Haulage',
        service_type: 'backup',
        connected: true,
      });
    }
  });

  it('finds a client by its name, with its unit count', async () => {
    const { clients } = await search('zebra haul');
    expect(clients).toEqual([{ cid: zebra, name: 'Zebra Haulage', state: 1, unit_count: 5 }]);
  });

  it('finds people by first name, surname, cellphone and e-mail, never a deleted one', async () => {
    for (const q of [
      'xolani',
      'QUAGMIRE',
      'xolani quag',
      '083 765',
      '0837654321',
      '+27 83 765 4321',
      '765-4321',
      'xq@zebra',
    ]) {
      const { people } = await search(q);
      expect(
        people.map((p) => `${p.first_name} ${p.surname} (${p.client_name})`),
        q,
      ).toEqual(['Xolani Quagmire (Zebra Haulage)']);
      expect(people[0]).toMatchObject({
        cid: zebra,
        cellphone: '083 765 4321',
        email: 'XQ@Zebra.example',
      });
    }
    expect((await search('0831111111')).people).toEqual([]);
  });

  it('ranks an exact match first, then a prefix, then a later word, then anywhere', async () => {
    const { units } = await search('kestrel');
    expect(units.map((u) => u.name)).toEqual([
      'Kestrel',
      'Kestrel Two',
      'Red Kestrel',
      'Bikestrela',
    ]);
    // An exact registration beats a name that only starts with the text.
    const [kestrel, two] = units;
    await setUnit(kestrel.uid, { name: 'Falcon', reg: 'KES 1 GP' });
    await setUnit(two.uid, { name: 'Kes 1 GP spare' });
    const byReg = await search('kes 1 gp');
    expect(byReg.units.map((u) => u.name)).toEqual(['Falcon', 'Kes 1 GP spare']);
  });

  it('searches every client: Demo Fleet, Other Fleet and the rest', async () => {
    const { units, clients } = await search('other');
    expect(units.length).toBeGreaterThan(0);
    expect(new Set(units.map((u) => u.client_name))).toEqual(new Set(['Other Fleet']));
    expect(clients.map((c) => c.name)).toEqual(['Other Fleet']);
    const hilux = await search('toyota hilux');
    expect(hilux.units.map((u) => u.client_name)).toContain('Demo Fleet');
    const people = await search('anita');
    expect(people.people.map((p) => p.client_name)).toEqual(['Demo Fleet']);
  });

  it('answers at most `limit` of each, and nothing for a text nobody has', async () => {
    const few = await search('e', 3);
    expect(few.units).toHaveLength(3);
    expect(few.clients).toHaveLength(3);
    expect(few.people).toHaveLength(3);
    expect(await search('no such thing at all')).toEqual({ units: [], clients: [], people: [] });
    // LIKE's wildcards are taken literally.
    expect(await search('%')).toEqual({ units: [], clients: [], people: [] });
    expect((await search('_')).units).toEqual([]);
  });

  it('refuses an empty text and a limit over 50', async () => {
    expect((await t.task(support, 'search', { q: '  ' })).result).toBe(1);
    expect((await t.task(support, 'search', { q: 'a', limit: 51 })).result).toBe(1);
  });

  it('answers result 3 to anyone but support staff', async () => {
    const demo = await t.login('demo');
    expect((await t.task(demo, 'search', { q: 'hilux' })).result).toBe(3);
    // A client user given the support role still is not support staff.
    const demoCid = (
      await db()
        .selectFrom('clients')
        .select('cid')
        .where('name', '=', 'Demo Fleet')
        .executeTakeFirstOrThrow()
    ).cid;
    await db()
      .insertInto('users')
      .values({
        client_id: demoCid,
        username: 'desk-impostor',
        display_name: 'Impostor',
        email: null,
        user_type: 'full',
        roles: JSON.stringify([...DEFAULT_ROLES.full, 'user_support']),
        settings: '{}',
        ui_settings: '{}',
        password_hash: await hashPassword('desk-impostor'),
        all_units: 1,
        created: now(),
        last_login: null,
      })
      .execute();
    const impostor = await t.login('desk-impostor');
    const res = await t.task(impostor, 'search', { q: 'hilux' });
    expect(res.result).toBe(3);
    expect(res.message).toBe('Only support staff can use the recovery desk');
  });
});
