import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ThemeMapSource } from '@fleet/common';
import type { FakeMap } from './testing/fakeMap';
import { MapView } from './MapView';
import { useMap } from './MapContext';

// MapLibre needs WebGL, which jsdom lacks: the map is replaced by a FakeMap that loads on demand.
interface FakeMaplibre extends FakeMap {
  options: Record<string, any>;
  removed: boolean;
  load(): void;
}
const { created } = vi.hoisted(() => ({ created: [] as FakeMaplibre[] }));
vi.mock('maplibre-gl', async () => {
  const { FakeMap: Base } = await import('./testing/fakeMap');
  class Fake extends Base {
    removed = false;
    private onLoad: (() => void)[] = [];
    touchZoomRotate = { disableRotation: () => undefined };
    constructor(readonly options: Record<string, any>) {
      super();
      for (const [id, spec] of Object.entries(options.style.sources))
        this.addSource(id, spec as Record<string, any>);
      for (const layer of options.style.layers) this.addLayer(layer);
      created.push(this as unknown as FakeMaplibre);
    }
    once(type: string, fn: () => void) {
      if (type === 'load') this.onLoad.push(fn);
      return this;
    }
    load() {
      this.onLoad.splice(0).forEach((fn) => fn());
    }
    addControl() {}
    remove() {
      this.removed = true;
      this._removed = true;
    }
  }
  const Control = class {};
  const lib = { Map: Fake, NavigationControl: Control, ScaleControl: Control };
  return { default: lib, ...lib };
});

function Probe() {
  const map = useMap();
  return <span data-testid="probe">{(map as unknown as FakeMaplibre).options.zoom}</span>;
}

const sources: ThemeMapSource[] = (['roadmap', 'satellite'] as const).map((id) => ({
  id,
  name: id,
  tiles: [`https://tiles.example/${id}/{z}/{x}/{y}`],
  attribution: id,
}));

describe('MapView', () => {
  it('opens at the SPEC §3 defaults and renders its layers only once the map has loaded', async () => {
    created.length = 0;
    render(
      <MapView>
        <Probe />
      </MapView>,
    );
    const map = created[0];
    expect(map.options.center).toEqual([24.2199, -28.4972]);
    expect(map.options.zoom).toBe(5);
    expect(map.options.style.glyphs).toBeUndefined();
    expect(screen.queryByTestId('probe')).toBeNull();
    await act(async () => map.load());
    expect(screen.getByTestId('probe').textContent).toBe('5');
  });

  it('creates one map per MapView and removes it on unmount', () => {
    created.length = 0;
    const a = render(<MapView />);
    render(<MapView center={{ lat: -33.9, lng: 18.4 }} zoom={9} />);
    expect(created).toHaveLength(2);
    expect(created[1].options.center).toEqual([18.4, -33.9]);
    a.unmount();
    expect(created[0].removed).toBe(true);
    expect(created[1].removed).toBe(false);
  });

  it('switches map type by showing only that raster layer', async () => {
    created.length = 0;
    const onMapTypeChange = vi.fn();
    render(<MapView mapSources={sources} onMapTypeChange={onMapTypeChange} />);
    const map = created[0];
    await act(async () => map.load());
    const visibility = (id: string) => map.getLayer(id)?.layout?.visibility;
    expect(visibility('tiles-roadmap')).toBe('visible');
    fireEvent.click(screen.getByText('Satellite'));
    expect(onMapTypeChange).toHaveBeenCalledWith('satellite');
    await waitFor(() => expect(visibility('tiles-satellite')).toBe('visible'));
    expect(visibility('tiles-roadmap')).toBe('none');
  });

  it('hides the switcher when the theme has no tiles to switch between', () => {
    render(<MapView mapSources={[]} />);
    expect(screen.queryByText('Roadmap')).toBeNull();
  });

  it('adds tile layers that arrive after the map was made, under the overlays', async () => {
    created.length = 0;
    const { rerender } = render(<MapView mapSources={[]} />);
    const map = created[0];
    await act(async () => map.load());
    map.addSource('overlay', { type: 'geojson' });
    map.addLayer({ id: 'units-x', type: 'symbol', source: 'overlay' });
    rerender(<MapView mapSources={sources} />);
    const ids = map.layerIds();
    expect(ids.indexOf('tiles-roadmap')).toBeLessThan(ids.indexOf('units-x'));
    expect(ids.indexOf('tiles-roadmap')).toBeGreaterThan(ids.indexOf('offline-towns'));
  });
});
