// People (issue 12) through /api/call, written: one person created and edited with every bad
// input refused and nothing stored, driver tags unique in the client (in any spelling), deletion
// as role 11 (row and history kept, never shown again to anyone), change-log rows I/E/D, the
// people_changed message and roles. Reads: people-list.test.ts.
import { describe, expect, it } from 'vitest';
import type { Person } from '@fleet/common';
import {
  t,
  demo,
  lite,
  demoCid,
  otherPid,
  db,
  peopleRows,
  changeLogs,
  list,
  names,
  create,
  usePeopleApp,
} from '../support/people-suite';

usePeopleApp();

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
