// Teltonika decoder: exact values, IO mapping, corrupt and malformed input.
import { describe, expect, it } from 'vitest';
import {
  CODEC_16,
  CODEC_8,
  CODEC_8E,
  decodeTeltonikaAvl,
  decodeTeltonikaImei,
  teltonikaFrameLength,
} from '../../../src/ingest/protocols/teltonika';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlRecord,
} from '../../../src/ingest/protocols/teltonika-encode';
import { bytesOf, loadSamples } from './samples';

const decode = (b: Buffer) => decodeTeltonikaAvl(b, 0, b.length, '356307042441013');

const base: AvlRecord = {
  time: Date.UTC(2026, 10, 20, 8, 30, 15, 250),
  lat: -26.2041,
  lon: 28.0473,
  altitude: 1753,
  course: 271,
  speed: 87,
  satellites: 11,
};

describe('Teltonika framing', () => {
  it('measures handshake, AVL and ping frames, asking for more when incomplete', () => {
    const imei = encodeTeltonikaImei('356307042441013');
    expect(teltonikaFrameLength(imei, 0, imei.length)).toBe(17);
    expect(teltonikaFrameLength(imei, 0, 10)).toBe(0);
    const avl = encodeTeltonikaAvl([base]);
    expect(teltonikaFrameLength(avl, 0, avl.length)).toBe(avl.length);
    expect(teltonikaFrameLength(avl, 0, avl.length - 1)).toBe(0);
    expect(teltonikaFrameLength(Buffer.from([0xff]), 0, 1)).toBe(1);
  });

  it('rejects garbage and oversized lengths instead of waiting for them', () => {
    const http = Buffer.from('GET / HTTP/1.1\r\n');
    expect(teltonikaFrameLength(http, 0, http.length)).toBe(-1);
    const huge = Buffer.from('00000000ffffff00', 'hex');
    expect(teltonikaFrameLength(huge, 0, huge.length)).toBe(-1);
    const badPreamble = Buffer.from('0000000100000010', 'hex');
    expect(teltonikaFrameLength(badPreamble, 0, badPreamble.length)).toBe(-1);
  });

  it('accepts only digits as an IMEI', () => {
    const ok = encodeTeltonikaImei('356307042441013');
    expect(decodeTeltonikaImei(ok, 0, ok.length)).toBe('356307042441013');
    const bad = encodeTeltonikaImei('35630704244101X');
    expect(decodeTeltonikaImei(bad, 0, bad.length)).toBeNull();
  });
});

