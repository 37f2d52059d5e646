import { describe, expect, it } from 'vitest';
import { alertSummary, formatAlertDuration } from './ruleAlertText';

describe('alertSummary: one sentence per rule alert, from its evidence', () => {
  it.each([
    [
      'speeding',
      { limit: 120, peak: 132, duration_s: 250, grace_s: 10 },
      'Peak 132 km/h over the 120 km/h limit for 4 min 10 s',
    ],
    [
      'location',
      { lid: 5, location_name: 'Johannesburg Main Depot', trigger: 'enter' },
      'Entered Johannesburg Main Depot',
    ],
    [
      'location',
      { lid: 5, location_name: 'Johannesburg Main Depot', trigger: 'exit' },
      'Left Johannesburg Main Depot',
    ],
    [
      'location',
      { lid: 5, location_name: 'Depot', trigger: 'inside', minutes: 30, duration_s: 3900 },
      'Stayed inside Depot for 1 h 5 min (limit 30 min)',
    ],
    ['harsh_driving', { kind: 'braking', derived: false }, 'Harsh braking reported by the tracker'],
    [
      'harsh_driving',
      { kind: 'acceleration', derived: true, delta_kmh: 30, seconds: 2 },
      'Harsh acceleration: speed changed by 30 km/h in 2 s',
    ],
    [
      'vehicle_moving',
      { min_speed: 10, peak: 64.4, duration_s: 600 },
      'Moving at up to 64 km/h for 10 min',
    ],
    [
      'battery_tampering',
      { event: 'power_cut', power: 0.4 },
      'Power cut: the battery was disconnected (0.4 V)',
    ],
    ['battery_tampering', { event: 'tamper' }, 'The tracker reported tampering'],
    ['battery_low', { volts: 11.8, power: 11.2 }, 'Battery at 11.2 V, below 11.8 V'],
    ['battery_low', { volts: 11.8, power: null }, 'Battery low (below 11.8 V)'],
    [
      'abnormal_park',
      { minutes: 60, duration_s: 7260 },
      'Parked outside the chosen locations for 2 h 1 min (limit 1 h)',
    ],
    [
      'excessive_idling',
      { minutes: 5, duration_s: 340 },
      'Idling with the ignition on for 5 min 40 s (limit 5 min)',
    ],
    ['excessive_park', { minutes: 10, duration_s: 840 }, 'Parked for 14 min (limit 10 min)'],
    [
      'excessive_ignition',
      { minutes: 20, duration_s: 1300 },
      'Ignition on for 21 min 40 s (limit 20 min)',
    ],
    [
      'towing',
      { peak: 35, duration_s: 60 },
      'Moved with the ignition off at up to 35 km/h for 1 min',
    ],
    ['border_crossing', { direction: 'out' }, 'Left South Africa'],
    ['route_violation', { roid: 3, route_name: 'N1', off_route_m: 420 }, 'Left N1 by 420 m'],
    [
      'driver_id_timeout',
      { minutes: 5, trip_start: '2025-01-06T08:01:00.000Z' },
      'No driver identified within 5 min of the trip start',
    ],
    [
      'immobiliser_bypass',
      { event: 'immobiliser_bypass' },
      'Immobiliser bypass or push start reported',
    ],
    ['power_restored', { power: 13.1 }, 'Power restored (13.1 V)'],
    ['power_restored', {}, 'Power restored'],
    [
      'speed_buzzer',
      { limit: 80, seconds: 30, peak: 90, duration_s: 70 },
      'Over the 80 km/h limit for more than 30 s, buzzer ignored (peak 90 km/h, 1 min 10 s)',
    ],
    ['generic_input', { input: 3, state: 'on' }, 'Input 3 switched on'],
    ['generic_input', { input: 1, state: 'off' }, 'Input 1 switched off'],
  ])('%s %j', (type, evidence, text) => {
    expect(alertSummary(type, evidence)).toBe(text);
  });

  it('an open incident without a duration yet still reads as a sentence', () => {
    expect(alertSummary('speeding', { limit: 120, peak: 125 })).toBe(
      'Peak 125 km/h over the 120 km/h limit',
    );
  });

  it('an unknown type gives its name rather than failing', () => {
    expect(alertSummary('something_new', {})).toBe('something_new');
  });
});

describe('formatAlertDuration', () => {
  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [250, '4 min 10 s'],
    [3599, '59 min 59 s'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [90061, '25 h 1 min'],
  ])('%i s is %s', (s, text) => {
    expect(formatAlertDuration(s)).toBe(text);
  });
});
