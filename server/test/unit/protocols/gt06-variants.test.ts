// GT06 clones: what the unit's device model changes, layouts told apart by length or content,
// frames without CRC, the login's time zone, requests the device expects content back for, and
// the corpus captures whose CRC is wrong, re-sealed to show what their bytes hold.
import { describe, expect, it } from 'vitest';
import { crc16X25 } from '../../../src/ingest/crc';
import {
  decodeGt06,
  encodeGt06Frame,
  type Gt06DecodeOptions,
} from '../../../src/ingest/protocols/gt06';
import { encodeGt06Alarm, type Gt06Fix } from '../../../src/ingest/protocols/gt06-encode';
import { bytesOf, loadSamples } from './samples';

const IMEI = '862798052429087';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const samples = loadSamples('gt06');

const frame = (i: number) => bytesOf(samples[i]);
const decodeBytes = (b: Buffer, opts?: Gt06DecodeOptions) =>
  decodeGt06(b, 0, b.length, IMEI, NOW, opts);
function recordOf(b: Buffer, opts?: Gt06DecodeOptions) {
  const r = decodeBytes(b, opts);
  if (r.kind !== 'data') throw new Error(r.kind);
  return r.records[0];
}
const one = (i: number, opts?: Gt06DecodeOptions) => recordOf(frame(i), opts);

const fix: Gt06Fix = {
  time: Date.UTC(2026, 0, 15, 11, 59, 0),
  lat: -26.2041,
  lon: 28.0473,
  speed: 60,
  course: 90,
  satellites: 9,
  valid: true,
  ignition: true,
};
/** A 0x16 location + status packet with this alarm code. */
const alarmPacket = (code: number) =>
  encodeGt06Alarm(fix, { ignition: true, voltageLevel: 6, gsm: 4, alarm: code }, 7);

/** The frame with its CRC made right. */
function reseal(b: Buffer): Buffer {
  const c = Buffer.from(b);
  c.writeUInt16BE(crc16X25(c, 2, c.length - 4), c.length - 4);
  return c;
}

describe("the unit's device model (Traccar's per-device model option)", () => {
  it('LW: 0x13 carries the external power; alarm 0x19 is harsh acceleration', () => {
    expect(one(169, { model: 'LW' }).power).toBe(13.1);
    expect(one(169, { model: 'lw4g-4b' }).power).toBe(13.1);
    expect(one(169).power).toBeUndefined();
    expect(one(170, { model: 'LW' }).events).toEqual(['harsh_acceleration']);
    expect(one(170).events).toEqual(['low_battery']);
  });

  it('SEEWORLD: 0x13 power in the alarm byte; 0x28 cornering, 0x29 an accident', () => {
    expect(one(171, { model: 'SEEWORLD' }).power).toBe(11);
    const sw = { model: 'SEEWORLD' };
    expect(recordOf(alarmPacket(0x28), sw).events).toEqual(['harsh_cornering']);
    expect(recordOf(alarmPacket(0x29), sw).events).toEqual(['crash']);
    expect(recordOf(alarmPacket(0x28)).events).toEqual(['harsh_braking']);
  });

  it('R11: 0x13 carries the external power instead of the voltage level', () => {
    expect(one(172, { model: 'R11' })).toMatchObject({ power: 28.34, gsm: 4 });
    expect(one(172).power).toBeUndefined();
  });

  it('Jimi VL models: alarm 0x28 is power off, not braking', () => {
    const r = recordOf(alarmPacket(0x28), { model: 'VL103' });
    expect(r.events).toEqual([]);
    expect(r.attributes.alarm).toBe('powerOff');
  });
});

describe('layouts told apart by the bytes', () => {
  it('NT/XT trackers: 0x22 with the IMEI, power, battery volts and engine hours', () => {
    for (const opts of [{}, { model: 'NT20' }]) {
      expect(one(173, opts)).toMatchObject({
        hasLocation: true,
        fixTime: Date.UTC(2024, 11, 6, 20, 32, 56),
        power: 24.36,
        battery: 4,
        attributes: { hours: 22140000 },
      });
    }
  });

  it('NT/XT trackers: 0x25 with the driver tag', () => {
    expect(one(176)).toMatchObject({
      power: 12.97,
      battery: 4.2,
      driverId: '0235313030363538303642444603',
    });
    expect(one(176, { model: 'XT40' }).driverId).toBe('0235313030363538303642444603');
  });

  it('QH302R: 0x12 with the IMEI ahead of the date', () => {
    expect(one(178)).toMatchObject({
      hasLocation: true,
      fixTime: Date.UTC(2026, 1, 12, 10, 30, 50),
    });
  });

  it('SL4X: 4-byte cell ids, the altitude, the odometer', () => {
    expect(one(21)).toMatchObject({ altitude: 678, ignition: true, odometer: 0 });
    expect(one(21).attributes).toMatchObject({ mcc: 724, mnc: 10, lac: 50119, cid: 230540309 });
    expect(one(20)).toMatchObject({ altitude: 687, gsm: 4, attributes: { cid: 230540299 } });
    expect(one(23)).toMatchObject({ events: ['power_cut'], batteryLevel: 100 });
    expect(one(23).altitude).toBeUndefined();
  });
});

