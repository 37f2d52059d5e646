import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MapToggles } from '../MapToggles';
import { useMapToggles } from './useMapToggles';

describe('useMapToggles', () => {
  it('reports each user change with the ui_settings patch to persist', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useMapToggles({ initial: { name_tags: '1' }, onChange }));
    expect(result.current.toggles.unitTags).toBe(true);
    act(() => result.current.set('polygons', false));
    expect(result.current.toggles.polygons).toBe(false);
    expect(onChange).toHaveBeenCalledWith(
      { show_polygons: false },
      expect.objectContaining({ polygons: false }),
      'polygons',
    );
    act(() => result.current.set('polygons', false));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('loads settings that arrive later without echoing them back', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => useMapToggles({ onChange }));
    expect(result.current.toggles.routes).toBe(false);
    act(() => result.current.load({ display_routes: true }));
    expect(result.current.toggles.routes).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('MapToggles', () => {
  it('lists the toggles behind a map button and switches one', async () => {
    function Harness() {
      const { toggles, set } = useMapToggles();
      return (
        <>
          <MapToggles value={toggles} onToggle={set} keys={['tripArrows', 'unitTags']} />
          <output>{toggles.unitTags ? 'tags on' : 'tags off'}</output>
        </>
      );
    }
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Map display' }));
    const tags = await screen.findByRole('switch', { name: 'Unit tags' });
    expect(screen.getByRole('switch', { name: 'Trip arrows' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.queryByRole('switch', { name: 'Polygons' })).toBeNull();
    fireEvent.click(tags);
    expect(screen.getByText('tags on')).toBeTruthy();
  });
});
