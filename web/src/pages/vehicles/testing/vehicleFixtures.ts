// Vehicles, labels and fleets as the server answers them, and a fake of the fleet record tasks
// that keeps what the writes do, for the vehicle, fleet and label page tests.
import { expect } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Fleet, Tag, Vehicle } from '@fleet/common';
import { mockApi, type TaskHandler } from '../../../test/mockApi';
import { UNITS } from '../../rules/testing/ruleFixtures';

export function vehicleOf(uid: number, name: string, extra: Partial<Vehicle> = {}): Vehicle {
  return {
    uid,
    name,
    reg: `REG ${uid}`,
    icon_colour: '#1565c0',
    icon_type: 0,
    vehicle_class_ref: 'sedan',
    unit_type: 'Wired',
    service_type: 'full',
    make: 'Toyota',
    model: 'Corolla',
    year: 2019,
    vin: '',
    colour: 'White',
    fuel_type: 'petrol',
    tank_size: 50,
    driver: null,
    current_driver: null,
    tags: [],
    fleets: [],
    display: true,
    active: 1,
    stock_status: 0,
    device_id: null,
    protocol: null,
    last_report: null,
    odometer: 12000,
    engine_hours: 300,
    ...extra,
  };
}

export const LABELS: Tag[] = [
  { tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false, uids: [1, 2] },
  { tgid: 8, name: 'Cold chain', colour: '#52c41a', is_global: false, uids: [3] },
  { tgid: 9, name: 'Insured', colour: '#fa8c16', is_global: true, uids: [] },
];

export const FLEETS: Fleet[] = [
  { fid: 3, name: 'North', uids: [1, 2, 3, 4, 5] },
  { fid: 4, name: 'South', uids: [6] },
];

export const DRIVERS = [
  { pid: 31, name: 'Thandi Mokoena' },
  { pid: 32, name: 'Sipho Dlamini' },
];

const page = <K extends string, T>(key: K, rows: T[], pageCount = 1) => ({
  data: { [key]: rows, count: rows.length, page_count: pageCount },
});

/** The fleet record tasks over lists the writes change; more handlers may be added. */
export function fleetApi(
  vehicles: Vehicle[],
  more: Record<string, TaskHandler> = {},
  { labels = LABELS, fleets = FLEETS }: { labels?: Tag[]; fleets?: Fleet[] } = {},
) {
  let tagList = labels.map((t) => ({ ...t }));
  let fleetList = fleets.map((f) => ({ ...f }));
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS } }),
    get_tags: () => page('tags', tagList),
    get_fleets: () => page('fleets', fleetList),
    get_people: () => page('people', DRIVERS),
    get_warnings: () => ({ data: { warnings: [] } }),
    get_vehicles: () => page('vehicles', vehicles),
    get_vehicle: (p) => {
      const v = vehicles.find((x) => x.uid === p.uid);
      return v ? { data: { vehicle: v } } : { result: 1, message: 'uid: Vehicle not found' };
    },
    set_vehicle: (p) => {
      const v = vehicles.find((x) => x.uid === p.uid)!;
      return { data: { vehicle: { ...v, ...p } } };
    },
    get_tag: (p) => {
      const t = tagList.find((x) => x.tgid === p.tgid);
      return t ? { data: { tag: t } } : { result: 1, message: 'tgid: Label not found' };
    },
    set_tag: (p) => {
      const saved: Tag = {
        tgid: p.tgid ?? 99,
        name: p.name,
        colour: p.colour ?? '#1677ff',
        is_global: p.is_global ?? false,
        uids: p.uids ?? [],
      };
      tagList = [...tagList.filter((t) => t.tgid !== saved.tgid), saved];
      return { data: { tag: saved } };
    },
    delete_tag: (p) => {
      tagList = tagList.filter((t) => t.tgid !== p.tgid);
      return { data: {} };
    },
    set_fleet: (p) => {
      const saved: Fleet = { fid: p.fid ?? 98, name: p.name, uids: p.uids ?? [] };
      fleetList = [...fleetList.filter((f) => f.fid !== saved.fid), saved].sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      return { data: { fleet: saved } };
    },
    delete_fleet: (p) => {
      fleetList = fleetList.filter((f) => f.fid !== p.fid);
      return { data: {} };
    },
    ...more,
  });
}

/** The jsdom screen of test-setup.ts: no media query matches. */
const narrowMedia = window.matchMedia;

/** A wide screen (for vi.stubGlobal('matchMedia', …)): every responsive column shows. */
export function wideScreenMedia(query: string) {
  return { ...narrowMedia(query), matches: query.includes('min-width') };
}

/** The first render loads the lazy page and antd under jsdom: slow on a busy machine. */
export const FIRST_RENDER = { timeout: 30_000 };

/** Opens a Select by its label and clicks the option showing `option`. */
export async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter(
      (o) => o.textContent === option,
    );
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1] as HTMLElement;
  });
  fireEvent.click(choice);
}
