// People (issue 12) through /api/call: the list's paging, sorting and filters done in SQL, one
// person, create and edit with every bad input refused and nothing stored, driver tags unique in
// the client (in any spelling), deletion as role 11 (row and history kept, never shown again to
// anyone), the contact list by rank, change-log rows I/E/D, the people_changed message and roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, PersonDetail } from '@fleet/common';
import { clientIdOf } from '../support/fleet-records';
import { insertPerson } from '../support/people';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let demo: string;
let lite: string;
let other: string;
let demoCid: number;
let otherPid: number;

const db = () => t.running.services.db.db;

async function peopleRows() {
  return db().selectFrom('people').selectAll().orderBy('pid').execute();
}

async function changeLogs(pid: number) {
  const rows = await db()
    .selectFrom('change_logs')
    .select(['action', 'entity_type', 'description'])
    .where('entity_type', '=', 'Person')
    .where('entity_id', '=', String(pid))
    .orderBy('id')
    .execute();
  return rows;
}

async function list(params: Record<string, unknown> = {}, token = demo) {
  const res = await t.task(token, 'get_people', { page_size: 500, ...params });
  expect(res.result, res.message).toBe(0);
  return res.data as { people: Person[]; count: number; page_count: number };
}

const names = (people: Person[]) => people.map((p) => p.name);

/** A new person of Demo Fleet through set_person. */
async function create(fields: Record<string, unknown>): Promise<PersonDetail> {
  const res = await t.task(demo, 'set_person', { roles: [0, 6], ...fields });
  expect(res.result, res.message).toBe(0);
  return res.data.person;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login('demo');
  lite = await t.login('lite');
  other = await t.login('other');
  demoCid = await clientIdOf(db(), 'Demo Fleet');
  otherPid = (
    await db()
      .selectFrom('people')
      .select('pid')
      .where('first_name', '=', 'Olwethu')
      .executeTakeFirstOrThrow()
  ).pid;
});
afterAll(() => t.close());

