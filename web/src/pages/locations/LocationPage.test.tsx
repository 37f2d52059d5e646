// The location editor pages against a fake of their tasks; the map is a stand-in (no WebGL).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockApi } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { locationOf, shapeShown } from './testing/locationFixtures';

vi.mock('../../map', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../map')>();
  return {
    ...real,
    MapView: ({ children }: { children?: unknown }) => <div>{children as never}</div>,
  };
});
vi.mock('./LocationShapeEditor', async (importOriginal) => {
  const real = await importOriginal<typeof import('./LocationShapeEditor')>();
  const { ShapeEditorStandIn } = await import('./testing/locationFixtures');
  return { ...real, LocationShapeEditor: ShapeEditorStandIn };
});

afterEach(() => vi.unstubAllGlobals());

const shape = () => shapeShown(screen.getByTestId('shape'));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Add Location', () => {
  it('starts a point at the address’s coordinates and saves it', async () => {
    const api = mockApi({
      set_location: (p) => ({ data: { location: locationOf(91, p.name) } }),
      get_locations: () => ({ data: { locations: [], count: 0, page_count: 1 } }),
      get_unit_list_full: () => ({ data: { units: [] } }),
    });
    const view = renderApp('/portal/locations/add/-33.924870/18.424055', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    expect(shape()).toMatchObject({
      type: 'point',
      centre: { lat: -33.92487, lon: 18.424055 },
      radius: 100,
    });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cape Town Depot' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Dock Road' } });
    save();
    await waitFor(() => expect(api.requestsOf('set_location')).toHaveLength(1));
    expect(api.requestsOf('set_location')[0].parameters).toEqual({
      name: 'Cape Town Depot',
      type: 'point',
      geofence: [{ lat: -33.92487, lon: 18.424055 }],
      radius: 100,
      colour: '#1565c0',
      address: '1 Dock Road',
      notes: '',
    });
    await waitFor(() => expect(view.location()).toBe('/portal/locations/index_list'));
  });

  it('names the field of every problem before anything is sent', async () => {
    const api = mockApi({ get_unit_list_full: () => ({ data: { units: [] } }) });
    renderApp('/portal/locations/add/-26.2/28.04', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    save();
    expect((await screen.findAllByText('Name is required')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Depot <1>' } });
    expect((await screen.findAllByText(/^Name must not contain any of/)).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Depot 1' } });
    fireEvent.change(screen.getByLabelText('Radius'), { target: { value: '0' } });
    fireEvent.blur(screen.getByLabelText('Radius'));
    save();
    // antd clamps to min 1 on blur; an emptied field is refused by name
    fireEvent.change(screen.getByLabelText('Radius'), { target: { value: '' } });
    save();
    expect(
      (await screen.findAllByText('Radius is required for a point location')).length,
    ).toBeGreaterThan(0);
    // A polygon needs its corners, and must not cross itself.
    fireEvent.click(screen.getByText('Polygon'));
    save();
    expect(
      (await screen.findAllByText(/^Shape: draw the polygon on the map/)).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'stand-in: draw bow tie' }));
    expect(
      (await screen.findAllByText('Shape: the polygon must not cross itself')).length,
    ).toBeGreaterThan(0);
    expect(api.requestsOf('set_location')).toHaveLength(0);
  });

  it('moves the centre to typed coordinates, decimal or degrees-minutes-seconds', async () => {
    mockApi({ get_unit_list_full: () => ({ data: { units: [] } }) });
    renderApp('/portal/locations/add/-26.2/28.04', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    const field = screen.getByLabelText('Coordinates (centre)');
    const before = shape().loadKey;
    fireEvent.change(field, { target: { value: '26 12 north-ish' } });
    expect(screen.getByText('Not a coordinate pair')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move here' })).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: `33°55'12"S 18°25'26"E` } });
    expect(screen.getByText('Reads as -33.920000, 18.423889')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move here' }));
    expect(shape().centre.lat).toBeCloseTo(-33.92, 6);
    expect(shape().centre.lon).toBeCloseTo(18.423889, 6);
    expect(shape().loadKey).toBeGreaterThan(before);
    fireEvent.change(field, { target: { value: '-25.7479, 28.2293' } });
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(shape().centre).toEqual({ lat: -25.7479, lon: 28.2293 });
  });

  it('takes the circle drawn on the map, and shows the server’s refusal', async () => {
    const api = mockApi({
      get_unit_list_full: () => ({ data: { units: [] } }),
      set_location: () => ({ result: 1, message: 'name: a location named Depot already exists' }),
    });
    const view = renderApp('/portal/locations/add/-26.2/28.04', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Add Location' });
    fireEvent.click(screen.getByRole('button', { name: 'stand-in: draw circle' }));
    expect(screen.getByLabelText('Radius')).toHaveProperty('value', '420');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Depot' } });
    save();
    await waitFor(() => expect(api.requestsOf('set_location')).toHaveLength(1));
    expect(api.requestsOf('set_location')[0].parameters).toMatchObject({
      geofence: [{ lat: -25.75, lon: 28.19 }],
      radius: 420,
    });
    expect(await screen.findByText(/a location named Depot already exists/)).toBeTruthy();
    expect(view.location()).toBe('/portal/locations/add/-26.2/28.04');
  });
});

describe('Edit Location', () => {
  const depot = locationOf(7, 'Main Depot', {
    type: 'polygon',
    geofence: [
      { lat: -26.1, lon: 28.0 },
      { lat: -26.1, lon: 28.1 },
      { lat: -26.2, lon: 28.1 },
      { lat: -26.1, lon: 28.0 },
    ],
    radius: null,
    colour: '#c62828',
  });

  it('loads the polygon, saves with its lid and deletes after asking', async () => {
    const api = mockApi({
      get_location: (p) =>
        p.lid === 7 ? { data: { location: depot } } : { result: 1, message: 'lid: not found' },
      set_location: (p) => ({ data: { location: { ...depot, name: p.name } } }),
      delete_location: () => ({ data: {} }),
      get_locations: () => ({ data: { locations: [], count: 0, page_count: 1 } }),
      get_unit_list_full: () => ({ data: { units: [] } }),
    });
    const view = renderApp('/portal/locations/edit/7', { user: userOf('full') });
    await screen.findByRole('heading', { level: 1, name: 'Edit Main Depot' });
    expect(shape()).toMatchObject({ type: 'polygon', corners: 3, editable: true });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Main Depot North' } });
    fireEvent.click(screen.getByRole('button', { name: 'stand-in: draw square' }));
    save();
    await waitFor(() => expect(api.requestsOf('set_location')).toHaveLength(1));
    expect(api.requestsOf('set_location')[0].parameters).toMatchObject({
      lid: 7,
      name: 'Main Depot North',
      type: 'polygon',
      colour: '#c62828',
    });
    expect(api.requestsOf('set_location')[0].parameters.geofence).toHaveLength(4);
    await waitFor(() => expect(view.location()).toBe('/portal/locations/index_list'));

    view.router.navigate('/portal/locations/edit/7');
    await screen.findByRole('heading', { level: 1, name: 'Edit Main Depot' });
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete Main Depot?')).toBeTruthy();
    expect(api.requestsOf('delete_location')).toHaveLength(0);
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() => expect(api.requestsOf('delete_location')).toHaveLength(1));
    expect(api.requestsOf('delete_location')[0].parameters).toEqual({ lid: 7 });
  });

  it('says Location not found for an unknown or foreign lid', async () => {
    mockApi({ get_location: () => ({ result: 1, message: 'lid: not found' }) });
    renderApp('/portal/locations/edit/999', { user: userOf('full') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Location not found' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the locations' })).toBeTruthy();
  });

  it('is read-only without feature_locations_edit', async () => {
    const viewer = userOf('full');
    viewer.roles = viewer.roles.filter((r) => r !== 'feature_locations_edit');
    if (!viewer.roles.includes('feature_locations_view'))
      viewer.roles.push('feature_locations_view');
    mockApi({ get_location: () => ({ data: { location: depot } }) });
    renderApp('/portal/locations/edit/7', { user: viewer });
    await screen.findByRole('heading', { level: 1, name: 'Main Depot' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveProperty('disabled', true);
    expect(shape().editable).toBe(false);
  });
});
