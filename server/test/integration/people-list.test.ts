// People (issue 12) through /api/call, read: the list's paging, sorting and filters done in SQL,
// the vehicle a driver drives, and the contact list by rank. Writes: people-write.test.ts.
import { describe, expect, it } from 'vitest';
import type { Person } from '@fleet/common';
import { insertPerson } from '../support/people';
import {
  t,
  demo,
  other,
  demoCid,
  db,
  list,
  names,
  create,
  usePeopleApp,
} from '../support/people-suite';

usePeopleApp();

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
