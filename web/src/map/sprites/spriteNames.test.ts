import { describe, expect, it } from 'vitest';
import { VEHICLE_CLASSES } from '@fleet/common';
import { normaliseColour } from '../colours';
import {
  headingPointerName,
  parseHeadingPointerName,
  parseUnitSpriteName,
  unitSpriteName,
  vehicleClassOf,
  UNIT_ICON_STATES,
} from './spriteNames';

describe('unit sprite names', () => {
  it('name every class, colour and state so the factory can draw the image back from its name', () => {
    for (const vehicleClass of VEHICLE_CLASSES) {
      for (const state of UNIT_ICON_STATES) {
        const spec = { style: 3 as const, vehicleClass, colour: 'e53935', state };
        const parsed = parseUnitSpriteName(unitSpriteName(spec));
        expect(parsed).toEqual(state === 'offline' ? { ...spec, colour: 'grey' } : spec);
      }
    }
  });

  it('share one grey image for disconnected units whatever their colour', () => {
    const red = unitSpriteName({ style: 3, vehicleClass: 'bus', colour: 'red', state: 'offline' });
    const blue = unitSpriteName({
      style: 3,
      vehicleClass: 'bus',
      colour: 'blue',
      state: 'offline',
    });
    expect(red).toBe(blue);
    expect(red).not.toBe(
      unitSpriteName({ style: 3, vehicleClass: 'bus', colour: 'red', state: 'parked' }),
    );
  });

  it('ignore the vehicle class in the arrow and dot styles, which do not show it', () => {
    const a = unitSpriteName({ style: 0, vehicleClass: 'bus', colour: 'red', state: 'moving' });
    const b = unitSpriteName({ style: 0, vehicleClass: 'tractor', colour: 'red', state: 'moving' });
    expect(a).toBe(b);
    expect(
      unitSpriteName({ style: 4, vehicleClass: 'bus', colour: 'red', state: 'moving' }),
    ).not.toBe(
      unitSpriteName({ style: 4, vehicleClass: 'tractor', colour: 'red', state: 'moving' }),
    );
  });

  it('refuse names that are not unit sprites', () => {
    for (const name of [
      'trip-arrow',
      'unit:9:bus:ffffff:moving',
      'unit:3:rocket:ffffff:moving',
      'unit:3:bus:zzzzzz:parked',
      'unit:3:bus:ffffff:flying',
    ]) {
      expect(parseUnitSpriteName(name)).toBeNull();
    }
  });

  it('fall back to a generic badge for an unknown vehicle class', () => {
    expect(vehicleClassOf('Spaceship')).toBe('default');
    expect(vehicleClassOf(' SUV ')).toBe('suv');
    expect(vehicleClassOf(null)).toBe('default');
  });

  it('name heading pointers per style and colour', () => {
    expect(parseHeadingPointerName(headingPointerName(4, '#00897B'))).toEqual({
      style: 4,
      colour: '00897b',
    });
    expect(parseHeadingPointerName('pointer:0:ffffff')).toBeNull();
  });
});

describe('normaliseColour', () => {
  it('reads CSS names, long and short hex, and falls back for anything else', () => {
    expect(normaliseColour('Red')).toBe('e53935');
    expect(normaliseColour('#ABC')).toBe('aabbcc');
    expect(normaliseColour('00ff00')).toBe('00ff00');
    expect(normaliseColour('not a colour')).toBe('1e88e5');
    expect(normaliseColour('')).toBe('1e88e5');
  });
});
