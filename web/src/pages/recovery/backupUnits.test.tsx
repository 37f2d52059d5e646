// The backup units page (issue 16 item 6) against fakes of get_backup_unit_data and get_unit: each
// main unit beside its backup unit(s) with their last data, battery and power, both on the map
// (stand-ins: no WebGL), the distance between them, and a backup over 1 km from its main unit
// flagged ("main tracker may have been removed").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { mockApi, type TaskHandler } from '../../test/mockApi';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import BackupUnitsPage from './BackupUnitsPage';
import { QuietSocket, backupUnit, listUnit, unitDetail } from './views/testing/recoveryFixtures';

vi.mock('../../map', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('../tracking/live/mapControllers', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).controllerStandIns(await importOriginal()),
);

beforeEach(() => vi.stubGlobal('WebSocket', QuietSocket));
afterEach(() => vi.unstubAllGlobals());

const open = (path: string) =>
  renderPage(
    path,
    {
      path: '/recovery/backup_units/:id_list/:title',
      title: 'Backup Units',
      Component: BackupUnitsPage,
    },
    userOf('support', { username: 'sam' }),
  );
const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;
const at = (lat: number, lon = 28.04) =>
  listUnit(0, { position: { ...POSITION, lat, lon } }).position;
const POSITION = listUnit(7).position!;

function api(backups: ReturnType<typeof backupUnit>[], tasks: Record<string, TaskHandler> = {}) {
  return mockApi({
    get_backup_unit_data: () => ({ data: { backup_units: backups } }),
    get_unit: (p) => ({ data: { unit: unitDetail(p.uid) } }),
    ...tasks,
  });
}

describe('backup units page', PAGE_TEST, () => {
  it('shows each main unit beside its backups, the distance, and flags a backup far from its main unit', async () => {
    wideScreen();
    const fake = api([
      backupUnit(17, { position: at(-26.2001) }),
      backupUnit(18, { position: at(-26.211), battery: 3.4, distance_from_main: 1200 }),
    ]);
    open('/recovery/backup_units/7/Truck%207');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Backup units: Truck 7' }),
    ).toBeTruthy();
    expect(fake.requestsOf('get_backup_unit_data')[0].parameters).toEqual({ uids: [7] });
    expect(fake.tasks()).not.toContain('get_unit_list_full');

    const pair = await card('Truck 7');
    expect(
      await within(pair).findByRole('heading', { level: 3, name: 'Main unit: Truck 7' }),
    ).toBeTruthy();
    expect(
      within(pair).getByRole('heading', { level: 3, name: 'Backup unit: Backup 17' }),
    ).toBeTruthy();
    expect(
      within(pair).getByRole('heading', { level: 3, name: 'Backup unit: Backup 18' }),
    ).toBeTruthy();
    expect(within(pair).getByRole('link', { name: 'Backup 18' }).getAttribute('href')).toBe(
      '/recovery/unit/18',
    );
    expect(within(pair).getByTestId('apart-17').textContent).toBe('11 m from the main unit');
    expect(within(pair).getByTestId('apart-18').textContent).toBe('1.2 km from the main unit');
    expect(within(pair).getByTestId('apart-18').className).toBe('backup-distance-far');
    expect(within(pair).getByTestId('apart-17').className).toBe('');

    const alerts = within(pair).getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0].textContent).toContain('Main tracker may have been removed');
    expect(alerts[0].textContent).toContain(
      'Backup unit Backup 18 is 1.2 km from the main unit Truck 7',
    );
    // Main unit's readings (get_unit) and each backup's.
    expect(within(pair).getByText('12.6 V')).toBeTruthy();
    expect(within(pair).getByText('3.4 V')).toBeTruthy();
    expect(within(pair).getByTestId('mapped').textContent).toBe('7,17,18');
    expect(within(pair).getByTestId('map-selected').textContent).toBe('18');
    expect(
      within(pair)
        .getByRole('link', { name: /Live map of Truck 7/ })
        .getAttribute('href'),
    ).toBe('/recovery/realtime/fleet/7,17,18');
  });

  it("uses the server's distance when the main unit has no fix, and shows a main unit with no backup", async () => {
    api([backupUnit(17, { distance_from_main: 2500 })], {
      get_unit: (p) => ({
        data: { unit: unitDetail(p.uid, p.uid === 7 ? { position: null } : {}) },
      }),
    });
    open('/recovery/backup_units/17,9/Backups');
    const section = await card('Truck 7');
    expect(await within(section).findByText('2.5 km from the main unit')).toBeTruthy();
    expect(within(section).getByText('Main tracker may have been removed')).toBeTruthy();
    expect(
      within(await card('Truck 9')).getByText('No backup unit is paired with this unit'),
    ).toBeTruthy();
  });

  it('says when the distance cannot be known', async () => {
    api([backupUnit(17, { position: null, distance_from_main: null })]);
    open('/recovery/backup_units/7/Truck%207');
    expect(await screen.findByText('Distance unknown: one of them has no position')).toBeTruthy();
    expect(screen.queryByText('Main tracker may have been removed')).toBeNull();
  });
});
