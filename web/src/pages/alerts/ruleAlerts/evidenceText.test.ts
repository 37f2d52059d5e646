// Evidence fields in words, the map's marks, the chart's limit and the links of the evidence page.
import { describe, expect, it } from 'vitest';
import {
  alertMarks,
  alertTripPath,
  chartLimit,
  evidenceFacts,
  preciseDuration,
} from './evidenceText';
import { tripPointsOf } from './EvidenceMap';
import { ruleAlertDetailOf } from './testAlerts';

const words = (type: string, evidence: Record<string, unknown>) =>
  evidenceFacts(type, evidence).map((f) => `${f.label}: ${f.value}`);

describe('evidence in words', () => {
  it('words each type the evaluators store', () => {
    expect(words('speed_buzzer', { limit: 80, seconds: 30, peak: 95, duration_s: 42 })).toEqual([
      'Speed limit: 80 km/h',
      'Buzzer after: 30 s',
      'Peak speed: 95 km/h',
      'Lasted: 42 s',
    ]);
    expect(
      words('harsh_driving', { kind: 'braking', derived: true, delta_kmh: 38, seconds: 2 }),
    ).toEqual([
      'Kind: Harsh braking',
      'Detected: Worked out from the speed',
      'Speed change: 38 km/h in 2 s',
    ]);
    expect(
      words('location', {
        lid: 3,
        location_name: 'Depot',
        trigger: 'inside',
        minutes: 30,
        duration_s: 1860,
      }),
    ).toEqual([
      'Location: Depot',
      'What happened: Stayed inside too long',
      'Allowed inside: 30 min',
      'Lasted: 31 min',
    ]);
    expect(words('battery_tampering', { event: 'power_cut', power: 0 })).toEqual([
      'Event: Main power cut',
      'Power supply: 0.0 V',
    ]);
    expect(
      words('route_violation', { roid: 2, route_name: 'N1 north', off_route_m: 812.4 }),
    ).toEqual(['Route: N1 north', 'Off the route by: 812 m']);
    expect(words('border_crossing', { direction: 'out' })).toEqual([
      'Direction: Left South Africa',
    ]);
    expect(words('generic_input', { input: 2, state: 1 })).toEqual([
      'Input: Digital input 2',
      'Changed to: On',
    ]);
    // A key this page does not know is still shown, in plain words.
    expect(words('towing', { peak: 25, duration_s: 600, tow_truck: true })).toEqual([
      'Peak speed: 25 km/h',
      'Lasted: 10 min',
      'Tow truck: yes',
    ]);
  });

  it('gives durations exactly under an hour', () => {
    expect(preciseDuration(250)).toBe('4 min 10 s');
    expect(preciseDuration(600)).toBe('10 min');
    expect(preciseDuration(5400)).toBe('1 hour 30 minutes');
  });
});

describe('evidence page parts', () => {
  const alert = ruleAlertDetailOf(12);

  it('marks the start and the fastest fix of the incident, and draws the limit of speed rules', () => {
    expect(alertMarks(alert, alert.points).map((m) => `${m.kind} ${m.lon} ${m.label}`)).toEqual([
      'start 28 Alert start',
      'peak 28.02 Peak 132 km/h',
    ]);
    expect(chartLimit(alert)).toBe(120);
    expect(
      chartLimit({ type: 'vehicle_moving', evidence: { min_speed: 10, peak: 40 } }),
    ).toBeNull();
    // A fix outside the incident is never the peak, however fast.
    const points = [
      ...alert.points,
      { lat: -26, lon: 29, speed: 190, datetime: '2026-11-20T08:05:30Z' },
    ];
    expect(alertMarks(alert, points)[1].label).toBe('Peak 132 km/h');
    // No position on the alert: the first fix of the incident is its start.
    expect(alertMarks({ ...alert, lat: null, lon: null, evidence: {} }, alert.points)).toEqual([
      { kind: 'start', lat: -26.1, lon: 28.0, label: 'Alert start' },
    ]);
  });

  it('links the trip page at the alert minute and heads each fix to the next', () => {
    expect(alertTripPath({ uid: 7, time: '2026-11-20T08:00:00Z' })).toMatch(
      /^\/portal\/trip\/7\/2026-11-20T\d\d:00$/,
    );
    const trip = tripPointsOf([alert.points[2], alert.points[0], alert.points[1]]);
    expect(trip.map((p) => p.speed)).toEqual([110, 124, 132]);
    expect(Math.round(trip[0].direction)).toBe(90);
  });
});
