// Meitrack decoding: corpus messages into the values a user sees (position, time, alarm → event,
// voltages, ignition), the acknowledgements, the framer's decisions and malformed input.
import { describe, expect, it } from 'vitest';
import {
  decodeMeitrack,
  encodeMeitrackFrame,
  MEITRACK_MAX_FRAME,
  MEITRACK_MAX_TEXT,
  meitrackChecksum,
  meitrackFrameLength,
  meitrackServerFrameLength,
  type MeitrackResult,
} from '../../../src/ingest/protocols/meitrack';
import {
  encodeMeitrackAaa,
  encodeMeitrackCcc,
  encodeMeitrackCce,
  MEITRACK_SA_CELL,
  type MeitrackFix,
} from '../../../src/ingest/protocols/meitrack-encode';
import type { DeviceRecord } from '../../../src/ingest/types';
import { bytesOf, loadSamples } from './samples';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const samples = loadSamples('meitrack');
const sample = (i: number) => bytesOf(samples[i]);
const text = (s: string) => Buffer.from(s, 'latin1');

function decode(b: Buffer, model?: string): MeitrackResult {
  return decodeMeitrack(b, 0, b.length, { now: NOW, model });
}

function records(b: Buffer, model?: string): DeviceRecord[] {
  const r = decode(b, model);
  if (r.kind !== 'data') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.records;
}

/** A corpus text message with its checksum made right (to test a field of a hand-edited one). */
function fixed(s: string): Buffer {
  const b = text(s.replace(/\*..(\r\n)?$/, '*00\r\n'));
  const star = b.lastIndexOf(0x2a);
  b.write(meitrackChecksum(b, 0, star + 1), star + 1, 'latin1');
  return b;
}

describe('Meitrack AAA reports', () => {
  it('decodes position, time, validity, speed, I/O and voltages (#25)', () => {
    const [r] = records(sample(25));
    expect(r).toMatchObject({
      deviceId: '863835026871173',
      protocol: 'meitrack',
      fixTime: Date.UTC(2017, 8, 15, 15, 40, 43),
      hasLocation: true,
      valid: true,
      lat: 34.516428,
      lon: 10.47016,
      speed: 68,
      course: 74,
      altitude: 9,
      satellites: 9,
      gsm: 12,
      odometer: 1988259,
      inputs: 0x02,
      outputs: 0,
      ignition: true, // input 2, ACC
      battery: 4.22, // 0x01A6 / 100
      power: 13.93, // 0x0571 / 100
      events: [],
    });
    expect(r.attributes).toMatchObject({
      event: 35,
      hdop: 0.9,
      runtime: 525882,
      mcc: 605,
      mnc: 2,
      lac: 0x8c,
      cid: 0x7b5a6,
      temp1: 27.06,
      fuel: 0,
    });
  });

  it('event 1 (SOS) is a panic with the alarm sos (#28)', () => {
    const [r] = records(sample(28));
    expect(r.events).toEqual(['panic']);
    expect(r.attributes.alarm).toBe('sos');
    expect(r.inputs).toBe(0x01);
  });

  it('keeps the external power of #13 once its checksum is right (13.95 V)', () => {
    expect(decode(sample(13)).kind).toBe('bad-checksum');
    const [r] = records(fixed(samples[13].message.data!));
    expect(r.power).toBe(13.95);
    expect(r.attributes.temp0).toBe(85); // "002134", protocol 3: 0x2134 = 8500 hundredths
  });

  it('reads volts written as decimals (#15) and the RFID of event 37 (#33)', () => {
    expect(records(sample(15))[0]).toMatchObject({ battery: 4.33, power: 12.96, speed: 41 });
    const [r] = records(sample(33));
    expect(r.driverId).toBe('006380DF');
    expect(r.attributes.event).toBe(37);
  });

  it('scales the analog counts of the older models (MVT380: battery = n × 6 / 1024)', () => {
    expect(records(sample(26))[0].battery).toBe(6.52);
    expect(records(sample(26), 'MVT380')[0].battery).toBe(Number(((0x28c * 6) / 1024).toFixed(3)));
  });

  it('an AFF report is the same report behind a cache index (#47, checksum made right)', () => {
    const [r] = records(fixed(samples[47].message.data!));
    expect(r).toMatchObject({ lat: 58.588926, lon: 16.180473, valid: true, speed: 0 });
    expect(r.fixTime).toBe(Date.UTC(2014, 8, 28, 19, 28, 56));
  });

  it('maps the event codes to alarms and events', () => {
    const fix: MeitrackFix = {
      time: NOW,
      lat: -26.2,
      lon: 28.04,
      speed: 0,
      course: 0,
      satellites: 8,
      valid: true,
      event: 0,
    };
    const cases: [number, string, string[], number?][] = [
      [17, 'lowBattery', ['low_battery']],
      [18, 'lowPower', []],
      [19, 'overspeed', ['overspeed']],
      [20, 'geofenceEnter', []],
      [21, 'geofenceExit', []],
      [22, 'powerRestored', ['power_restored']],
      [23, 'powerCut', ['power_cut']],
      [28, 'gpsAntennaCut', ['gps_fault']],
      [36, 'tow', ['towing']],
      [44, 'jamming', ['gsm_jamming']],
      [78, 'accident', ['crash'], 0x02],
      [78, 'accident', ['crash_impact_park'], 0x00],
      [91, 'hardCornering', ['harsh_cornering']],
      [129, 'hardBraking', ['harsh_braking']],
      [130, 'hardAcceleration', ['harsh_acceleration']],
    ];
    for (const [event, alarm, events, inputs] of cases) {
      const [r] = records(encodeMeitrackAaa('353358017784062', { ...fix, event, inputs }));
      expect(r.attributes.alarm, `event ${event}`).toBe(alarm);
      expect(r.events, `event ${event}`).toEqual(events);
    }
    const [plain] = records(encodeMeitrackAaa('353358017784062', { ...fix, event: 35 }));
    expect(plain.attributes.alarm).toBeUndefined();
    expect(plain.events).toEqual([]);
  });

  it('a report without a fix keeps the validity the device gives (#27: V)', () => {
    const [r] = records(sample(27));
    expect(r.valid).toBe(false);
    expect(r.hasLocation).toBe(true); // the last known position
  });
});

