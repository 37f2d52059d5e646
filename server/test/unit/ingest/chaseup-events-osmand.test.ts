// The recovery desk's events from OsmAnd-protocol requests (issue 16 item 1; docs/protocols.md
// "Chase-up events"): `alarm=` with Traccar's alarm names, or with our own event names for what
// Traccar has no name for, in the query form and in a Traccar Client JSON batch.
import { describe, expect, it } from 'vitest';
import { decodeOsmand } from '../../../src/ingest/protocols/osmand';
import {
  encodeOsmandJson,
  encodeOsmandQuery,
  type OsmandFix,
} from '../../../src/ingest/protocols/osmand-encode';
import type { DeviceRecord } from '../../../src/ingest/types';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const fix: OsmandFix = {
  id: 'phone-17',
  time: NOW - 5_000,
  lat: -25.7479,
  lon: 28.2293,
  speed: 0,
  course: 0,
  ignition: false,
};

function query(alarm: string, extra: Partial<OsmandFix> = {}): DeviceRecord {
  const url = `/?${encodeOsmandQuery({ ...fix, ...extra, alarm })}`;
  const r = decodeOsmand({ method: 'GET', url }, NOW);
  if (!r.ok) throw new Error(r.error);
  return r.records[0];
}

function json(alarm: string, extra: Partial<OsmandFix> = {}): DeviceRecord {
  const body = encodeOsmandJson([{ ...fix, ...extra, alarm }]);
  const r = decodeOsmand({ method: 'POST', url: '/', contentType: 'application/json', body }, NOW);
  if (!r.ok) throw new Error(r.error);
  return r.records[0];
}

/** Traccar's alarm names that mean one of our events. */
const TRACCAR: [string, string][] = [
  ['powerCut', 'power_cut'], // (1)
  ['lowBattery', 'low_battery'], // (2)
  ['lowPower', 'low_battery'],
  ['tampering', 'tamper'], // (3)
  ['vibration', 'tamper'],
  ['sos', 'panic'], // (6); a paired remote makes it (7) in the pipeline
  ['gpsAntennaCut', 'gps_fault'], // (10)
  ['removing', 'harness_unplugged'], // (12)
  ['tow', 'towing'], // (15)
  ['jamming', 'gps_jamming'], // (18)
];

/** What Traccar has no name for: our own event names. */
const OWN = [
  'driver_id_timeout', // (8)
  'driver_id_lost', // (9)
  'gps_fault', // (10)
  'harness_unplugged', // (12)
  'supply_cut', // (13)
  'immobiliser_fault', // (14)
  'immobiliser_bypass', // (14)
  'house_alarm', // (16)
  'immobiliser_line_high', // (17)
  'gps_jamming', // (18)
  'gsm_jamming', // (19)
  'early_warning_timeout', // (20)
  'early_warning_lost', // (21)
  'crash_park_tilt', // (22)
  'crash_braking', // (23)
  'crash_impact_park', // (24)
];

describe('OsmAnd alarm= → chase-up events', () => {
  it.each(TRACCAR)('Traccar alarm %s → %s, in the query and in JSON', (name, event) => {
    for (const rec of [query(name), json(name)]) {
      expect(rec.events).toEqual([event]);
      expect(rec.attributes.alarm).toBe(name);
    }
  });

  it.each(OWN)('our event name %s', (name) => {
    for (const rec of [query(name), json(name)]) {
      expect(rec.events).toEqual([name]);
      expect(rec.attributes.alarm).toBe(name);
    }
  });

  it('accident: a crash while driving, an impact while parked', () => {
    // (5) accident detection
    expect(query('accident', { ignition: true, speed: 50 }).events).toEqual(['crash']);
    expect(json('accident', { ignition: true, speed: 50 }).events).toEqual(['crash']);
    // The ignition unknown: a crash.
    expect(query('accident', { ignition: undefined }).events).toEqual(['crash']);
    // (24)
    expect(query('accident').events).toEqual(['crash_impact_park']);
    expect(json('accident').events).toEqual(['crash_impact_park']);
  });

  it('fallDown: tilted while parked, a roll-over crash while driving', () => {
    // (22)
    expect(query('fallDown').events).toEqual(['crash_park_tilt']);
    expect(json('fallDown').events).toEqual(['crash_park_tilt']);
    expect(query('fallDown', { ignition: true, speed: 40 }).events).toEqual(['crash']);
  });

  it('several alarms in one request, each once', () => {
    const rec = query('powerCut,tow,powerCut');
    expect(rec.events).toEqual(['power_cut', 'towing']);
    expect(rec.attributes.alarm).toBe('powerCut,tow');
  });

  it('keeps names that are no event of a device, without raising one', () => {
    // A paired remote is the pipeline's word; places and ignition changes are derived.
    for (const name of ['panic_remote', 'location_enter', 'ignition_on', 'door', 'general']) {
      const rec = query(name);
      expect(rec.events).toEqual([]);
      expect(rec.attributes.alarm).toBe(name);
    }
  });
});