describe('the people list', () => {
  it('sorts by rank, then name, and pages in SQL with the count of every page', async () => {
    const all = await list();
    expect(all.count).toBe(12);
    // Demo ranks: drivers 0-7 in seed order, the contacts 1-4 (seed-fleet).
    expect(names(all.people).slice(0, 5)).toEqual([
      'Sipho Nkosi',
      'Anita Naidoo',
      'Thandi Mokoena',
      'David Smith',
      'Johan van der Merwe',
    ]);
    const page2 = await list({ page: 2, page_size: 5 });
    expect(page2).toMatchObject({ count: 12, page_count: 3 });
    expect(names(page2.people)).toEqual(names(all.people).slice(5, 10));
    const last = await list({ page: 3, page_size: 5 });
    expect(names(last.people)).toEqual(names(all.people).slice(10));
  });

  it('sorts by name and surname both ways, and by licence expiry with the undated last', async () => {
    const byName = names((await list({ sort: 'name' })).people);
    expect(byName[0]).toBe('Ahmed Patel');
    expect(byName).toEqual(
      [...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names((await list({ sort: 'name', order: 'desc' })).people)).toEqual(
      [...byName].reverse(),
    );
    const bySurname = (await list({ sort: 'surname' })).people.map((p) => p.surname);
    expect(bySurname[0]).toBe('Botha');
    expect(bySurname.at(-1)).toBe('van der Merwe');
    const expiry = (await list({ sort: 'licence_expiry' })).people.map((p) => p.licence_expiry);
    const dated = expiry.filter((d): d is string => d !== null);
    expect(dated).toEqual([...dated].sort());
    const desc = (await list({ sort: 'licence_expiry', order: 'desc' })).people;
    expect(desc[0].licence_expiry! >= desc[1].licence_expiry!).toBe(true);
    // Every licence day is a calendar day (stored as UTC midnight).
    for (const d of dated) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('searches first name, surname, full name, e-mail, cellphone and driver tag', async () => {
    const find = async (search: string) => names((await list({ search })).people);
    expect(await find('nkosi')).toEqual(['Sipho Nkosi']);
    expect(await find('SIPHO NK')).toEqual(['Sipho Nkosi']);
    expect(await find('thandi.mokoena@')).toEqual(['Thandi Mokoena']);
    expect(await find('a1b2c303')).toEqual(['Johan van der Merwe']);
    const cell = (await list({ search: 'Anita' })).people[0].cellphone!;
    expect(await find(cell)).toEqual(['Anita Naidoo']);
    // Wildcards are text: nobody's name has a %.
    expect(await find('%')).toEqual([]);
  });

  it('filters drivers and one role code exactly (1 is not 11, 0 is not 10)', async () => {
    expect((await list({ drivers_only: true })).count).toBe(8);
    expect((await list({ drivers_only: true })).people.every((p) => p.is_driver)).toBe(true);
    expect(names((await list({ role: 1 })).people)).toEqual(['Anita Naidoo']);
    expect(names((await list({ role: 10 })).people)).toEqual(['Kobus Steyn']);
    // A person with only role 10, and people whose role lists hold 11 spelt with spaces.
    const tenOnly = await create({ first_name: 'Tenny', surname: 'Only', roles: [10] });
    const spaced = await Promise.all(
      ['[6, 11]', '[ 11 ]', '[11,1]'].map(async (roles, i) => ({
        pid: await insertPerson(db(), demoCid, {
          first_name: `Hidden${i}`,
          surname: 'Deleted',
          roles,
          contact_roles: '["business_owner"]',
        }),
      })),
    );
    const zeros = names((await list({ role: 0 })).people);
    expect(zeros).not.toContain('Tenny Only');
    expect(zeros).toHaveLength(12);
    expect(names((await list({ role: 1 })).people)).toEqual(['Anita Naidoo']);
    for (const params of [{}, { search: 'Hidden' }, { role: 6 }, { role: 1 }]) {
      expect(names((await list(params)).people).some((n) => n.startsWith('Hidden'))).toBe(false);
    }
    for (const { pid } of spaced) {
      expect((await t.task(demo, 'get_person', { pid })).message).toBe('Person not found');
    }
    const contacts = (await t.task(demo, 'get_contacts')).data.contacts as Person[];
    expect(contacts.some((c) => c.name.startsWith('Hidden'))).toBe(false);
    await db()
      .deleteFrom('people')
      .where(
        'pid',
        'in',
        spaced.map((s) => s.pid),
      )
      .execute();
    expect((await t.task(demo, 'delete_person', { pid: tenOnly.pid })).result).toBe(0);
  });

  it('names the vehicle a driver drives: identified by the tracker first, else the default', async () => {
    const sipho = (await list({ search: 'Sipho' })).people[0];
    const unit = await db()
      .selectFrom('units')
      .select(['uid', 'name'])
      .where('driver_id', '=', sipho.pid)
      .orderBy('name')
      .executeTakeFirstOrThrow();
    expect(sipho.current_vehicle).toEqual({ uid: unit.uid, name: unit.name });
    const other = await db()
      .selectFrom('units')
      .select(['uid', 'name'])
      .where('client_id', '=', demoCid)
      .where('driver_id', '!=', sipho.pid)
      .orderBy('uid')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('unit_state')
      .set({ driver_id: sipho.pid })
      .where('unit_id', '=', other.uid)
      .execute();
    expect((await list({ search: 'Sipho' })).people[0].current_vehicle).toEqual(other);
    const detail = (await t.task(demo, 'get_person', { pid: sipho.pid })).data.person;
    expect(detail.current_vehicle).toEqual(other);
    expect(detail.default_vehicles).toContainEqual({ uid: unit.uid, name: unit.name });
    await db()
      .updateTable('unit_state')
      .set({ driver_id: null })
      .where('unit_id', '=', other.uid)
      .execute();
  });
});

describe('one person', () => {
  it('creates, reads and edits a person with change-log rows and a people_changed message', async () => {
    const published: number[] = [];
    const stop = t.running.services.bus.subscribe('people_changed', (m) =>
      published.push(m.client_id),
    );
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    const created = await create({
      title: 'Dr',
      first_name: 'Naledi',
      surname: 'Zulu',
      email: 'naledi.zulu@example.com',
      cellphone: '+27 82 555 0101',
      id_number: '9001015009087',
      licence_number: 'DL12345',
      licence_class: 'C',
      licence_expiry: '2027-03-31',
      prdp_expiry: '2026-12-01',
      driver_tag: '01:A4:F3:77',
      contact_roles: ['emergency_contact'],
      rank: 5,
      photo,
    });
    expect(created).toMatchObject({
      title: 'Dr',
      name: 'Naledi Zulu',
      roles: [0, 6],
      is_driver: true,
      licence_expiry: '2027-03-31',
      prdp_expiry: '2026-12-01',
      driver_tag: '01:A4:F3:77',
      photo,
      default_vehicles: [],
      current_vehicle: null,
    });
    const row = (await peopleRows()).find((r) => r.pid === created.pid)!;
    expect(row.licence_expiry).toBe(Date.UTC(2027, 2, 31));
    expect(published).toEqual([demoCid]);

    const edited = await t.task(demo, 'set_person', {
      pid: created.pid,
      first_name: 'Naledi',
      surname: 'Mthembu',
      roles: [8],
      licence_expiry: null,
      email: '',
    });
    expect(edited.result, edited.message).toBe(0);
    expect(edited.data.person).toMatchObject({
      name: 'Naledi Mthembu',
      roles: [8],
      is_driver: false,
      licence_expiry: null,
      email: null,
      // Fields not sent keep their values.
      rank: 5,
      contact_roles: ['emergency_contact'],
      prdp_expiry: '2026-12-01',
      driver_tag: '01:A4:F3:77',
      cellphone: '+27 82 555 0101',
      photo,
    });
    expect(await changeLogs(created.pid)).toEqual([
      { action: 'I', entity_type: 'Person', description: 'Person Naledi Zulu added' },
      {
        action: 'E',
        entity_type: 'Person',
        description: 'Person Naledi Mthembu edited (was Naledi Zulu)',
      },
    ]);
    expect(published).toEqual([demoCid, demoCid]);
    stop();
  });

  it('refuses bad input with a message naming the field, and stores nothing', async () => {
    const before = await peopleRows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ first_name: 'Bob!' }, /^first_name: must not contain/],
      [{ first_name: 'Bob', surname: 'Smith (jnr)' }, /^surname: must not contain/],
      [{ first_name: '' }, /^first_name: is required/],
      [{ first_name: 'Bob', email: 'bob@example' }, /^email: is not a valid e-mail address/],
      [{ first_name: 'Bob', email: 'bob@ex ample.com' }, /^email: /],
      [{ first_name: 'Bob', licence_expiry: '2027-02-30' }, /^licence_expiry: is not a real date/],
      [{ first_name: 'Bob', prdp_expiry: '31/12/2027' }, /^prdp_expiry: must be a date/],
      [{ first_name: 'Bob', title: 'Sir' }, /^title: /],
      [{ first_name: 'Bob', licence_class: 'Z' }, /^licence_class: is not a licence class/],
      [{ first_name: 'Bob', roles: [11] }, /^roles.0: is not a person role/],
      [{ first_name: 'Bob', contact_roles: ['owner'] }, /^contact_roles.0: /],
      [{ first_name: 'Bob', cellphone: 'call me' }, /^cellphone: /],
      [{ first_name: 'Bob', driver_tag: 'A1;B2' }, /^driver_tag: /],
      [{ first_name: 'Bob', photo: 'data:text/html;base64,PHA+' }, /^photo: /],
      // Sipho's tag, as his record spells it and as a tracker reports it.
      [
        { first_name: 'Bob', driver_tag: '0000a1b2c301' },
        /^driver_tag: already used by Sipho Nkosi$/,
      ],
      [{ first_name: 'Bob', driver_tag: '00000000A1B2C301' }, /already used by Sipho Nkosi/],
      // Another client's person answers like a person that does not exist.
      [{ pid: otherPid, first_name: 'Bob' }, /^Person not found$/],
      [{ pid: 987654, first_name: 'Bob' }, /^Person not found$/],
    ];
    for (const [params, message] of cases) {
      const res = await t.task(demo, 'set_person', params);
      expect(res.result, JSON.stringify(params)).toBe(1);
      expect(res.message).toMatch(message);
    }
    expect(await peopleRows()).toEqual(before);
    // A person keeps their own tag when edited.
    const sipho = (await list({ search: 'Sipho' })).people[0];
    const same = await t.task(demo, 'set_person', {
      pid: sipho.pid,
      first_name: 'Sipho',
      surname: 'Nkosi',
      roles: sipho.roles,
      rank: sipho.rank,
      driver_tag: '0000A1B2C301',
    });
    expect(same.result, same.message).toBe(0);
  });

  it('keeps digit-only tags, ID and licence numbers as text (a decimal RFID card)', async () => {
    const card = await create({
      first_name: 'Card',
      driver_tag: '12749884',
      id_number: '8001015009087',
      licence_number: '123456789',
    });
    expect(card).toMatchObject({
      driver_tag: '12749884',
      id_number: '8001015009087',
      licence_number: '123456789',
    });
  });

  it('answers another client’s pid exactly like a missing one, and changes nothing', async () => {
    const before = await peopleRows();
    for (const task of ['get_person', 'delete_person']) {
      const foreign = await t.task(demo, task, { pid: otherPid });
      const missing = await t.task(demo, task, { pid: 987654 });
      expect(foreign).toEqual({ ...missing, ref: foreign.ref });
      expect(foreign.message).toBe('Person not found');
    }
    expect(await peopleRows()).toEqual(before);
  });

  it('lets viewers read and only editors write', async () => {
    expect((await t.task(lite, 'get_people')).result).toBe(0);
    expect((await t.task(lite, 'get_contacts')).result).toBe(0);
    expect((await t.task(lite, 'set_person', { first_name: 'Nope' })).result).toBe(3);
    expect((await t.task(lite, 'delete_person', { pid: otherPid })).result).toBe(3);
    expect((await t.task(lite, 'import_people', { rows: [{ first_name: 'Nope' }] })).result).toBe(
      3,
    );
  });
});