describe('Meitrack CCC and CCE batches', () => {
  it('decodes every CCE record and acknowledges the count (#0)', () => {
    const r = decode(sample(0));
    expect(r.kind).toBe('data');
    if (r.kind !== 'data') return;
    expect(r.records).toHaveLength(3);
    expect(r.records[0]).toMatchObject({
      lat: 33.925621,
      lon: -6.91751,
      speed: 24,
      course: 198,
      valid: true,
      satellites: 17,
      battery: 4.22,
      power: 14.25,
      batteryLevel: 100,
      odometer: 518578,
    });
    expect(r.reply?.toString('latin1')).toBe('@@f27,867951078010564,CCE,3*0E\r\n');
  });

  it('CCE events: power restored and SOS (#12), harsh cornering and OBD values (#16)', () => {
    expect(records(sample(12)).map((r) => r.events)).toEqual([[], ['power_restored'], ['panic']]);
    const [r] = records(sample(16));
    expect(r.events).toEqual(['harsh_cornering']);
    expect(r.attributes).toMatchObject({ rpm: 2244, coolantTemp: 85, obdSpeed: 26 });
  });

  it('CCE parameters named as Traccar names them (#1 image, #2 tag, #5 batteries, #8 lock)', () => {
    expect(records(sample(1))[0].attributes.image).toBe('2025-06-07/20250607122041_CH1_dca.jpg');
    expect(records(sample(2))[0].attributes).toMatchObject({
      tagName: 'Temp1',
      tagTemp: -10.63671875,
    });
    expect(records(sample(5))[0].attributes.battery2Level).toBe(88);
    expect(records(sample(8))[0].attributes.lock).toBe(true);
    expect(records(sample(10))[0].driverId).toBe('12165644');
  });

  it('decodes CCC records (#48) and acknowledges them', () => {
    const r = decode(sample(48));
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.records[0]).toMatchObject({
      fixTime: Date.UTC(2014, 4, 24, 4, 59, 49),
      valid: false,
      lat: -7.266504,
      lon: 112.743651,
      battery: 4.19,
    });
    expect(r.reply?.toString('latin1')).toBe('@@X27,369800014090021,CCC,1*E4\r\n');
    const sos = records(sample(49));
    expect(sos[0].events).toEqual(['panic']);
    expect(sos[0]).toMatchObject({ inputs: 0x01, power: 12.18 });
  });

  it('round-trips what the encoder sends (CCE, CCC and AAA)', () => {
    const fix: MeitrackFix = {
      time: Date.UTC(2026, 10, 21, 11, 59, 30),
      lat: -29.8587,
      lon: 31.0218,
      speed: 96,
      course: 214,
      altitude: 12,
      satellites: 9,
      valid: true,
      event: 1,
      inputs: 0x03,
      outputs: 0x01,
      power: 13.8,
      battery: 4.1,
      odometer: 123456,
      // CCC keeps a 16-bit cell id.
      cell: { ...MEITRACK_SA_CELL, cid: 0xf3a5 },
    };
    const want = {
      fixTime: fix.time,
      lat: fix.lat,
      lon: fix.lon,
      speed: 96,
      course: 214,
      valid: true,
      ignition: true,
      inputs: 3,
      outputs: 1,
      power: 13.8,
      battery: 4.1,
      odometer: 123456,
      events: ['panic'],
    };
    for (const b of [
      encodeMeitrackCce('353358017784062', [fix, { ...fix, event: 35 }], 'Q'),
      encodeMeitrackCcc('353358017784062', [fix], 'Q'),
      encodeMeitrackAaa('353358017784062', fix, 'Q'),
    ]) {
      expect(meitrackFrameLength(b, 0, b.length)).toBe(b.length);
      const [r] = records(b);
      expect(r).toMatchObject(want);
      expect(r.attributes).toMatchObject({ mcc: 655, mnc: 1, lac: 0x2a1c, cid: 0xf3a5 });
    }
  });
});

