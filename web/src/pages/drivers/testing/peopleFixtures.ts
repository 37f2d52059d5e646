// People and remotes as the server answers them, and a fake of the people tasks that keeps what
// set_person, delete_person, set_remote and delete_remote do, for the driver page tests.
import type { Person, PersonDetail, Remote } from '@fleet/common';
import { mockApi, type TaskHandler } from '../../../test/mockApi';
import { UNITS } from '../../rules/testing/ruleFixtures';

export function personOf(
  pid: number,
  first: string,
  surname: string,
  extra: Partial<PersonDetail> = {},
): PersonDetail {
  return {
    pid,
    title: 'Mr',
    first_name: first,
    surname,
    name: `${first} ${surname}`,
    rank: pid,
    roles: [0, 6],
    contact_roles: [],
    is_driver: true,
    email: `${first.toLowerCase()}@example.com`,
    cellphone: '+27825550100',
    licence_class: 'B',
    licence_expiry: null,
    prdp_expiry: null,
    driver_tag: null,
    current_vehicle: null,
    id_number: '',
    licence_number: '',
    photo: null,
    default_vehicles: [],
    ...extra,
  };
}

export const PEOPLE: PersonDetail[] = [
  personOf(1, 'Sipho', 'Dlamini', {
    driver_tag: '01A4F3000012',
    current_vehicle: { uid: 1, name: 'Alpha' },
    licence_expiry: '2030-01-31',
  }),
  personOf(2, 'Thandi', 'Nkosi', { roles: [0, 2, 6, 10], contact_roles: ['fleet_manager'] }),
  personOf(3, 'Pieter', 'Botha', {
    roles: [1, 4],
    is_driver: false,
    contact_roles: ['business_owner', 'billing_accounts'],
  }),
];

export function remoteOf(id: number, remoteId: string, extra: Partial<Remote> = {}): Remote {
  return {
    id,
    remote_id: remoteId,
    uid: 1,
    unit_name: 'Alpha',
    holder: null,
    holder_name: '',
    battery_state: 'ok',
    last_press: null,
    ...extra,
  };
}

const page = <K extends string, T>(key: K, rows: T[]) => ({
  data: { [key]: rows, count: rows.length, page_count: 1 },
});

/** The people and remote tasks over lists that the writes change; more handlers may be added. */
export function peopleApi(
  people: PersonDetail[] = PEOPLE,
  remotes: Remote[] = [],
  more: Record<string, TaskHandler> = {},
) {
  let list = people.map((p) => ({ ...p }));
  let remoteList = remotes.map((r) => ({ ...r }));
  const asPerson = ({
    id_number: _i,
    licence_number: _l,
    photo: _p,
    default_vehicles: _d,
    ...p
  }: PersonDetail): Person => p;
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS } }),
    get_people: (p) =>
      page(
        'people',
        list
          .filter((x) => !p.drivers_only || x.roles.includes(6))
          .filter((x) => !p.search || x.name.toLowerCase().includes(String(p.search).toLowerCase()))
          .filter((x) => p.role === undefined || x.roles.includes(p.role))
          .map(asPerson),
      ),
    get_person: (p) => {
      const found = list.find((x) => x.pid === p.pid);
      return found ? { data: { person: found } } : { result: 1, message: 'pid: not found' };
    },
    set_person: (p) => {
      const saved = personOf(p.pid ?? 99, p.first_name, p.surname ?? '', p);
      list = [...list.filter((x) => x.pid !== saved.pid), saved];
      return { data: { person: saved } };
    },
    delete_person: (p) => {
      list = list.filter((x) => x.pid !== p.pid);
      return { data: {} };
    },
    get_contacts: () => ({ data: { contacts: list.map(asPerson) } }),
    get_driver_trips: () => ({ data: { trips: [], people: [] } }),
    get_remotes: () => ({ data: { remotes: remoteList } }),
    set_remote: (p) => {
      const unit = UNITS.find((u) => u.uid === p.uid);
      const holder = list.find((x) => x.pid === p.holder_pid);
      const saved = remoteOf(p.id ?? 50, p.remote_id, {
        uid: p.uid,
        unit_name: unit?.name ?? '',
        holder: holder ? { pid: holder.pid, name: holder.name } : null,
        holder_name: p.holder_name ?? '',
      });
      remoteList = [...remoteList.filter((r) => r.id !== saved.id), saved];
      return { data: { remote: saved } };
    },
    delete_remote: (p) => {
      remoteList = remoteList.filter((r) => r.id !== p.id);
      return { data: {} };
    },
    ...more,
  });
}
