// The recovery desk's events from Concox GT06 packets (issue 16 item 1; docs/protocols.md
// "Chase-up events"): the alarm code of the location + status packets and the alarm bits of the
// terminal information, from real corpus samples where it has one and built with the device-side
// encoder otherwise. Codes that mean none of our events stay in the attributes.
import { describe, expect, it } from 'vitest';
import { decodeGt06 } from '../../../src/ingest/protocols/gt06';
import {
  encodeGt06Alarm,
  encodeGt06Heartbeat,
  type Gt06Fix,
  type Gt06Status,
} from '../../../src/ingest/protocols/gt06-encode';
import type { DeviceRecord } from '../../../src/ingest/types';
import { bytesOf, loadSamples } from '../protocols/samples';

const NOW = Date.UTC(2026, 10, 21, 1, 0, 0);

function decode(bytes: Buffer): DeviceRecord {
  const r = decodeGt06(bytes, 0, bytes.length, '862798052429087', NOW);
  if (r.kind !== 'data') throw new Error(r.kind);
  return r.records[0];
}

const parked: Gt06Fix = {
  time: NOW - 20_000,
  lat: -33.9249,
  lon: 18.4241,
  speed: 0,
  course: 0,
  satellites: 9,
  valid: true,
  ignition: false,
};
const driving: Gt06Fix = { ...parked, speed: 72, course: 140, ignition: true };
const quiet: Gt06Status = { ignition: false, charging: true, voltageLevel: 6, gsm: 4, alarm: 0 };

/** A 0x16 location + status packet carrying this alarm code. */
function alarm(code: number, fix = parked): DeviceRecord {
  return decode(encodeGt06Alarm(fix, { ...quiet, ignition: fix.ignition!, alarm: code }, 1));
}

describe('GT06 corpus samples', () => {
  const samples = loadSamples('gt06');
  const events = (i: number) => decode(bytesOf(samples[i]));

  it('SOS: panic', () => {
    for (const i of [25, 31]) {
      expect(samples[i].attribute).toEqual(['KEY_ALARM', 'ALARM_SOS']);
      expect(events(i).events).toEqual(['panic']);
    }
  });

  it('power cut in the terminal information and the alarm code: power cut', () => {
    // Sample 135: terminal information 0x50 (bits 3-5 = 2, power cut), alarm code 0x02.
    const r = events(135);
    expect(r.attributes.status).toBe(0x50);
    expect(r.attributes.event).toBe(0x02);
    expect(r.events).toEqual(['power_cut']);
  });

  it('tampering and vibration: tampering', () => {
    for (const i of [41, 43]) {
      expect(samples[i].attribute).toEqual(['KEY_ALARM', 'ALARM_TAMPERING']);
      expect(events(i).events).toEqual(['tamper']);
    }
    // Samples 64 and 142: a parked tracker's vibration alarm (terminal information bits 3-5 = 1).
    for (const i of [64, 142]) {
      expect(events(i).events).toEqual(['tamper']);
      expect(events(i).attributes.alarm).toBe('vibration');
    }
  });

  it('removal: harness unplugged', () => {
    expect(samples[75].attribute).toEqual(['KEY_ALARM', 'ALARM_REMOVING']);
    expect(events(75).events).toEqual(['harness_unplugged']);
    expect(events(75).attributes.alarm).toBe('removing');
  });

  it('the displacement alarm 0x09 of a removed tracker: towing', () => {
    // Sample 65: terminal information 0x7E (removal) and alarm code 0x09 (moved).
    const r = events(65);
    expect(r.attributes.event).toBe(0x09);
    expect(r.events).toEqual(['harness_unplugged', 'towing']);
  });
});

describe('GT06 alarm codes → chase-up events', () => {
  it.each([
    [0x01, 'panic', 'sos'], // (6) panic wired; a paired remote makes it (7) in the pipeline
    [0x02, 'power_cut', 'powerCut'], // (1)
    [0x0e, 'low_battery', 'lowBattery'], // (2)
    [0x0f, 'low_battery', 'lowBattery'],
    [0x19, 'low_battery', 'lowBattery'],
    [0x03, 'tamper', 'vibration'], // (3) tampering by accelerometer
    [0x0c, 'tamper', 'tampering'],
    [0x13, 'tamper', 'tampering'],
    [0x25, 'tamper', 'tampering'],
    [0x32, 'tamper', 'tampering'],
    [0x18, 'harness_unplugged', 'removing'], // (12)
    [0x09, 'towing', 'tow'], // (15)
  ])('alarm code %i → %s', (code, event, name) => {
    const r = alarm(code);
    expect(r.events).toEqual([event]);
    expect(r.attributes.alarm).toBe(name);
    expect(r.attributes.event).toBe(code);
  });

  it('a collision: a crash while driving, an impact while parked', () => {
    // (5) accident detection
    expect(alarm(0x2c, driving).events).toEqual(['crash']);
    expect(alarm(0xf2, driving).events).toEqual(['crash']);
    // (24) impact while parked
    expect(alarm(0x2c, parked).events).toEqual(['crash_impact_park']);
    expect(alarm(0x2c, parked).attributes.alarm).toBe('accident');
  });

  it('a fall (0x23): tilted while parked, a roll-over crash while driving', () => {
    // (22) accident from park tilt
    expect(alarm(0x23, parked).events).toEqual(['crash_park_tilt']);
    expect(alarm(0x23, parked).attributes.alarm).toBe('fallDown');
    expect(alarm(0x23, driving).events).toEqual(['crash']);
  });

  it('the relay holding the starter cut while the vehicle drives: immobiliser bypass', () => {
    // (14) terminal information bit 7 (oil and power cut) with the ignition on, at 72 km/h
    const cut = { ...quiet, ignition: true, cut: true };
    expect(decode(encodeGt06Alarm(driving, cut, 1)).events).toEqual(['immobiliser_bypass']);
    expect(decode(encodeGt06Alarm({ ...driving, speed: 5 }, cut, 1)).events).toEqual([]);
    expect(decode(encodeGt06Alarm(parked, { ...cut, ignition: false }, 1)).events).toEqual([]);
  });

  it('the alarm bits of the terminal information, in a status packet without location', () => {
    const bits = (terminalAlarm: number) =>
      decode(encodeGt06Heartbeat({ ...quiet, terminalAlarm }, 1)).events;
    expect(bits(1)).toEqual(['tamper']);
    expect(bits(2)).toEqual(['power_cut']);
    expect(bits(3)).toEqual(['low_battery']);
    expect(bits(4)).toEqual(['panic']);
    expect(bits(7)).toEqual(['harness_unplugged']);
    expect(bits(6)).toEqual([]);
  });

  it('keeps codes that mean none of our events in the attributes', () => {
    for (const [code, name] of [
      [0x04, 'geofenceEnter'],
      [0x11, 'powerOff'],
      [0x14, 'door'],
    ] as const) {
      const r = alarm(code);
      expect(r.events).toEqual([]);
      expect(r.attributes.alarm).toBe(name);
    }
    const unknown = alarm(0x5b);
    expect(unknown.events).toEqual([]);
    expect(unknown.attributes.alarm).toBeUndefined();
    expect(unknown.attributes.event).toBe(0x5b);
  });
});