describe('frames without serial and CRC', () => {
  it('0x10/0x11 whose length byte counts the content: the GPS block only, serial 0', () => {
    const r = decodeBytes(frame(105));
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.records[0]).toMatchObject({
      hasLocation: true,
      valid: true,
      fixTime: Date.UTC(2017, 8, 28, 11, 27, 41),
      satellites: 9,
      attributes: { type: 0x10 },
    });
    expect(r.records[0].lat).toBeCloseTo(51.4469, 4);
    expect(r.reply).toEqual(encodeGt06Frame(0x10, 0, Buffer.alloc(0)));
    // Three bytes after the GPS block of #38 are not read without a CRC to vouch for them.
    expect(Object.keys(one(38).attributes)).toEqual(['type']);
  });

  it('the same bytes before login are not stored', () => {
    expect(decodeGt06(frame(105), 0, frame(105).length, null, NOW).kind).toBe('ignored');
  });
});

describe("the login's time zone", () => {
  const login = (ext: number) =>
    encodeGt06Frame(
      0x01,
      1,
      Buffer.concat([Buffer.from(`0${IMEI}`, 'hex'), Buffer.from([0x36, 0x08, ext >> 8, ext])]),
    );

  const zoneOf = (ext: number) => {
    const b = login(ext);
    return decodeGt06(b, 0, b.length, null, NOW);
  };

  it('reads GMT+8 and GMT-3:30 from the extension word (hhmm << 4, bit 3: west)', () => {
    expect(zoneOf(0x3200)).toMatchObject({ kind: 'login', imei: IMEI, tzMinutes: 480 });
    expect(zoneOf(0x14a8)).toMatchObject({ kind: 'login', tzMinutes: -210 });
    expect(zoneOf(0x3201)).toMatchObject({ tzMinutes: 480 });
    // Without the word (older firmware, the simulator): UTC.
    expect(decodeBytes(frame(139))).toMatchObject({ kind: 'login', tzMinutes: 0 });
  });

  it('takes device times in that zone back to UTC', () => {
    expect(recordOf(alarmPacket(0), { tzMinutes: 480 }).fixTime).toBe(fix.time - 8 * 3600_000);
    expect(recordOf(alarmPacket(0)).fixTime).toBe(fix.time);
  });
});

describe('alarm codes beyond the basic table', () => {
  it('ACC on/off (0xFE/0xFF) set the ignition, no event', () => {
    const on = recordOf(
      encodeGt06Alarm(
        { ...fix, ignition: undefined },
        { ignition: false, voltageLevel: 6, gsm: 4, alarm: 0xfe },
        1,
      ),
    );
    expect(on).toMatchObject({ ignition: true, events: [] });
    expect(recordOf(alarmPacket(0xff))).toMatchObject({ ignition: false, events: [] });
  });

  it("0x27's language byte extends the code: 0x0107 is jamming", () => {
    const b = alarmPacket(0x07);
    const content = Buffer.from(b.subarray(4, b.length - 6));
    content[content.length - 1] = 0x12; // language: high nibble 1
    const r = recordOf(encodeGt06Frame(0x27, 8, Buffer.concat([content, Buffer.from([3])])));
    expect(r.events).toEqual(['gps_jamming']);
    expect(r.attributes).toMatchObject({ alarm: 'jamming', event: 0x0107, geofence: 3 });
  });
});

describe('requests the device expects content back for', () => {
  it('0x2A address request: a 0x97 long frame with no address, nothing stored', () => {
    expect(decodeBytes(frame(162))).toEqual({
      kind: 'ignored',
      type: 0x2a,
      reply: Buffer.from('79790015970b000000004e4126264e4126263023230000e61e0d0a', 'hex'),
    });
  });

  it('0x1A location with a phone number: stored, answered with the same 0x97', () => {
    const gps = alarmPacket(0).subarray(4, 22);
    const phone = Buffer.alloc(21, 0x30);
    const r = decodeBytes(
      encodeGt06Frame(0x1a, 9, Buffer.concat([gps, phone, Buffer.from([0, 2])])),
    );
    if (r.kind !== 'data') throw new Error(r.kind);
    expect(r.records[0]).toMatchObject({ hasLocation: true, fixTime: fix.time });
    expect(r.reply.subarray(0, 5).toString('hex')).toBe('7979001597');
  });

  it('0x8A time request: the UTC time', () => {
    const r = decodeBytes(frame(163));
    if (r.kind !== 'ignored' || !r.reply) throw new Error(r.kind);
    expect([...r.reply.subarray(4, 10)]).toEqual([26, 1, 15, 12, 0, 0]);
  });

  it('photo information (0x35) and photo data: not fetched, not answered', () => {
    expect(decodeBytes(frame(119))).toEqual({ kind: 'ignored', type: 0x35, reply: null });
    const data = encodeGt06Frame(0x36, 2, Buffer.alloc(20), true);
    expect(decodeBytes(data)).toEqual({ kind: 'ignored', type: 0x36, reply: null });
  });
});

describe('corpus captures with a wrong CRC, re-sealed', () => {
  it('are dropped as they are', () => {
    for (const i of [35, 115, 165, 174]) expect(decodeBytes(frame(i)).kind).toBe('bad-crc');
  });

  it('hold what the corpus says once their CRC is right', () => {
    const sealed = (i: number, opts?: Gt06DecodeOptions) => recordOf(reseal(frame(i)), opts);
    for (const i of [35, 36, 37]) expect(sealed(i).events).toContain('low_battery');
    expect(sealed(52).attributes.cell).toBe(one(48).attributes.cell);
    expect(sealed(115).attributes.result).toMatch(/^Battery:5\.56V,NORMAL; GPRS/);
    expect(sealed(145)).toMatchObject({ hasLocation: true, valid: true });
    expect(sealed(165).events).toEqual(['harsh_braking']);
    expect(sealed(166).events).toEqual(['harsh_braking']);
    expect(sealed(167).events).toEqual(['panic']);
    expect(sealed(168).events).toEqual(['crash']);
    expect(sealed(174, { model: 'XT40' }).power).toBe(12.51);
  });
});
