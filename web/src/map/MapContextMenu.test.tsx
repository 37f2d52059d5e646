import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MapContext } from './MapContext';
import { MapContextMenu } from './MapContextMenu';
import { FakeMap } from './testing/fakeMap';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

class MenuMap extends FakeMap {
  readonly container = Object.assign(document.createElement('div'), {});
  readonly focusable = document.createElement('canvas');
  getContainer() {
    Object.defineProperty(this.container, 'clientWidth', { value: 800, configurable: true });
    Object.defineProperty(this.container, 'clientHeight', { value: 600, configurable: true });
    return this.container;
  }
  override getCanvas() {
    return this.focusable as unknown as ReturnType<FakeMap['getCanvas']>;
  }
}

function setup(onSelect = vi.fn()) {
  const map = new MenuMap();
  document.body.append(map.focusable);
  map.focusable.tabIndex = 0;
  render(
    <MapContext.Provider value={map.asMap()}>
      <MapContextMenu
        items={[
          { label: 'Add location here', onSelect },
          { label: 'Second item', onSelect: vi.fn() },
        ]}
      />
    </MapContext.Provider>,
  );
  const rightClick = (lat = -26.2, lng = 28.04) =>
    act(() =>
      map.fire('contextmenu', {
        point: { x: 120, y: 80 },
        lngLat: { lat, lng },
        preventDefault: vi.fn(),
        originalEvent: { preventDefault: vi.fn() },
      }),
    );
  return { map, onSelect, rightClick };
}

describe('MapContextMenu', () => {
  it('opens at a right-click with the first item focused, and hands over where', () => {
    const { onSelect, rightClick } = setup();
    expect(screen.queryByRole('menu')).toBeNull();
    rightClick(-26.123456789, 28.987654321);
    const menu = screen.getByRole('menu');
    expect(menu.style.left).toBe('120px');
    const first = screen.getByRole('menuitem', { name: 'Add location here' });
    expect(document.activeElement).toBe(first);
    fireEvent.click(first);
    expect(onSelect).toHaveBeenCalledWith({ lat: -26.123456789, lng: 28.987654321 });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves with the arrow keys and closes on Escape, focus back on the map', () => {
    const { map, rightClick } = setup();
    rightClick();
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Second item' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(
      screen.getByRole('menuitem', { name: 'Add location here' }),
    );
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Second item' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(map.focusable);
  });

  it('closes when the map moves or is clicked, or on a press outside', () => {
    const { map, rightClick } = setup();
    rightClick();
    act(() => map.fire('movestart'));
    expect(screen.queryByRole('menu')).toBeNull();
    rightClick();
    act(() => map.fire('click'));
    expect(screen.queryByRole('menu')).toBeNull();
    rightClick();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on a long press, not on a drag or a short tap', () => {
    vi.useFakeTimers();
    const { map } = setup();
    const touch = (type: string, x: number, y: number, touches = 1) =>
      act(() =>
        map.fire(type, {
          point: { x, y },
          lngLat: { lat: -26, lng: 28 },
          originalEvent: { touches: { length: touches } },
        }),
      );
    touch('touchstart', 100, 100);
    act(() => vi.advanceTimersByTime(300));
    touch('touchend', 100, 100);
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByRole('menu')).toBeNull();
    touch('touchstart', 100, 100);
    touch('touchmove', 140, 100);
    act(() => vi.advanceTimersByTime(700));
    expect(screen.queryByRole('menu')).toBeNull();
    touch('touchstart', 100, 100, 2);
    act(() => vi.advanceTimersByTime(700));
    expect(screen.queryByRole('menu')).toBeNull();
    touch('touchstart', 100, 100);
    touch('touchmove', 103, 101);
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('draws nothing without items or without a map', () => {
    render(<MapContextMenu items={[{ label: 'x', onSelect: vi.fn() }]} />);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
