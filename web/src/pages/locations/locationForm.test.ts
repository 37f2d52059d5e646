import { describe, expect, it } from 'vitest';
import { locationInput } from '@fleet/common';
import { fleetCentre } from './fleetCentre';
import { moveRing } from './LocationShapeEditor';
import {
  inputFromValues,
  newLocationValues,
  shapeSummary,
  validateLocation,
  valuesFromLocation,
} from './locationForm';
import { BOW_TIE, SQUARE, locationOf } from './testing/locationFixtures';

const base = { ...newLocationValues({ lat: -26.2, lon: 28.04 }), name: 'Depot' };

describe('the location form', () => {
  it('accepts what the server accepts, and sends it in the task’s shape', () => {
    expect(validateLocation(base)).toEqual({});
    const input = inputFromValues({ ...base, centre: { lat: -26.123456789, lon: 28.1 } }, 5);
    expect(input).toMatchObject({
      lid: 5,
      type: 'point',
      radius: 100,
      geofence: [{ lat: -26.1234568, lon: 28.1 }],
    });
    expect(locationInput.safeParse(input).success).toBe(true);
    const polygon = inputFromValues({ ...base, type: 'polygon', ring: SQUARE });
    expect(polygon).not.toHaveProperty('radius');
    expect(polygon.geofence).toHaveLength(4);
    expect(locationInput.safeParse(polygon).success).toBe(true);
  });

  it('names the field in every message', () => {
    expect(validateLocation({ ...base, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(validateLocation({ ...base, name: 'Depot; drop' }).name).toMatch(
      /^Name must not contain any of/,
    );
    expect(validateLocation({ ...base, address: 'Unit 5 (rear)' }).address).toMatch(
      /^Address must not contain/,
    );
    expect(validateLocation({ ...base, notes: 'a'.repeat(1001) }).notes).toMatch(/^Notes /);
    expect(validateLocation({ ...base, radius: 0 })).toEqual({
      radius: 'Radius must be above 0 metres',
    });
    expect(validateLocation({ ...base, radius: -5 })).toEqual({
      radius: 'Radius must be above 0 metres',
    });
    expect(validateLocation({ ...base, radius: null }).radius).toBe(
      'Radius is required for a point location',
    );
    expect(validateLocation({ ...base, radius: 200_000 }).radius).toBe(
      'Radius must be at most 100000 metres',
    );
    expect(validateLocation({ ...base, centre: { lat: -95, lon: 28 } }).shape).toBe(
      'Shape: latitude must be between -90 and 90',
    );
    const polygon = { ...base, type: 'polygon' as const };
    expect(validateLocation(polygon).shape).toMatch(/^Shape: draw the polygon on the map/);
    expect(validateLocation({ ...polygon, ring: SQUARE.slice(0, 2) }).shape).toBe(
      'Shape: the polygon needs at least 3 points',
    );
    expect(validateLocation({ ...polygon, ring: BOW_TIE }).shape).toBe(
      'Shape: the polygon must not cross itself',
    );
    expect(validateLocation({ ...polygon, ring: SQUARE })).toEqual({});
  });

  it('reads a stored location back into the form', () => {
    const closed = [...SQUARE, SQUARE[0]!];
    const values = valuesFromLocation(
      locationOf(3, 'Yard', { type: 'polygon', geofence: closed, radius: null, colour: 'red' }),
    );
    expect(values.ring).toEqual(SQUARE);
    expect(values.radius).toBe(100);
    expect(values.colour).toBe('#1565c0');
    expect(valuesFromLocation(locationOf(4, 'Pump', { radius: 75 }))).toMatchObject({
      type: 'point',
      radius: 75,
      centre: { lat: -26.2, lon: 28.05 },
    });
    expect(shapeSummary(locationOf(4, 'Pump', { radius: 75.4 }))).toBe('75 m radius');
    expect(shapeSummary({ type: 'polygon', radius: null, geofence: closed })).toBe('4 corners');
  });

  it('moves a polygon whole to typed coordinates', () => {
    const moved = moveRing(SQUARE, { lat: -30, lon: 25 });
    expect(moved[0]!.lat - moved[2]!.lat).toBeCloseTo(SQUARE[0]!.lat - SQUARE[2]!.lat, 9);
    const lats = moved.map((p) => p.lat);
    const lons = moved.map((p) => p.lon);
    expect((Math.max(...lats) + Math.min(...lats)) / 2).toBeCloseTo(-30, 2);
    expect((Math.max(...lons) + Math.min(...lons)) / 2).toBeCloseTo(25, 2);
  });

  it('starts new locations in the middle of the fleet, else at the map default', () => {
    const at = (lat: number, lon: number) => ({
      position: { lat, lon, speed: 0, direction: 0, datetime: '', ignition: null },
    });
    expect(fleetCentre([at(-26, 28), at(-27, 29), { position: null }, at(0, 0)])).toEqual({
      lat: -26.5,
      lon: 28.5,
    });
    expect(fleetCentre([])).toEqual({ lat: -28.4972, lon: 24.2199 });
  });
});
