// People (drivers and contacts): the read side the tracking pages need.
import { sql } from 'kysely';
import { PERSON_ROLE_DELETED, PERSON_ROLE_DRIVER } from '@fleet/common';
import { json } from '../db';
import { defineTask } from './registry';
import { listAnswer, pageOf } from './paging';
import type { TaskContext } from './context';

const getPeople = defineTask({
  name: 'get_people',
  roles: ['feature_drivers_view', 'feature_driver_trips', 'feature_dashboard', 'user_support'],
  probe: () => ({ page_size: 500 }),
  async handler(ctx, p) {
    let q = ctx.tenant.selectFrom('people');
    if (p.search) {
      const like = `%${p.search.toLowerCase()}%`;
      q = q.where((eb) =>
        eb.or([eb(sql`lower(first_name)`, 'like', like), eb(sql`lower(surname)`, 'like', like)]),
      );
    }
    const rows = await q.selectAll().orderBy('rank').orderBy('first_name').execute();
    const people = rows
      .map((r) => ({
        ...r,
        roles: json.parse<number[]>(r.roles, []),
        contact_roles: json.parse<string[]>(r.contact_roles, []),
      }))
      // SPEC §6: role 11 (DELETED) must never be displayed.
      .filter((r) => !r.roles.includes(PERSON_ROLE_DELETED))
      .filter((r) => !p.drivers_only || r.roles.includes(PERSON_ROLE_DRIVER))
      .map((r) => ({
        pid: r.pid,
        title: r.title,
        first_name: r.first_name,
        surname: r.surname,
        name: `${r.first_name} ${r.surname}`.trim(),
        rank: r.rank,
        roles: r.roles,
        contact_roles: r.contact_roles,
        is_driver: r.roles.includes(PERSON_ROLE_DRIVER),
        email: r.email,
        cellphone: r.cellphone,
        licence_class: r.licence_class,
        licence_expiry: null,
        prdp_expiry: null,
        driver_tag: r.driver_tag,
        current_vehicle: null,
      }));
    const { limit, offset } = pageOf(p);
    return listAnswer('people', people.slice(offset, offset + limit), people.length, p.page_size);
  },
});

export const peopleTasks = [getPeople];

/** Display names of the given people visible to the user, by pid. */
export async function peopleNames(
  ctx: TaskContext,
  ids: (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await ctx.tenant
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname'])
    .where('pid', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.pid, `${r.first_name} ${r.surname}`.trim()]));
}