describe('deleting a person', () => {
  it('marks role 11, keeps the row and its trips, frees the tag and the vehicles, hides it', async () => {
    const person = await create({ first_name: 'Gone', surname: 'Soon', driver_tag: 'BEEF0001' });
    const unit = await db()
      .selectFrom('units')
      .select(['uid', 'name'])
      .where('client_id', '=', demoCid)
      .orderBy('uid', 'desc')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('units')
      .set({ driver_id: person.pid })
      .where('uid', '=', unit.uid)
      .execute();
    const trip = await db()
      .insertInto('trips')
      .values({
        unit_id: unit.uid,
        client_id: demoCid,
        type: 0,
        start_time: Date.UTC(2025, 0, 1, 8),
        end_time: Date.UTC(2025, 0, 1, 9),
        start_lat: -26.2,
        start_lon: 28.04,
        end_lat: -26.1,
        end_lon: 28.05,
        distance: 12,
        max_speed: 80,
        duration: 3600,
        driver_id: person.pid,
        label: '',
        speed_histogram: '{}',
        open: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messages: { client_id: number; deleted_pid?: number }[] = [];
    const stop = t.running.services.bus.subscribe('people_changed', (m) => messages.push(m));
    expect((await t.task(demo, 'delete_person', { pid: person.pid })).result).toBe(0);
    stop();
    expect(messages).toEqual([{ client_id: demoCid, deleted_pid: person.pid }]);
    const row = (await peopleRows()).find((r) => r.pid === person.pid)!;
    expect(JSON.parse(row.roles)).toEqual([0, 6, 11]);
    expect(row.driver_tag).toBe(null);
    const unitRow = await db()
      .selectFrom('units')
      .select('driver_id')
      .where('uid', '=', unit.uid)
      .executeTakeFirstOrThrow();
    expect(unitRow.driver_id).toBe(null);
    const tripRow = await db()
      .selectFrom('trips')
      .select('driver_id')
      .where('id', '=', trip.id)
      .executeTakeFirstOrThrow();
    expect(tripRow.driver_id).toBe(person.pid);
    expect((await changeLogs(person.pid)).map((l) => l.action)).toEqual(['I', 'D']);

    // Never shown again: lists, search, the contact list, one person, a second delete, an edit.
    expect(names((await list()).people)).not.toContain('Gone Soon');
    expect((await list({ search: 'Gone' })).count).toBe(0);
    expect((await list({ role: 6 })).people.some((p) => p.pid === person.pid)).toBe(false);
    const contacts = (await t.task(demo, 'get_contacts')).data.contacts as Person[];
    expect(contacts.some((c) => c.pid === person.pid)).toBe(false);
    for (const [task, params] of [
      ['get_person', { pid: person.pid }],
      ['delete_person', { pid: person.pid }],
      ['set_person', { pid: person.pid, first_name: 'Back' }],
    ] as const) {
      expect((await t.task(demo, task, params)).message).toBe('Person not found');
    }
    const vehicles = await t.task(demo, 'get_vehicles', { page_size: 500 });
    if (vehicles.result === 0) expect(JSON.stringify(vehicles.data)).not.toContain('Gone Soon');
    // The tag is free for someone else.
    const heir = await create({ first_name: 'Heir', driver_tag: 'BEEF0001' });
    expect(heir.driver_tag).toBe('BEEF0001');
  });
});

describe('the contact list', () => {
  it('lists people with a contact role or a non-driver role, by rank ascending', async () => {
    const res = await t.task(demo, 'get_contacts');
    expect(res.result).toBe(0);
    const contacts = res.data.contacts as Person[];
    const ranks = contacts.map((c) => c.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(names(contacts).slice(0, 4)).toEqual([
      'Anita Naidoo',
      'David Smith',
      'Zanele Mahlangu',
      'Kobus Steyn',
    ]);
    expect(contacts[0]).toMatchObject({
      rank: 1,
      contact_roles: expect.arrayContaining(['business_owner']),
    });
    expect(contacts.find((c) => c.name === 'Kobus Steyn')!.contact_roles).toContain(
      'no_afterhours_contact',
    );
    // Drivers with no contact role are not contacts.
    expect(names(contacts)).not.toContain('Sipho Nkosi');
    // The other client's contacts are its own.
    const theirs = (await t.task(other, 'get_contacts')).data.contacts as Person[];
    expect(theirs.every((c) => !names(contacts).includes(c.name))).toBe(true);
  });
});
