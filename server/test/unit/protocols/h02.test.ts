// The H02 decoder: corpus messages into the values a user sees, the server's answers, the
// framing of text and binary messages, and what malformed input gives.
import { describe, expect, it } from 'vitest';
import {
  decodeH02,
  encodeH02TimeSync,
  h02FrameLength,
  H02_MAX_FRAME,
  type H02Context,
  type H02Result,
} from '../../../src/ingest/protocols/h02';
import {
  encodeH02Answer,
  encodeH02Binary,
  encodeH02Heartbeat,
  encodeH02Position,
  type H02Fix,
} from '../../../src/ingest/protocols/h02-encode';
import { h02StatusWord, H02_STATUS_IDLE } from '../../../src/ingest/protocols/h02-status';
import type { DeviceRecord } from '../../../src/ingest/types';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const CTX: H02Context = { deviceId: null, now: NOW };
const hex = (s: string) => Buffer.from(s, 'hex');
const txt = (s: string) => Buffer.from(s, 'latin1');

function decode(b: Buffer, ctx: Partial<H02Context> = {}): H02Result {
  return decodeH02(b, 0, b.length, { ...CTX, ...ctx });
}

function record(b: Buffer, ctx: Partial<H02Context> = {}): DeviceRecord {
  const r = decode(b, ctx);
  if (r.kind !== 'records') throw new Error(`${r.kind}: ${'reason' in r ? r.reason : ''}`);
  expect(r.records).toHaveLength(1);
  return r.records[0];
}

describe('H02 text positions', () => {
  it('V1: time, fix, knots to km/h, course, ignition and the raw status', () => {
    const r = record(
      txt(
        '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#',
      ),
    );
    expect(r).toMatchObject({
      deviceId: '4210051415',
      protocol: 'h02',
      fixTime: Date.UTC(2015, 11, 22, 16, 45, 49),
      hasLocation: true,
      valid: true,
      speed: 0,
      ignition: false,
      outputs: 0,
      events: [],
    });
    expect(r.lat).toBeCloseTo(9.93978, 5);
    expect(r.lon).toBeCloseTo(-84.11178, 5);
    expect(r.attributes).toMatchObject({ status: 0xfffffbff, io1: '712', io5: '6' });
  });

  it('reads the three coordinate notations and short degrees', () => {
    const at = (lat: string, ns: string, lon: string, ew: string) =>
      record(txt(`*HQ,1,V1,121557,A,${lat},${ns},${lon},${ew},0.1,158,241115,FFFFFFFF#`));
    expect(at('-23-29.0095', 'S', '-46-51.5852', 'W').lat).toBeCloseTo(-23.48349, 5);
    const packed = at('37573392', 'S', '145037022', 'E');
    expect(packed.lat).toBeCloseTo(-37.95565, 5);
    expect(packed.lon).toBeCloseTo(145.0617, 5);
    expect(at('701.8915', 'S', '3450.3399', 'W').lat).toBeCloseTo(-7.031525, 5);
    expect(at('3542.2043', 'N', '38.6508', 'W').lon).toBeCloseTo(-0.64418, 5);
  });

  it('speed is knots: 57.78 kn is 107 km/h; the ignition is status bit 10', () => {
    const r = record(
      txt('*HQ,353588020068342,V1,084436,A,3257.01525,N,00655.03865,W,57.78,40,011216,FFFFFFFF#'),
    );
    expect(r.speed).toBeCloseTo(107.01, 2);
    expect(r.course).toBe(40);
    expect(r.ignition).toBe(true);
  });

  it('V19 keeps the ICCID, V1 with odometer, temperature, fuel, altitude and cell', () => {
    const v19 = record(
      txt(
        '*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#',
      ),
    );
    expect(v19.attributes).toMatchObject({ iccid: '89480610500392633029', status: 0xbffffbff });
    expect(v19.inputs).toBe(2); // bit 30 low: high-level sensor 2
    const full = record(
      txt(
        '*HQ,2130510938,V1,012632,A,0520.0663,N,10028.6324,E,0.286,023,100317,FFFFDFFF,69129336,0,100.0,18,5141,5A20#',
      ),
    );
    expect(full).toMatchObject({ odometer: 69129336, altitude: 18 });
    expect(full.attributes).toMatchObject({ temp1: 0, fuel: 100, lac: 0x5141, cid: 0x5a20 });
  });

  it('an invalid fix is stored as the device says; one without a date is stamped on arrival', () => {
    const r = record(
      txt('*HQ,353505220873067,V1,,V,4605.75732,N,01430.73863,E,0.00,0,,FFFFFFEF,125,194,  64,d3#'),
    );
    expect(r).toMatchObject({ valid: false, fixTime: NOW, hasLocation: true });
    expect(r.attributes.alarm).toBe('geofenceEnter');
  });

  it('V1 without a usable position stores nothing and gets no answer', () => {
    for (const m of [
      '*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#',
      '*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff,000106#',
      '*HQ,1,V1,121557,A,9100.0000,N,00000.0000,E,0,0,241115,FFFFFFFF#',
      '*HQ,1,V1,121557,A,4575.0000,N,00000.0000,E,0,0,241115,FFFFFFFF#',
    ]) {
      expect(decode(txt(m))).toMatchObject({ kind: 'ignored', reply: null });
    }
  });

  it('VP1 positions have a date only: the current time when it is today', () => {
    const b = txt('*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,211126#');
    expect(record(b)).toMatchObject({ fixTime: NOW, valid: true, hasLocation: true });
    const old = record(
      txt('*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#'),
    );
    expect(old.fixTime).toBe(Date.UTC(2017, 8, 8));
  });

  it('an empty id is the connection device; without one the message is not stored', () => {
    const b = txt('*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#');
    expect(record(b, { deviceId: '4109198974' }).deviceId).toBe('4109198974');
    expect(decode(b)).toMatchObject({ kind: 'ignored', deviceId: null });
  });
});