describe('Meitrack command answers and other messages', () => {
  it('a command answer is a record with the result (#9 "D82,0")', () => {
    const r = decode(sample(9));
    expect(r).toMatchObject({ kind: 'data', answer: 'D82,0', reply: null });
    if (r.kind !== 'data') return;
    expect(r.records[0]).toMatchObject({
      hasLocation: false,
      fixTime: NOW,
      attributes: { result: 'D82,0' },
    });
  });

  it('photo messages (D03 "OK", D00 data) are dropped without an answer', () => {
    expect(decode(sample(30))).toMatchObject({ kind: 'ignored', command: 'D03', reply: null });
    const photo = encodeMeitrackFrame(
      '$$',
      'O',
      '353358017784062',
      text('D00,x.jpg,2,0,\xff\xd8*'),
    );
    expect(decode(photo)).toMatchObject({ kind: 'ignored', command: 'D00', reply: null });
  });

  it('AAC is answered with its own content', () => {
    const r = decode(sample(50));
    expect(r.kind).toBe('ignored');
    if (r.kind === 'ignored')
      expect(r.reply?.toString()).toBe('@@z27,861451040910625,AAC,1*0B\r\n');
  });
});

describe('Meitrack framing', () => {
  const aaa = sample(46); // a whole message with its CR LF
  const bare = sample(25); // a capture without the CR LF

  it('delimits a text message by its checksum, with or without CR LF', () => {
    expect(meitrackFrameLength(aaa, 0, aaa.length)).toBe(aaa.length);
    expect(meitrackFrameLength(bare, 0, bare.length)).toBe(bare.length);
    expect(meitrackFrameLength(aaa, 0, aaa.length - 3)).toBe(0); // "*F" arrived, not "9"
    // A CR LF arriving after its message is discarded, not taken as garbage.
    expect(meitrackFrameLength(text('\r\n$$'), 0, 4)).toBe(-2);
  });

  it('frames CCC/CCE/D00 by the length field and waits for all of it', () => {
    const cce = sample(0);
    expect(meitrackFrameLength(cce, 0, cce.length)).toBe(cce.length);
    expect(meitrackFrameLength(cce, 0, cce.length - 1)).toBe(0);
    expect(meitrackFrameLength(sample(19), 0, 1024)).toBe(0); // a photo packet cut short
  });

  it('skips garbage up to the next "$$" and keeps a trailing "$"', () => {
    const b = Buffer.concat([text('xx$y'), aaa]);
    expect(meitrackFrameLength(b, 0, b.length)).toBe(-4);
    expect(meitrackFrameLength(text('abc$'), 0, 4)).toBe(-3);
    // A stray '$' before a message: "$$$A..." starts one byte later.
    const stray = Buffer.concat([text('$'), aaa]);
    expect(meitrackFrameLength(stray, 0, stray.length)).toBe(-1);
    expect(meitrackFrameLength(stray, 1, stray.length)).toBe(aaa.length);
    expect(meitrackFrameLength(text('$$!1,2,AAA,'), 0, 11)).toBe(-11); // flag out of range
    expect(meitrackFrameLength(text('$$A12,xy,AAA,'), 0, 13)).toBe(-13); // id not digits
  });

  it('a message cut short by the next one is discarded up to it', () => {
    const b = Buffer.concat([aaa.subarray(0, 60), aaa]);
    expect(meitrackFrameLength(b, 0, b.length)).toBe(-60);
  });

  it('never waits past the largest frame', () => {
    const big = Buffer.concat([text('$$A99,123,AAA,'), Buffer.alloc(MEITRACK_MAX_TEXT, 0x31)]);
    expect(meitrackFrameLength(big, 0, big.length)).toBeLessThan(0); // a text message, no '*'
    expect(meitrackFrameLength(big, 0, MEITRACK_MAX_TEXT - 8)).toBe(0);
    const claim = text(`$$A${MEITRACK_MAX_FRAME + 1},123,CCE,`);
    expect(meitrackFrameLength(claim, 0, claim.length)).toBe(-claim.length);
  });

  it('the device side reads the server messages ("@@")', () => {
    const ack = text('@@f27,867951078010564,CCE,3*0E\r\n');
    expect(meitrackServerFrameLength(ack, 0, ack.length)).toBe(ack.length);
    expect(meitrackFrameLength(ack, 0, ack.length)).toBe(-ack.length);
  });
});

