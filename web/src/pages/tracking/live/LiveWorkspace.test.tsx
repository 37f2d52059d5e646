import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '../../../auth/session';
import { mockApi, type TaskHandler } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import { makeUnit } from '../../../map/testing/units';
import { LiveWorkspace } from './LiveWorkspace';

// The map needs WebGL: the map library's stand-ins (testing/mapStandIns.tsx).
vi.mock('../../../map', async (importOriginal) =>
  (await import('./testing/mapStandIns')).mapStandIns(await importOriginal()),
);
vi.mock('./mapControllers', async (importOriginal) =>
  (await import('./testing/mapStandIns')).controllerStandIns(await importOriginal()),
);
vi.mock('./UnitPanel', () => ({
  UnitPanel: ({ unit }: { unit: { name: string } }) => <section>Panel of {unit.name}</section>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: null, user: null });
});

const fleet = [
  makeUnit(1, { name: 'Active 1', tags: [{ id: 7, name: 'Trucks' }] }),
  makeUnit(2, { name: 'Disabled 2', active: 2 }),
  makeUnit(3, { name: 'Ghost 3', connected: false, park_state: 1 }, 0),
  makeUnit(4, { name: 'Disabled ghost 4', active: 0, connected: false }, 0),
];

function renderWorkspace(
  ui_settings: Record<string, unknown>,
  tasks: Record<string, TaskHandler> = {},
) {
  document.cookie = 'token=t; Path=/';
  useSession.setState({ token: 't', user: userOf('full', { ui_settings }) });
  const api = mockApi({ set_user_ui_settings: (p) => ({ data: { ui_settings: p } }), ...tasks });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LiveWorkspace
        title="Live Map"
        units={fleet}
        loading={false}
        error={null}
        onRetry={() => undefined}
        status="live"
        target={null}
        targetKey=""
        emptyText="No units"
        canShare={false}
      />
    </QueryClientProvider>,
  );
  return api;
}

const mapped = () => screen.getByTestId('mapped').textContent;
const listed = () =>
  within(screen.getByRole('listbox', { name: 'Units' }))
    .queryAllByRole('option')
    .map((r) => r.getAttribute('data-uid'));
const count = (key: string) =>
  screen.getByTestId(`count-${key}`).querySelector('.status-tile-count')?.textContent;

describe('LiveWorkspace unit settings', () => {
  it('lists and draws every unit, ghosts and disabled ones included, by default', () => {
    renderWorkspace({});
    expect(mapped()).toBe('1,2,3,4');
    expect(listed()).toHaveLength(4);
    expect(count('all')).toBe('4');
    expect(count('offline')).toBe('2');
  });

  it('leaves disabled units off the map, out of the list and out of the counts', () => {
    renderWorkspace({ show_disabled_units: false });
    expect(mapped()).toBe('1,3');
    expect(listed()).toEqual(['1', '3']);
    expect(count('all')).toBe('2');
    expect(count('offline')).toBe('1');
    expect(screen.getByTestId('unit-count').textContent).toBe('2 units');
  });

  it('with ghost units off, leaves disconnected units off the map only, unless selected', () => {
    renderWorkspace({ ghost_units: false });
    expect(mapped()).toBe('1,2');
    // A unit left off the map leaves no tail either.
    expect(screen.getByTestId('trailed').textContent).toBe('1,2');
    expect(listed()).toHaveLength(4);
    expect(count('offline')).toBe('2');
    // Picking the disconnected unit from the list shows it on the map.
    fireEvent.click(screen.getByText('Ghost 3'));
    expect(screen.getByTestId('map-selected').textContent).toBe('3');
    expect(mapped()).toBe('1,2,3');
  });

  it('turns the settings on and off from the map’s "Units shown" switches, saving each', async () => {
    const api = renderWorkspace({});
    fireEvent.click(screen.getByRole('button', { name: 'Units shown' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Disabled units' }));
    expect(listed()).toEqual(['1', '3']);
    fireEvent.click(screen.getByRole('switch', { name: 'Ghost units (disconnected)' }));
    expect(mapped()).toBe('1');
    await waitFor(() => expect(api.requestsOf('set_user_ui_settings')).toHaveLength(2));
    expect(api.requestsOf('set_user_ui_settings').map((r) => r.parameters)).toEqual([
      { show_disabled_units: false },
      { ghost_units: false },
    ]);
  });

  it('hides the unit list with the realtime menu setting and brings it back', async () => {
    const api = renderWorkspace({});
    fireEvent.click(screen.getByRole('button', { name: 'Hide unit list' }));
    expect(screen.queryByRole('listbox', { name: 'Units' })).toBeNull();
    // The page keeps its heading; the button that brings the list back has the focus.
    expect(screen.getByRole('heading', { level: 1, name: 'Live Map' })).toBeTruthy();
    const show = screen.getByRole('button', { name: 'Show unit list' });
    expect(document.activeElement).toBe(show);
    fireEvent.click(show);
    expect(screen.getByRole('listbox', { name: 'Units' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide unit list' }));
    await waitFor(() => expect(api.requestsOf('set_user_ui_settings')).toHaveLength(2));
    expect(api.requestsOf('set_user_ui_settings').map((r) => r.parameters)).toEqual([
      { realtime_menu: false },
      { realtime_menu: true },
    ]);
  });

  it('starts with the list hidden when the user saved it so', () => {
    renderWorkspace({ realtime_menu: false });
    expect(screen.queryByRole('listbox', { name: 'Units' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show unit list' })).toBeTruthy();
  });

  it('puts each unit’s labels under its name tag while unit tags are on', async () => {
    renderWorkspace({});
    expect(screen.getByTestId('mapped-tags').textContent).toBe(
      'Active 1|Disabled 2|Ghost 3|Disabled ghost 4',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Map display' }));
    fireEvent.click(await screen.findByRole('switch', { name: 'Unit tags' }));
    expect(screen.getByTestId('mapped-tags').textContent).toBe(
      'Active 1\nTrucks|Disabled 2|Ghost 3|Disabled ghost 4',
    );
  });

  it('filters the list by the labels and fleets the user has', async () => {
    const page = <K extends string, T>(key: K, rows: T[]) => ({
      data: { [key]: rows, count: rows.length, page_count: 1 },
    });
    renderWorkspace(
      {},
      {
        get_tags: () =>
          page('tags', [
            { tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false, uids: [1] },
          ]),
        get_fleets: () => page('fleets', [{ fid: 3, name: 'North', uids: [2, 3] }]),
      },
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Filter units by fleet' }));
    fireEvent.click(await screen.findByTitle('North'));
    await waitFor(() => expect(listed()).toEqual(['2', '3']));
    // The map draws the same units as the list.
    expect(mapped()).toBe('2,3');
    expect(screen.getByRole('combobox', { name: 'Filter units by label' })).toBeTruthy();
  });
});