describe('H02 alarms and status', () => {
  const v1 = (status: string) =>
    txt(`*HQ,1,V1,121557,A,2225.7887,S,02829.1902,E,0.00,0,290418,${status}#`);

  it('maps the negative-logic alarm bits to events and alarm names', () => {
    expect(record(v1('FFFFFBFD')).events).toEqual(['panic']);
    expect(record(v1('FFFFFBFD')).attributes.alarm).toBe('sos');
    expect(record(v1('FFFBFFFF')).events).toEqual(['panic']); // bit 18, Traccar's second SOS
    expect(record(v1('FFFFFBFB')).events).toEqual(['overspeed']);
    expect(record(v1('FFFFFBFE')).events).toEqual(['tamper']);
    expect(record(v1('FFFFFBFE')).attributes.alarm).toBe('vibration');
    expect(record(v1('FFF7FBFF')).events).toEqual(['power_cut']);
    expect(record(v1('EFFFFBFF')).events).toEqual(['power_cut']);
    expect(record(v1('FDFFFBFF')).events).toEqual(['towing']);
    expect(record(v1('FFFFFBDF')).events).toEqual(['gps_fault']);
    const fence = record(v1('FFFFFB7F'));
    expect(fence.events).toEqual([]);
    expect(fence.attributes.alarm).toBe('geofenceExit');
  });

  it('bit 27 is the fuel/power cut relay (DOUT1), bit 9 armed, bit 8 the door', () => {
    const r = record(v1('F7FFF8FF'));
    expect(r).toMatchObject({ outputs: 1, ignition: false });
    expect(r.attributes).toMatchObject({ armed: true, door: true });
  });

  it('raises an alarm when its bit turns active, not again while it stays latched', () => {
    const sos = h02StatusWord({ ignition: true, sos: true });
    const b = v1(sos.toString(16));
    expect(record(b, { previous: () => undefined }).events).toEqual(['panic']);
    expect(record(b, { previous: () => sos }).events).toEqual([]);
    expect(record(b, { previous: () => H02_STATUS_IDLE }).events).toEqual(['panic']);
  });

  it('the supply coming back after a cut is power_restored', () => {
    const cut = h02StatusWord({ ignition: false, powerCut: true });
    const r = record(v1(H02_STATUS_IDLE.toString(16)), { previous: () => cut });
    expect(r.events).toEqual(['power_restored']);
    expect(r.attributes.alarm).toBe('powerRestored');
  });
});

