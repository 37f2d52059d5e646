// The recovery desk's unit page (issue 16 item 5) against fakes of get_recovery_unit, get_unit and
// the comments: its live state on a map (a stand-in: no WebGL), device, last events, chase-ups,
// recovery logs, odometer logs, backup units and comments; where its actions lead; the start
// button hidden while a recovery log is In Progress (SPEC §4), with a link to that log instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecoveryComment } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { mockApi, type TaskHandler } from '../../test/mockApi';
import { PAGE_TEST, renderPage, wideScreen } from '../drivers/testing/renderPage';
import RecoveryUnitPage from './RecoveryUnitPage';
import {
  QuietSocket,
  backupUnit,
  minutesBefore,
  recoveryLog,
  recoveryUnit,
  unitDetail,
  unitView,
} from './views/testing/recoveryFixtures';

vi.mock('../../map', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('../tracking/live/mapControllers', async (importOriginal) =>
  (await import('../tracking/live/testing/mapStandIns')).controllerStandIns(await importOriginal()),
);

beforeEach(() => vi.stubGlobal('WebSocket', QuietSocket));
afterEach(() => vi.unstubAllGlobals());

const open = (path = '/recovery/unit/7') =>
  renderPage(
    path,
    { path: '/recovery/unit/:id', title: 'Unit', Component: RecoveryUnitPage },
    userOf('support', { username: 'sam' }),
  );
const section = (name: string | RegExp) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

function unitApi(tasks: Record<string, TaskHandler> = {}) {
  return mockApi({
    get_recovery_unit: () => ({ data: unitView() }),
    get_unit: (p) => ({ data: { unit: unitDetail(p.uid) } }),
    get_comments: () => ({ data: { comments: [], count: 0, page_count: 0 } }),
    ...tasks,
  });
}

describe('recovery unit page', PAGE_TEST, () => {
  it('shows the live state, device, events, chase-ups, logs, odometer and backup units, and where to go', async () => {
    wideScreen();
    const api = unitApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Truck 7' })).toBeTruthy();
    expect(api.requestsOf('get_recovery_unit')[0].parameters).toEqual({ uid: 7 });
    expect(api.tasks()).not.toContain('get_unit_list_full');

    const actions = screen.getByRole('group', { name: 'Unit actions' });
    expect(
      within(actions)
        .getByRole('link', { name: /Live map/ })
        .getAttribute('href'),
    ).toBe('/recovery/realtime/unit/7');
    expect(hrefOf(/^Trips$/)).toBe('/recovery/trips/7');
    expect(hrefOf(/Border crossing/)).toBe('/recovery/bordercrossing/7/Truck%207');
    expect(hrefOf(/Backup units/)).toBe('/recovery/backup_units/7/Truck%207');
    expect(hrefOf(/Start recovery log/)).toBe('/recovery/add/recovery_log/7');
    expect(within(actions).getByRole('button', { name: /Comment/ })).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Acme Haulage' }).map((a) => a.getAttribute('href')),
    ).toEqual(['/recovery/client/3', '/recovery/client/3']);

    const live = section('Live state');
    await waitFor(() => expect(within(live).getByText('4.1 V')).toBeTruthy());
    expect(within(live).getByText('12.6 V')).toBeTruthy();
    expect(within(live).getByText('Parked')).toBeTruthy();
    expect(within(live).getByText('Off')).toBeTruthy();
    expect(within(live).getByText('0 km/h E')).toBeTruthy();
    expect(within(live).getByText('-26.20000, 28.04000')).toBeTruthy();
    expect(within(live).getByTestId('mapped').textContent).toBe('7');

    const device = section('Device and vehicle');
    expect(within(device).getByText('356307042441013')).toBeTruthy();
    expect(within(device).getByText('teltonika')).toBeTruthy();
    expect(within(device).getByText('AHTFR22G806012345')).toBeTruthy();
    expect(within(device).getByText('Toyota · Hilux · White')).toBeTruthy();

    const events = section('Last events (2)');
    expect(within(events).getByText('Panic button pressed')).toBeTruthy();
    expect(within(events).getByText('No position')).toBeTruthy();
    expect(
      within(events)
        .getByRole('link', { name: /on the trip map/ })
        .getAttribute('href'),
    ).toMatch(/^\/recovery\/trips\/7\/\d{4}-\d\d-\d\dT\d\d:\d\d$/);

    expect(
      within(section('Chase-ups (1)'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toContain('/recovery/chase_up_detail/41');
    expect(
      within(section('Recovery logs (1)'))
        .getByRole('link', { name: /recovery log/ })
        .getAttribute('href'),
    ).toBe('/recovery/edit/recovery_log/5');

    const odometer = within(section('Odometer logs (2)')).getAllByRole('row').slice(1);
    expect(odometer.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual([
      'Manual',
      'Service',
    ]);
    expect(within(odometer[0]).getByText('123,000 km')).toBeTruthy();

    const backups = section('Backup units (1)');
    expect(within(backups).getByRole('link', { name: 'Backup 17' }).getAttribute('href')).toBe(
      '/recovery/unit/17',
    );
    expect(within(backups).getByText('12 m')).toBeTruthy();
    expect(within(section('Comments')).getByText('No comments on this unit yet')).toBeTruthy();
  });

  it('hides the start button while a recovery log is In Progress and links to that log instead', async () => {
    unitApi({
      get_recovery_unit: () => ({
        data: unitView({ recovery_logs: [recoveryLog(9, { state: 0 }), recoveryLog(5)] }),
      }),
    });
    open();
    const link = await screen.findByRole('link', { name: /Recovery in progress: log #9/ });
    expect(link.getAttribute('href')).toBe('/recovery/edit/recovery_log/9');
    expect(screen.queryByRole('link', { name: /Start recovery log/ })).toBeNull();
    expect(screen.getByText(/A recovery is in progress \(log #9, started by sam\)/)).toBeTruthy();
    const rows = within(section('Recovery logs (2)')).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('In Progress')).toBeTruthy();
    expect(within(rows[0]).getByText('Not yet')).toBeTruthy();
  });

  it('offers the start button again once the log is closed, and no backup link without backups', async () => {
    unitApi({
      get_recovery_unit: () => ({
        data: unitView({ recovery_logs: [recoveryLog(9, { state: 3 })], backup_units: [] }),
      }),
    });
    open();
    expect(await screen.findByRole('link', { name: /Start recovery log/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Recovery in progress/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Backup units/ })).toBeNull();
    expect(screen.getByText('No backup unit is paired with this unit')).toBeTruthy();
  });

  it('says the model a clone tracker is decoded as', async () => {
    unitApi({
      get_unit: (p) => ({
        data: { unit: unitDetail(p.uid, { protocol: 'gt06', device_model: 'SEEWORLD' }) },
      }),
      get_recovery_unit: () => ({
        data: unitView({ unit: recoveryUnit(7, { protocol: 'gt06' }) }),
      }),
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Truck 7' });
    const device = section('Device and vehicle');
    expect(await within(device).findByText('gt06, SEEWORLD')).toBeTruthy();
  });

  it('names the main unit of a backup unit', async () => {
    unitApi({
      get_recovery_unit: () => ({
        data: unitView({
          unit: recoveryUnit(17, { name: 'Backup 17', service_type: 'backup', backup_of: 7 }),
          backup_units: [backupUnit(7, { name: 'Truck 7', backup_of: 7, service_type: 'full' })],
        }),
      }),
    });
    open('/recovery/unit/17');
    await screen.findByRole('heading', { level: 1, name: 'Backup 17' });
    const device = section('Device and vehicle');
    expect(within(device).getByRole('link', { name: 'Truck 7' }).getAttribute('href')).toBe(
      '/recovery/unit/7',
    );
    expect(hrefOf(/Beside its main unit/)).toBe('/recovery/backup_units/17/Backup%2017');
    expect(section('Main unit (1)')).toBeTruthy();
  });

  it('saves a comment on the unit and lists it, newest first', async () => {
    let comments: RecoveryComment[] = [
      {
        id: 1,
        uid: 7,
        chaseup_id: null,
        text: 'Older',
        username: 'lee',
        created: minutesBefore(90),
      },
    ];
    const api = unitApi({
      get_comments: () => ({ data: { comments, count: comments.length, page_count: 1 } }),
      set_comment: (p) => {
        const comment = {
          id: 2,
          uid: p.uid,
          chaseup_id: null,
          text: p.text,
          username: 'sam',
          created: minutesBefore(0),
        };
        comments = [...comments, comment];
        return { data: { comment } };
      },
    });
    open();
    expect(await screen.findByText('Older')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Unit actions' })).getByRole('button', {
        name: /Comment/,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comment'), {
      target: { value: 'Client says the vehicle is at the panel beater' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save comment' }));
    await waitFor(() =>
      expect(api.requestsOf('set_comment')[0]?.parameters).toEqual({
        uid: 7,
        text: 'Client says the vehicle is at the panel beater',
      }),
    );
    const list = await screen.findByRole('list', { name: 'Comments, newest first' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0].textContent).toContain('panel beater'),
    );
  });
});