describe('Meitrack malformed input', () => {
  it('gives a typed result for a bad checksum, a bad header or a bad span', () => {
    const b = Buffer.from(sample(25));
    b[40] ^= 1;
    expect(decode(b)).toMatchObject({ kind: 'bad-checksum', deviceId: '863835026871173' });
    const short = encodeMeitrackFrame('$$', 'A', '1', 'AAA,1');
    expect(decode(short)).toMatchObject({ kind: 'malformed', deviceId: '1' });
    expect(decodeMeitrack(sample(25), 10, 500, { now: NOW }).kind).toBe('malformed');
    expect(decodeMeitrack(sample(25), -1, 20, { now: NOW }).kind).toBe('malformed');
    expect(decode(text('hello world, not a message'))).toMatchObject({ kind: 'malformed' });
  });

  it('an AAA report with a bad position or time is malformed', () => {
    const bad = (content: string) => decode(encodeMeitrackFrame('$$', 'A', '123', content));
    expect(bad('AAA,35,x,1.0,170915154043,A')).toMatchObject({ kind: 'malformed' });
    expect(bad('AAA,35,95.0,1.0,170915154043,A')).toMatchObject({ kind: 'malformed' });
    expect(bad('AAA,35,1.0,1.0,171315154043,A')).toMatchObject({ kind: 'malformed' });
    expect(bad('AAA,35,1.0,1.0,170915154043,X')).toMatchObject({ kind: 'malformed' });
    expect(bad('AAA,35,1.0,1.0,170915154043,A').kind).toBe('data');
  });

  it('binary batches whose counts or lengths exceed the bytes are malformed', () => {
    const cce = (body: Buffer) =>
      decode(encodeMeitrackFrame('$$', 'A', '123', Buffer.concat([text('CCE,'), body])));
    expect(cce(Buffer.from([0, 0, 0, 0, 0xff, 0xff]))).toMatchObject({ kind: 'malformed' });
    expect(cce(Buffer.from([0, 0, 0, 0, 1, 0, 0xff, 0xff, 0, 0]))).toMatchObject({
      kind: 'malformed',
    });
    expect(cce(Buffer.from([0, 0, 0, 0, 0, 0]))).toMatchObject({ kind: 'ignored' }); // none
    const ccc = encodeMeitrackFrame('$$', 'A', '123', text('CCC,\x02\x01\x10\x00\x00\x00\x00\x00'));
    expect(decode(ccc)).toMatchObject({ kind: 'malformed' }); // records of 16 bytes
    const huge = encodeMeitrackFrame(
      '$$',
      'A',
      '123',
      text(`CCC,\x02\x01\xff\xff\x00\x00\x00\x00${'x'.repeat(60)}`),
    );
    expect(decode(huge)).toMatchObject({ kind: 'malformed' }); // records longer than the message
    // A binary message whose length field disagrees with its bytes.
    const wrong = Buffer.from(sample(0));
    wrong.write('1094', 3, 'latin1');
    expect(decode(wrong)).toMatchObject({ kind: 'malformed' });
  });
});
