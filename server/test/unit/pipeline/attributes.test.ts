import { describe, expect, it } from 'vitest';
import { positionAttributes } from '../../../src/pipeline/attributes';
import { fix, T0 } from './records';

describe('position attributes', () => {
  it('is an empty object when there is nothing beyond the columns', () => {
    expect(positionAttributes(fix(T0, -26, 28, 0))).toBe('{}');
  });

  it('keeps decoded attributes and the named values, as valid JSON', () => {
    const rec = fix(T0, -26, 28, 0, {
      attributes: { io239: 1, alarm: 'sos', tag1Voltage: '3090' },
      power: 12.61,
      battery: 4.05,
      gsm: 4,
      driverId: '00000A1B2C"3',
      motion: true,
      accuracy: Number.NaN,
    });
    expect(JSON.parse(positionAttributes(rec))).toEqual({
      io239: 1,
      alarm: 'sos',
      tag1Voltage: '3090',
      power: 12.61,
      battery: 4.05,
      rssi: 4,
      driverUniqueId: '00000A1B2C"3',
      motion: true,
    });
    expect(JSON.parse(positionAttributes(fix(T0, -26, 28, 0, { power: 11 })))).toEqual({
      power: 11,
    });
  });
});