describe('H02 binary records', () => {
  it('the 32-byte standard record of the ST-901 manual', () => {
    const r = record(hex('2410307310010503162209022212874500113466574C014028fffffbffff0000'));
    expect(r).toMatchObject({
      deviceId: '1030731001',
      fixTime: Date.UTC(2002, 8, 22, 5, 3, 16),
      valid: false,
      course: 28,
      ignition: false,
    });
    expect(r.lat).toBeCloseTo(22.214575, 6);
    expect(r.lon).toBeCloseTo(113.777623, 5);
    expect(r.speed).toBeCloseTo(14 * 1.852, 6);
  });

  it('the 45-byte record with its SOS bit and battery byte', () => {
    const r = record(
      hex(
        '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f',
      ),
    );
    expect(r).toMatchObject({
      deviceId: '4106000826',
      fixTime: Date.UTC(2015, 7, 31, 21, 53, 21),
      valid: true,
      batteryLevel: 100,
      events: ['panic'],
    });
    expect(r.lat).toBeCloseTo(4.69898, 5);
    expect(r.lon).toBeCloseTo(-74.06971, 4);
  });

  it('the 42-byte record with a 15-digit IMEI', () => {
    const r = record(
      hex('2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC'),
    );
    expect(r).toMatchObject({ deviceId: '352483084193293', course: 138, valid: true });
    expect(r.speed).toBeCloseTo(24 * 1.852, 6);
  });

  it('X mode records belong to the connection device and carry the mileage', () => {
    const b = hex('2410307310010503162209022212874500113466574C014028fffffbffff0000');
    b[0] = 0x58;
    expect(decode(b)).toMatchObject({ kind: 'ignored', deviceId: null });
    const r = record(b, { deviceId: '4106000826' });
    expect(r).toMatchObject({ deviceId: '4106000826', odometer: Math.round(1030731001 * 0.51444) });
  });

  it('is refused when its fields are not BCD or out of range', () => {
    const b = hex('2410307310010503162209022212874500113466574C014028fffffbffff0000');
    b[7] = 0x61; // minute 61
    expect(decode(b).kind).toBe('malformed');
    expect(decode(b.subarray(0, 20)).kind).toBe('malformed');
  });
});

describe('H02 reports without a fix', () => {
  it('NBR: cells, the status and the time answer', () => {
    const b = txt(
      '*HQ,7401004662,NBR,160453,234,10,0,2,21580,27766,-67,21580,27766,-67,291019,FFFFFBFF,6#',
    );
    const r = decode(b);
    expect(r).toMatchObject({
      kind: 'records',
      reply: encodeH02TimeSync('HQ', '7401004662', 'NBR', NOW),
    });
    const rec = record(b);
    expect(rec).toMatchObject({ hasLocation: false, fixTime: Date.UTC(2019, 9, 29, 16, 4, 53) });
    expect(rec.attributes).toMatchObject({ mcc: 234, mnc: 10, lac: 21580, cid: 27766 });
    expect(rec.attributes.cells).toBe('21580:27766:-67;21580:27766:-67');
  });

  it('LINK: battery level, satellites, steps', () => {
    const rec = record(txt('*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#'));
    expect(rec).toMatchObject({ batteryLevel: 84, satellites: 0, hasLocation: false });
    expect(rec.attributes).toMatchObject({ rssi: 15, steps: 0 });
  });

  it('V3: a cell count that does not match the cells is malformed', () => {
    const ok =
      '*HQ,353111080001055,V3,044855,28403,01,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#';
    expect(record(txt(ok)).attributes).toMatchObject({ mcc: 284, mnc: 3, batteryRaw: 0x292 });
    expect(decode(txt(ok.replace(',01,', ',99,'))).kind).toBe('malformed');
  });

  it('HTBT: battery level stored and the heartbeat echoed; bare HTBT only echoed', () => {
    const r = decode(txt('*HQ,135790246811220,HTBT,100#'));
    expect(r).toMatchObject({ kind: 'records', reply: txt('*HQ,135790246811220,HTBT#') });
    expect(decode(txt('*HQ,135790246811220,HTBT#'))).toMatchObject({
      kind: 'ignored',
      reply: txt('*HQ,135790246811220,HTBT#'),
    });
  });

  it('SMS and V4 answers are kept as the result', () => {
    expect(record(txt('*HQ,5226073533,SMS,VOLT:12.9V\nGSM:26#')).attributes.result).toBe(
      'VOLT:12.9V\nGSM:26',
    );
    expect(record(txt('*HQ,135790246811221,V4,CR#')).attributes.result).toBe('CR');
    const v4 = record(
      txt(
        '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#',
      ),
    );
    expect(v4).toMatchObject({ hasLocation: true, outputs: 1 });
    expect(v4.attributes.result).toBe('S20,DONE,130305');
  });

  it('ALRM: the alarm type as an event', () => {
    const r = record(
      txt(
        '*HQ,353505910449999,ALRM,1,052825,0,2239.4210,N,11400.8825,E,0.00,348,180814,FFFFFFFF,1CC,0,25FC,F48#',
      ),
    );
    expect(r).toMatchObject({ events: ['panic'], hasLocation: true });
  });

  it('heartbeats and types it does not decode are ignored with the device named', () => {
    expect(decode(txt('*HQ,356327080425330,XT,1,100#'))).toMatchObject({
      kind: 'ignored',
      deviceId: '356327080425330',
      reply: null,
    });
    expect(decode(txt('*HQ,4109198974,#'))).toMatchObject({ kind: 'ignored' });
  });
});

