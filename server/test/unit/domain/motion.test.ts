import { describe, expect, it } from 'vitest';
import { engineSecondsBetween, parkStateOf } from '../../../src/domain/motion';

describe('park state (SPEC §4: 0 Moving, 1 Parked, 2 Unknown)', () => {
  const base = { hasFix: true, moving: false, ignition: null, phase: 'stop' } as const;
  it('is unknown without a fix', () => {
    expect(parkStateOf({ ...base, hasFix: false, moving: true })).toBe(2);
  });
  it('is moving while the latest fix moves, and during a halt inside a trip', () => {
    expect(parkStateOf({ ...base, moving: true, ignition: false })).toBe(0);
    expect(parkStateOf({ ...base, phase: 'trip' })).toBe(0);
  });
  it('is parked in a stop, or at once when the ignition goes off', () => {
    expect(parkStateOf(base)).toBe(1);
    expect(parkStateOf({ ...base, phase: 'trip', ignition: false })).toBe(1);
    expect(parkStateOf({ ...base, phase: 'none', ignition: false })).toBe(1);
    expect(parkStateOf({ ...base, phase: 'none' })).toBe(2);
  });
});

describe('engine hours', () => {
  it('counts intervals that start with the ignition on, capped by the no-data gap', () => {
    expect(engineSecondsBetween(true, 0, 90_000, 1800)).toBe(90);
    expect(engineSecondsBetween(false, 0, 90_000, 1800)).toBe(0);
    expect(engineSecondsBetween(null, 0, 90_000, 1800)).toBe(0);
    expect(engineSecondsBetween(true, 0, 7200_000, 1800)).toBe(1800);
    expect(engineSecondsBetween(true, 5000, 1000, 1800)).toBe(0);
  });
});
