// GT06 decoder: framing and resync, login, alarms, replies, corrupt input.
import { describe, expect, it } from 'vitest';
import { decodeGt06, encodeGt06Frame, gt06FrameLength } from '../../../src/ingest/protocols/gt06';
import {
  encodeGt06Alarm,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  type Gt06Fix,
  type Gt06Status,
} from '../../../src/ingest/protocols/gt06-encode';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const fix: Gt06Fix = {
  time: Date.UTC(2026, 10, 21, 11, 59, 30),
  lat: -29.8587,
  lon: 31.0218,
  speed: 96,
  course: 214,
  satellites: 9,
  valid: true,
  ignition: true,
};
const status: Gt06Status = { ignition: true, voltageLevel: 5, gsm: 4, alarm: 0 };
const decode = (b: Buffer, id: string | null = '862798052429087') =>
  decodeGt06(b, 0, b.length, id, NOW);

describe('GT06 framing', () => {
  it('measures short and long frames', () => {
    const short = encodeGt06Location(fix, 7);
    expect(gt06FrameLength(short, 0, short.length)).toBe(short.length);
    expect(gt06FrameLength(short, 0, short.length - 1)).toBe(0);
    const long = encodeGt06Frame(0x94, 3, Buffer.alloc(300), true);
    expect(long[0]).toBe(0x79);
    expect(gt06FrameLength(long, 0, long.length)).toBe(long.length);
  });

  it('skips garbage up to the next frame start', () => {
    const frame = encodeGt06Heartbeat(status, 1);
    const b = Buffer.concat([Buffer.from('noise\x78'), frame]);
    const n = gt06FrameLength(b, 0, b.length);
    expect(n).toBe(-6);
    expect(gt06FrameLength(b, 6, b.length)).toBe(frame.length);
  });

  it('resyncs past a frame whose stop bytes are missing', () => {
    const bad = encodeGt06Heartbeat(status, 1);
    bad[bad.length - 1] = 0x00;
    const good = encodeGt06Heartbeat(status, 2);
    const b = Buffer.concat([bad, good]);
    const n = gt06FrameLength(b, 0, b.length);
    expect(n).toBe(-bad.length);
    expect(gt06FrameLength(b, bad.length, b.length)).toBe(good.length);
  });
});

describe('GT06 packets', () => {
  it('reads the IMEI from a login and answers with its serial', () => {
    const r = decode(encodeGt06Login('862798052429087', 0x1234), null);
    expect(r).toEqual({
      kind: 'login',
      imei: '862798052429087',
      reply: encodeGt06Frame(0x01, 0x1234, Buffer.alloc(0)),
      tzMinutes: 0,
    });
  });

  it('decodes a location to exact values and replies with the serial', () => {
    const r = decode(encodeGt06Location(fix, 0x0102));
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.records[0]).toMatchObject({
      protocol: 'gt06',
      deviceId: '862798052429087',
      fixTime: fix.time,
      hasLocation: true,
      valid: true,
      speed: 96,
      course: 214,
      satellites: 9,
      ignition: true,
    });
    expect(r.records[0].lat).toBeCloseTo(-29.8587, 5);
    expect(r.records[0].lon).toBeCloseTo(31.0218, 5);
    expect(r.reply).toEqual(encodeGt06Frame(0x22, 0x0102, Buffer.alloc(0)));
  });

  it('maps the alarm codes to our events', () => {
    const alarmOf = (alarm: number) => {
      const r = decode(encodeGt06Alarm(fix, { ...status, alarm }, 9));
      if (r.kind !== 'data') throw new Error(r.kind);
      return r.records[0];
    };
    expect(alarmOf(0x01).events).toEqual(['panic']);
    expect(alarmOf(0x01).attributes.alarm).toBe('sos');
    expect(alarmOf(0x02).events).toEqual(['power_cut']);
    expect(alarmOf(0x03).events).toEqual(['tamper']);
    expect(alarmOf(0x03).attributes.alarm).toBe('vibration');
    expect(alarmOf(0x06).events).toEqual(['overspeed']);
    expect(alarmOf(0x0e).events).toEqual(['low_battery']);
    expect(alarmOf(0x29).events).toEqual(['harsh_acceleration']);
    expect(alarmOf(0x30).events).toEqual(['harsh_braking']);
    expect(alarmOf(0x2a).events).toEqual(['harsh_cornering']);
    expect(alarmOf(0x2c).events).toEqual(['crash']);
    expect(alarmOf(0x00).events).toEqual([]);
  });

  it('reads the status block of a heartbeat as a record without location', () => {
    const r = decode(encodeGt06Heartbeat({ ...status, voltageLevel: 3, gsm: 2 }, 5));
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.records[0]).toMatchObject({
      hasLocation: false,
      fixTime: NOW,
      ignition: true,
      batteryLevel: 50,
      gsm: 2,
    });
  });

  it('drops a packet whose CRC does not match', () => {
    const b = encodeGt06Location(fix, 1);
    b[10] ^= 0xff;
    expect(decode(b).kind).toBe('bad-crc');
  });

  it('reports a packet cut short inside its content as malformed', () => {
    const short = encodeGt06Frame(0x16, 1, Buffer.alloc(20));
    expect(decode(short).kind).toBe('malformed');
  });

  it('stores nothing before login and does not answer', () => {
    expect(decode(encodeGt06Location(fix, 1), null)).toEqual({
      kind: 'ignored',
      type: 0x22,
      reply: null,
    });
  });

  it('answers a time request with the current UTC time', () => {
    const r = decode(encodeGt06Frame(0x8a, 3, Buffer.alloc(0)));
    if (r.kind !== 'ignored' || !r.reply) throw new Error(r.kind);
    expect([...r.reply.subarray(4, 10)]).toEqual([26, 11, 21, 12, 0, 0]);
  });
});
