// The route editor's pure steps: typed points, reordering, the line's ends and set_route's input.
import { describe, expect, it } from 'vitest';
import {
  draftToInput,
  emptyDraft,
  moveItem,
  pointDraft,
  readPoint,
  withEndMoved,
  withPath,
} from './routeDraft';

const typed = (text: string, name = '') => ({ ...pointDraft(), text, name });

describe('route draft', () => {
  it('reads decimal and DMS coordinates, south and west negative', () => {
    expect(readPoint(typed(`33°55'31"S 18°25'26"E`, 'Cape Town')).point).toEqual({
      lat: -33.925278,
      lon: 18.423889,
      name: 'Cape Town',
    });
    expect(readPoint(typed('-25.7479, 28.2293')).point).toEqual({ lat: -25.7479, lon: 28.2293 });
    expect(readPoint(typed('95, 28')).error).toMatch(/^Coordinates cannot be read/);
    expect(readPoint(typed('-26, 28', 'Depot (main)')).error).toBe(
      'The name must not contain special characters',
    );
  });

  it('moves a waypoint up and down, never past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('moves the line’s end with a typed origin, and the points with a new line', () => {
    const drawn = withPath(emptyDraft('drawn'), [
      { lat: -26, lon: 28 },
      { lat: -26.1, lon: 28.1 },
    ]);
    expect(drawn.origin.text).toBe('-26.000000, 28.000000');
    expect(drawn.destination.text).toBe('-26.100000, 28.100000');
    const moved = withEndMoved(drawn, 'origin', '-25.9, 27.9');
    expect(moved.path![0]).toEqual({ lat: -25.9, lon: 27.9 });
    expect(moved.path![1]).toEqual({ lat: -26.1, lon: 28.1 });
    // Half-typed text moves nothing.
    expect(withEndMoved(drawn, 'origin', '-25.').path).toEqual(drawn.path);
  });

  it('sends straight legs without a path, and asks for a line when drawing', () => {
    const legs = {
      ...emptyDraft('waypoints'),
      name: 'Legs',
      origin: typed('-26, 28'),
      destination: typed('-26.2, 28.2'),
      waypoints: [typed('-26.1, 28.05', 'Toll')],
    };
    const { input } = draftToInput(legs);
    expect(input).toMatchObject({
      source: 'waypoints',
      waypoints: [{ lat: -26.1, lon: 28.05, name: 'Toll' }],
    });
    expect(input).not.toHaveProperty('path');
    expect(draftToInput({ ...legs, source: 'drawn' }).errors).toEqual({
      Line: 'Draw the route on the map first',
    });
  });
});