describe('H02 malformed input', () => {
  it('gives a typed result, never an exception', () => {
    for (const b of [
      txt(''),
      txt('#'),
      txt('*HQ#'),
      txt('*HQ,12a,V1#'),
      txt('*HQ,1,V1,1,2,3#junk'),
      txt('*HQ,1,NBR,1#'),
      txt('*HQ,1,LINK#'),
      hex('24'),
      hex('00112233'),
    ]) {
      expect(['malformed', 'ignored']).toContain(decode(b).kind);
    }
    const b = txt('*HQ,1,XT#');
    expect(decodeH02(b, 5, 100, CTX).kind).toBe('malformed');
    expect(decodeH02(b, -1, 2, CTX).kind).toBe('malformed');
    expect(decodeH02(b, 0.5, 2, CTX).kind).toBe('malformed');
  });
});

describe('H02 framing', () => {
  const v1 = txt('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#');
  const b32 = hex('2410307310010503162209022212874500113466574C014028fffffbffff0000');
  const b45 = hex(
    '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f',
  );

  it('a text message ends at #, with the CR LF that follows it', () => {
    const b = Buffer.concat([v1, txt('\r\n'), v1]);
    expect(h02FrameLength(b, 0, b.length)).toBe(v1.length + 2);
    expect(h02FrameLength(v1, 0, v1.length - 1)).toBe(0);
  });

  it('a message cut short by a new one is skipped up to it', () => {
    const b = Buffer.concat([v1.subarray(0, 30), v1]);
    expect(h02FrameLength(b, 0, b.length)).toBe(-30);
    expect(h02FrameLength(b, 30, b.length)).toBe(v1.length);
  });

  it('garbage is skipped up to the next message start', () => {
    const b = Buffer.concat([txt('hello, $ world * '), v1]);
    expect(h02FrameLength(b, 0, b.length)).toBe(-17);
    expect(h02FrameLength(txt('\r\n'), 0, 2)).toBe(-2);
  });

  it('binary records end where the bytes end or where the next message starts', () => {
    expect(h02FrameLength(b32, 0, 32)).toBe(32);
    expect(h02FrameLength(b45, 0, 45)).toBe(45);
    const two = Buffer.concat([b45, b32, v1]);
    expect(h02FrameLength(two, 0, two.length)).toBe(45);
    expect(h02FrameLength(two, 45, two.length)).toBe(32);
    expect(h02FrameLength(two, 0, 40)).toBe(0);
    // The start of the next record is not enough to tell: wait for it.
    expect(h02FrameLength(two, 0, 50)).toBe(0);
  });

  it('never waits for more than a maximal message', () => {
    const b = Buffer.concat([txt('*HQ,1,V1,'), Buffer.alloc(H02_MAX_FRAME, 0x41)]);
    expect(h02FrameLength(b, 0, b.length)).toBeLessThan(0);
  });
});

describe('H02 device side round trip', () => {
  const fix: H02Fix = {
    time: Date.UTC(2026, 10, 21, 11, 59, 30),
    lat: -33.92487,
    lon: 18.42406,
    speed: 63,
    course: 217,
    valid: true,
  };
  const status = h02StatusWord({ ignition: true, sos: true, cut: true });

  it('text V1, binary record and V4 answer decode to what was sent', () => {
    for (const b of [
      encodeH02Position('862798052429087', fix, status),
      encodeH02Binary('4106000826', fix, status, 7),
      encodeH02Answer('862798052429087', 'S20,DONE,115930', fix, status),
    ]) {
      expect(h02FrameLength(b, 0, b.length)).toBe(b.length);
      const r = record(b);
      expect(r.fixTime).toBe(fix.time);
      expect(r.lat).toBeCloseTo(fix.lat, 5);
      expect(r.lon).toBeCloseTo(fix.lon, 5);
      expect(Math.abs(r.speed - fix.speed)).toBeLessThan(1);
      expect(r.course).toBe(217);
      expect(r).toMatchObject({ ignition: true, outputs: 1, events: ['panic'], valid: true });
    }
    expect(record(encodeH02Heartbeat('862798052429087', 80)).batteryLevel).toBe(80);
  });
});
