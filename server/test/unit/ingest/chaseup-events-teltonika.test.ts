// The recovery desk's events from Teltonika FMB records (issue 16 item 1; docs/protocols.md
// "Chase-up events"): real corpus samples where it has one, records built with the device-side
// encoder otherwise. Each mapping names the IO and value the tracker sends.
import { describe, expect, it } from 'vitest';
import { decodeTeltonikaAvl } from '../../../src/ingest/protocols/teltonika';
import {
  encodeTeltonikaAvl,
  type AvlIo,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import type { DeviceRecord } from '../../../src/ingest/types';
import { bytesOf, loadSamples } from '../protocols/samples';

const IMEI = '356307042441013';

function decode(bytes: Buffer): DeviceRecord[] {
  const r = decodeTeltonikaAvl(bytes, 0, bytes.length, IMEI);
  if (r.status !== 'ok') throw new Error(r.status);
  return r.records;
}

const base: AvlRecord = {
  time: Date.UTC(2026, 10, 20, 2, 30, 0),
  lat: -26.1076,
  lon: 28.0567,
  altitude: 1600,
  course: 90,
  speed: 0,
  satellites: 10,
};

const io = (id: number, value: number, size: AvlIo['size'] = 1): AvlIo => ({ id, value, size });
const ignition = (on: boolean) => io(239, on ? 1 : 0);
const movement = (on: boolean) => io(240, on ? 1 : 0);

/** The events of one record the tracker made for `eventId` with these IO elements. */
function eventsOf(eventId: number, ios: AvlIo[], extra: Partial<AvlRecord> = {}): string[] {
  return decode(encodeTeltonikaAvl([{ ...base, eventId, io: ios, ...extra }]))[0].events;
}

describe('Teltonika corpus samples', () => {
  const samples = loadSamples('teltonika');

  it('an FMB crash record with the ignition off is an impact while parked; its unplug record a power cut', () => {
    // Sample 7: four records of an FMB tracker, the first made by crash detection (IO 247 = 1)
    // with the ignition (IO 239) off, the third by unplug detection (IO 252 = 1).
    const records = decode(bytesOf(samples[7]));
    const first = records[0];
    expect(first.attributes.event).toBe(247);
    expect(first.attributes.io247).toBe(1);
    expect(first.ignition).toBe(false);
    expect(first.events).toEqual(['crash_impact_park']);
    expect(first.attributes.alarm).toBe('accident');
    const unplug = records.find((r) => r.attributes.event === 252)!;
    expect(unplug.attributes.io252).toBe(1);
    expect(unplug.events).toEqual(['power_cut']);
  });

  it('a record of the alarm IO is the panic button', () => {
    // Sample 11: two records, the first made by IO 236 (alarm) = 1.
    const [first] = decode(bytesOf(samples[11]));
    expect(first.attributes.event).toBe(236);
    expect(first.events).toEqual(['panic']);
    expect(first.attributes.alarm).toBe('sos');
  });
});

describe('Teltonika IO elements → chase-up events', () => {
  it('unplug (IO 252): power cut, or a cut feed when AIN1 still senses the vehicle battery', () => {
    // (1) power loss
    expect(eventsOf(252, [io(252, 1), io(66, 0, 2)])).toEqual(['power_cut']);
    // (13) supply wiring cut or fuse blown: AIN1 (IO 9) wired ahead of the fuse reads 12.6 V
    expect(eventsOf(252, [io(252, 1), io(66, 0, 2), io(9, 12_600, 2)])).toEqual(['supply_cut']);
    // AIN1 low too: the vehicle battery itself is gone
    expect(eventsOf(252, [io(252, 1), io(9, 300, 2)])).toEqual(['power_cut']);
    expect(eventsOf(252, [io(252, 0), io(66, 12_500, 2)])).toEqual(['power_restored']);
  });

  it('crash detection (IO 247): a crash while driving, an impact while parked', () => {
    // (5) accident detection, every crash value (1-6: trace kinds, calibrated or not)
    for (let v = 1; v <= 6; v++) {
      expect(eventsOf(247, [io(247, v), ignition(true)], { speed: 64 })).toEqual(['crash']);
    }
    // The ignition unknown: a crash all the same.
    expect(eventsOf(247, [io(247, 1)])).toEqual(['crash']);
    // (24) impact while parked
    expect(eventsOf(247, [io(247, 1), ignition(false)])).toEqual(['crash_impact_park']);
  });

  it('green driving braking (IO 253 = 2) at crash level (IO 254 ≥ 1.2 g): crash braking', () => {
    // (23) crash braking; the harsh braking stays for the driver reports
    const crash = eventsOf(253, [io(253, 2), io(254, 150), ignition(true)], { speed: 80 });
    expect(crash).toEqual(['harsh_braking', 'crash_braking']);
    expect(eventsOf(253, [io(253, 2), io(254, 120)])).toContain('crash_braking');
    // Ordinary harsh braking (0.45 g) is no chase-up.
    expect(eventsOf(253, [io(253, 2), io(254, 45)])).toEqual(['harsh_braking']);
    expect(eventsOf(253, [io(253, 1), io(254, 150)])).toEqual(['harsh_acceleration']);
  });

  it('the alarm IO and the panic priority: panic', () => {
    // (6) panic wired; a paired remote makes it (7) in the pipeline
    expect(eventsOf(236, [io(236, 1)], { priority: 2 })).toEqual(['panic']);
    expect(eventsOf(1, [io(1, 1)], { priority: 2 })).toEqual(['panic']);
  });

  it('the immobiliser scenario (IO 248 = 0) with the ignition on: no driver ID at trip start', () => {
    // (8) driver ID timeout
    expect(eventsOf(248, [io(248, 0), ignition(true)])).toEqual(['driver_id_timeout']);
    expect(eventsOf(248, [io(248, 0), ignition(false)])).toEqual([]);
    expect(eventsOf(248, [io(248, 1), ignition(true)])).toEqual([]);
  });

  it('GNSS status (IO 69) off while awake: GPS fault', () => {
    // (10) GPS issue
    expect(eventsOf(69, [io(69, 0), io(200, 0)])).toEqual(['gps_fault']);
    expect(eventsOf(69, [io(69, 0)])).toEqual(['gps_fault']);
    // Asleep (IO 200 = 2, deep sleep) the receiver is off by design.
    expect(eventsOf(69, [io(69, 0), io(200, 2)])).toEqual([]);
    expect(eventsOf(69, [io(69, 2), io(200, 0)])).toEqual([]);
  });

  it('DOUT1 holding the starter cut while the vehicle drives: immobiliser bypass', () => {
    // (14) immobiliser tamper
    const bypass = [io(179, 1), ignition(true), movement(true)];
    expect(eventsOf(240, bypass, { speed: 25 })).toEqual(['immobiliser_bypass']);
    expect(eventsOf(239, bypass, { speed: 0 })).toContain('immobiliser_bypass');
    expect(eventsOf(240, [io(179, 0), ignition(true), movement(true)])).toEqual([]);
    expect(eventsOf(240, [io(179, 1), ignition(false), movement(true)])).toEqual([]);
  });

  it('towing (IO 246): towing', () => {
    // (15)
    expect(eventsOf(246, [io(246, 1), ignition(false)], { speed: 30 })).toEqual(['towing']);
  });

  it('DIN2 going high: house alarm; DIN3 high with the ignition off: immobiliser line high', () => {
    // (16) house alarm
    expect(eventsOf(2, [io(2, 1)])).toEqual(['house_alarm']);
    expect(eventsOf(2, [io(2, 0)])).toEqual([]);
    // (17) immobiliser line high for 20 s (the input filter) without ignition
    expect(eventsOf(3, [io(3, 1), ignition(false)])).toEqual(['immobiliser_line_high']);
    expect(eventsOf(3, [io(3, 1), ignition(true)])).toEqual([]);
    // DIN1 is the ignition: no event of its own.
    expect(eventsOf(1, [io(1, 1)])).toEqual([]);
  });

  it('GNSS jamming (IO 318) and GSM jamming (IO 249)', () => {
    // (18) GPS jamming: warning and critical
    expect(eventsOf(318, [io(318, 1)])).toEqual(['gps_jamming']);
    expect(eventsOf(318, [io(318, 2)])).toEqual(['gps_jamming']);
    expect(eventsOf(318, [io(318, 0)])).toEqual([]);
    // (19) GSM jamming
    expect(eventsOf(249, [io(249, 1)])).toEqual(['gsm_jamming']);
  });

  it('periodic records repeating a state raise nothing', () => {
    const states = [
      io(252, 1),
      io(246, 1),
      io(249, 1),
      io(318, 2),
      io(2, 1),
      io(3, 1),
      io(248, 0),
      io(69, 0),
      io(179, 1),
      ignition(false),
      movement(true),
    ];
    expect(eventsOf(0, states)).toEqual([]);
  });

  it('keeps every IO raw, so an unmapped one is still there to read', () => {
    const [rec] = decode(encodeTeltonikaAvl([{ ...base, eventId: 251, io: [io(251, 1)] }]));
    expect(rec.events).toEqual([]);
    expect(rec.attributes.io251).toBe(1);
  });
});