describe('Teltonika AVL decoding', () => {
  it('decodes a captured Codec 8 record to exact values', () => {
    const s = loadSamples('teltonika')[18];
    const r = decode(bytesOf(s));
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.count).toBe(1);
    const rec = r.records[0];
    expect(new Date(rec.fixTime).toISOString()).toBe('2019-01-04T12:27:19.000Z');
    expect(rec.lat).toBeCloseTo(48.1523066, 7);
    expect(rec.lon).toBeCloseTo(16.3745183, 7);
    expect(rec.speed).toBe(83);
    expect(rec.satellites).toBe(15);
    expect(rec.valid).toBe(true);
    expect(rec.hasLocation).toBe(true);
    expect(rec.power).toBeCloseTo(14.233, 3);
    expect(rec.attributes.io66).toBe(14233);
  });

  it('round-trips position fields in Codec 8, 8 Extended and 16', () => {
    for (const codec of [CODEC_8, CODEC_8E, CODEC_16]) {
      const r = decode(encodeTeltonikaAvl([base, { ...base, time: base.time + 10000 }], codec));
      expect(r.status, `codec ${codec}`).toBe('ok');
      if (r.status !== 'ok') continue;
      expect(r.count).toBe(2);
      const rec = r.records[0];
      expect(rec).toMatchObject({
        protocol: 'teltonika',
        deviceId: '356307042441013',
        fixTime: base.time,
        lat: base.lat,
        lon: base.lon,
        altitude: 1753,
        course: 271,
        speed: 87,
        satellites: 11,
      });
      expect(r.records[1].fixTime).toBe(base.time + 10000);
    }
  });

  it('maps the IO elements to record fields and keeps each as io<id>', () => {
    const r = decode(
      encodeTeltonikaAvl([
        {
          ...base,
          io: [
            { id: 239, value: 1, size: 1 },
            { id: 240, value: 1, size: 1 },
            { id: 1, value: 1, size: 1 },
            { id: 3, value: 1, size: 1 },
            { id: 179, value: 0, size: 1 },
            { id: 180, value: 1, size: 1 },
            { id: 21, value: 4, size: 1 },
            { id: 66, value: 12650, size: 2 },
            { id: 67, value: 4012, size: 2 },
            { id: 16, value: 123456789, size: 4 },
            { id: 199, value: 4321, size: 4 },
            { id: 78, value: 0x01a2b3c4d5e6f7, size: 8 },
          ],
        },
      ]),
    );
    if (r.status !== 'ok') throw new Error(r.status);
    const rec = r.records[0];
    expect(rec).toMatchObject({
      ignition: true,
      motion: true,
      inputs: 0b101,
      outputs: 0b10,
      gsm: 4,
      power: 12.65,
      battery: 4.012,
      odometer: 123456789,
      driverId: '0001A2B3C4D5E6F7',
    });
    expect(rec.attributes).toMatchObject({
      io239: 1,
      io66: 12650,
      io16: 123456789,
      tripOdometer: 4321,
    });
    expect(rec.events).toEqual([]);
  });

  it('raises our events from the Teltonika event IOs', () => {
    const event = (id: number, value: number, size: 1 | 2 = 1, priority = 0) => {
      const r = decode(
        encodeTeltonikaAvl([{ ...base, eventId: id, priority, io: [{ id, value, size }] }]),
      );
      if (r.status !== 'ok') throw new Error(r.status);
      return r.records[0];
    };
    expect(event(253, 1).events).toEqual(['harsh_acceleration']);
    expect(event(253, 2).events).toEqual(['harsh_braking']);
    expect(event(253, 3).events).toEqual(['harsh_cornering']);
    expect(event(253, 2).attributes.alarm).toBe('hardBraking');
    expect(event(247, 1).events).toEqual(['crash']);
    expect(event(246, 1).events).toEqual(['towing']);
    expect(event(249, 1).events).toEqual(['gsm_jamming']);
    expect(event(252, 1).events).toEqual(['power_cut']);
    expect(event(252, 0).events).toEqual(['power_restored']);
    expect(event(239, 1).events).toEqual(['ignition_on']);
    expect(event(239, 0).events).toEqual(['ignition_off']);
    expect(event(255, 131).events).toEqual(['overspeed']);
    expect(event(236, 1).events).toEqual(['panic']);
    expect(event(2, 1, 1, 2).events).toEqual(['panic']);
  });

  it('does not repeat state events on periodic records', () => {
    const r = decode(
      encodeTeltonikaAvl([
        {
          ...base,
          eventId: 0,
          io: [
            { id: 239, value: 1, size: 1 },
            { id: 252, value: 1, size: 1 },
          ],
        },
      ]),
    );
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.records[0].ignition).toBe(true);
    expect(r.records[0].events).toEqual([]);
  });

  it('drops a packet whose CRC does not match', () => {
    const b = encodeTeltonikaAvl([base]);
    b[20] ^= 0x01;
    expect(decode(b).status).toBe('bad-crc');
  });

  it('reports a record count that does not match the records as malformed', () => {
    const b = encodeTeltonikaAvl([base, base]);
    // Claim 3 records in both count fields and fix the CRC: the data runs out.
    const dataEnd = b.length - 4;
    b[9] = 3;
    b[dataEnd - 1] = 3;
    const crc = loadCrc(b.subarray(8, dataEnd));
    b.writeUInt32BE(crc, dataEnd);
    expect(decode(b).status).toBe('malformed');
  });

  it('ignores Codec 12 command replies instead of storing them', () => {
    const s = loadSamples('teltonika')[17];
    expect(decode(bytesOf(s))).toEqual({ status: 'ignored', codec: 0x0c });
  });
});

function loadCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
