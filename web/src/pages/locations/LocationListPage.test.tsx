// The location list and the KML import and export, against a fake of their tasks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { locationOf, SQUARE } from './testing/locationFixtures';

vi.mock('../../map', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../map')>()),
  MapView: () => <div data-testid="map" />,
}));

const downloads = vi.hoisted(() => [] as { name: string; text: string; mime: string }[]);
vi.mock('../../components/download', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/download')>()),
  downloadText: (name: string, text: string, mime: string) => downloads.push({ name, text, mime }),
}));

// A desktop screen: every responsive column shows.
beforeEach(() => {
  const media = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...media(query),
    matches: query.includes('min-width'),
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  downloads.length = 0;
});

const rows = [
  locationOf(1, 'Bellville Depot', { address: 'Voortrekker Road' }),
  locationOf(2, 'No Go Zone', {
    type: 'polygon',
    geofence: SQUARE,
    radius: null,
    colour: '#c62828',
    address: '',
  }),
];

function listApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let locations = [...rows];
  return mockApi({
    get_locations: (p) => {
      const found = locations.filter((l) => !p.search || l.name.includes(p.search));
      return { data: { locations: found, count: found.length, page_count: 1 } };
    },
    delete_location: (p) => {
      locations = locations.filter((l) => l.lid !== p.lid);
      return { data: {} };
    },
    get_unit_list_full: () => ({ data: { units: [] } }),
    ...extra,
  });
}

describe('Location List', () => {
  it('lists name, type, size and address, and searches by name', async () => {
    const api = listApi();
    renderApp('/portal/locations/index_list', { user: userOf('full') });
    const first = (await screen.findByRole('link', { name: 'Bellville Depot' })).closest('tr')!;
    expect(first.textContent).toContain('Point');
    expect(first.textContent).toContain('250 m radius');
    expect(first.textContent).toContain('Voortrekker Road');
    const second = screen.getByRole('link', { name: 'No Go Zone' }).closest('tr')!;
    expect(second.textContent).toContain('Polygon');
    expect(second.textContent).toContain('4 corners');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/portal/locations/edit/1');
    fireEvent.change(screen.getByPlaceholderText('Search by name'), { target: { value: 'Go' } });
    fireEvent.keyDown(screen.getByPlaceholderText('Search by name'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bellville Depot' })).toBeNull());
    expect(api.requestsOf('get_locations').at(-1)?.parameters).toMatchObject({
      search: 'Go',
      page: 1,
    });
  });

  it('deletes a location only after the confirmation naming it', async () => {
    const api = listApi();
    renderApp('/portal/locations/index_list', { user: userOf('full') });
    await screen.findByRole('link', { name: 'No Go Zone' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete No Go Zone' }));
    expect(await screen.findByText('Delete No Go Zone?')).toBeTruthy();
    expect(api.requestsOf('delete_location')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_location')).toHaveLength(1));
    expect(api.requestsOf('delete_location')[0].parameters).toEqual({ lid: 2 });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'No Go Zone' })).toBeNull());
  });

  it('hides every write from a user without feature_locations_edit', async () => {
    listApi({ get_kml: () => ({ data: { kml: '<kml/>', count: 2 } }) });
    const viewer = userOf('full');
    viewer.roles = viewer.roles.filter((r) => r !== 'feature_locations_edit');
    renderApp('/portal/locations/index_list', { user: viewer });
    await screen.findByRole('link', { name: 'No Go Zone' });
    expect(screen.queryByRole('button', { name: /Add location/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import KML/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete No Go Zone' })).toBeNull();
    expect(screen.getByRole('button', { name: /Export KML/ })).toBeTruthy();
  });

  it('opens the editor for a new location from Add location', async () => {
    listApi();
    const view = renderApp('/portal/locations/index_list', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: /Add location/ }));
    await waitFor(() =>
      expect(view.location()).toMatch(/^\/portal\/locations\/add\/-?\d+\.\d{6}\/-?\d+\.\d{6}$/),
    );
  });

  it('exports the KML the server builds', async () => {
    listApi({ get_kml: () => ({ data: { kml: '<kml>two</kml>', count: 2 } }) });
    renderApp('/portal/locations/index_list', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: /Export KML/ }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({
      name: 'locations.kml',
      text: '<kml>two</kml>',
      mime: 'application/vnd.google-earth.kml+xml',
    });
  });
});

describe('KML import', () => {
  const kmlFile = (text: string, name = 'places.kml') =>
    new File([text], name, { type: 'application/vnd.google-earth.kml+xml' });
  async function openImport() {
    renderApp('/portal/locations/index_list', { user: userOf('full') });
    fireEvent.click(await screen.findByRole('button', { name: /Import KML/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import locations from KML')).toBeTruthy();
    return dialog;
  }

  it('previews what is created and refused, then imports', async () => {
    const api = listApi({
      import_kml: (p) => ({
        data: {
          dry_run: p.dry_run,
          created: [
            { name: 'Depot', type: 'point', points: 1 },
            { name: 'Yard', type: 'polygon', points: 5 },
          ],
          refused: [{ name: 'Placemark 3', reason: 'the polygon must not cross itself' }],
        },
      }),
    });
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('KML file'), {
      target: { files: [kmlFile('<kml><Document/></kml>')] },
    });
    expect(await within(dialog).findByText('Will be created (2)')).toBeTruthy();
    expect(within(dialog).getByText('Refused (1)')).toBeTruthy();
    expect(within(dialog).getByText('Yard')).toBeTruthy();
    expect(within(dialog).getByText('Polygon, 5 corners')).toBeTruthy();
    expect(within(dialog).getByText(/the polygon must not cross itself/)).toBeTruthy();
    expect(api.requestsOf('import_kml')).toHaveLength(1);
    expect(api.requestsOf('import_kml')[0].parameters).toEqual({
      kml: '<kml><Document/></kml>',
      dry_run: true,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 locations' }));
    await waitFor(() => expect(api.requestsOf('import_kml')).toHaveLength(2));
    expect(api.requestsOf('import_kml')[1].parameters.dry_run).toBe(false);
    expect(await screen.findByText('2 locations imported')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s message for a malformed file and imports nothing', async () => {
    const api = listApi({
      import_kml: () => ({ result: 1, message: 'kml: the file is not valid KML (line 1)' }),
    });
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('KML file'), {
      target: { files: [kmlFile('<kml><Placemark>')] },
    });
    expect(await within(dialog).findByText(/the file is not valid KML/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Import 0 locations' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(api.requestsOf('import_kml')).toHaveLength(1);
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const api = listApi();
    const dialog = await openImport();
    fireEvent.change(within(dialog).getByLabelText('KML file'), {
      target: { files: [kmlFile('x'.repeat(5 * 1024 * 1024 + 1), 'huge.kml')] },
    });
    expect(await within(dialog).findByText(/huge.kml is larger than 5 MB/)).toBeTruthy();
    expect(api.requestsOf('import_kml')).toHaveLength(0);
  });
});
