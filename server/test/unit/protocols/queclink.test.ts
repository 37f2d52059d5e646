// Queclink @Track text messages (Traccar 'gl200' corpus frames and our own GV300 encoder) decoded
// into what a user sees: positions, times, alarms → events, voltages, ignition; the replies; the
// framer; and what malformed input gives.
import { describe, expect, it } from 'vitest';
import {
  decodeQueclink,
  encodeQueclinkSack,
  QUECLINK_MAX_FRAME,
  queclinkFrameLength,
  queclinkModel,
  type QueclinkResult,
} from '../../../src/ingest/protocols/queclink';
import {
  encodeQueclinkDriverId,
  encodeQueclinkEvent,
  encodeQueclinkFri,
  encodeQueclinkHeartbeat,
  encodeQueclinkIgnition,
  encodeQueclinkPower,
  type QueclinkFix,
} from '../../../src/ingest/protocols/queclink-encode';
import type { DeviceRecord } from '../../../src/ingest/types';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const IMEI = '862894020180553';

function decode(text: string, model?: string): QueclinkResult {
  const b = Buffer.from(text, 'latin1');
  return decodeQueclink(b, 0, b.length, NOW, { model });
}

function records(text: string | Buffer, model?: string): DeviceRecord[] {
  const r = typeof text === 'string' ? decode(text, model) : decode(text.toString('latin1'));
  if (r.kind !== 'data') throw new Error(`${r.kind}: ${JSON.stringify(r)}`);
  return r.records;
}

describe('Queclink reports', () => {
  it('a GV300 fixed report: position, time, speed, voltage, odometer, ignition and outputs', () => {
    const [r] = records(
      '+RESP:GTFRI,060228,862894020178276,,15153,10,1,1,0.0,0,431.7,-63.169571,-17.776235,' +
        '20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,' +
        '20160210113503,38EE$',
    );
    expect(r).toMatchObject({
      deviceId: '862894020178276',
      protocol: 'queclink',
      hasLocation: true,
      valid: true,
      lat: -17.776235,
      lon: -63.169571,
      fixTime: Date.UTC(2016, 1, 10, 15, 34, 58),
      altitude: 431.7,
      power: 15.153,
      odometer: 34900,
      ignition: true,
      inputs: 1,
      outputs: 1,
      batteryLevel: 0,
      events: [],
    });
    expect(r.attributes).toMatchObject({
      hours: (117 * 3600 + 31 * 60 + 26) * 1000,
      adc1: 13.442,
      adc2: 15.163,
      out1: true,
      mcc: 736,
      mnc: 3,
      lac: 0x6ad4,
      cid: 0x80ef,
      type: 'FRI',
    });
  });

  it('several positions in one GTFRI, the tail values on the last', () => {
    const rs = records(
      '+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639,' +
        '20181214134603,0228,0001,077F,4812,25.2,1,5.7,34,437.3,8.611600,47.681846,' +
        '20181214134619,0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,' +
        '20181214134633,0228,0001,077F,4812,25.2,1,4.8,78,436.6,8.612236,47.682040,' +
        '20181214134648,0228,0001,077F,4812,25.2,83,20181214134702,0654$',
    );
    expect(rs.map((r) => [r.fixTime, r.speed, r.course])).toEqual([
      [Date.UTC(2018, 11, 14, 13, 46, 3), 2.1, 0],
      [Date.UTC(2018, 11, 14, 13, 46, 19), 5.7, 34],
      [Date.UTC(2018, 11, 14, 13, 46, 33), 4.4, 62],
      [Date.UTC(2018, 11, 14, 13, 46, 48), 4.8, 78],
    ]);
    expect(rs.map((r) => r.batteryLevel)).toEqual([undefined, undefined, undefined, 83]);
  });

  it('panic, harsh behaviour, power and battery alarms become our events', () => {
    const sos = records(
      '+RESP:GTSOS,020102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,' +
        '20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$',
    )[0];
    expect(sos).toMatchObject({ events: ['panic'], attributes: { alarm: 'sos' }, speed: 4.3 });
    const harsh = (rt: string) =>
      records(
        `+RESP:GTHBM,0F0100,135790246811220,,,${rt},1,1,4.3,92,70.0,121.354335,31.222073,` +
          '20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$',
      )[0];
    expect([harsh('10'), harsh('11'), harsh('12')].map((r) => r.events)).toEqual([
      ['harsh_braking'],
      ['harsh_acceleration'],
      ['harsh_cornering'],
    ]);
    const mpn = records(
      '+RESP:GTMPN,450102,865084030001323,gb100,0,1.6,0,-93.1,121.393023,31.164105,' +
        '20170619103113,0460,0000,1806,2142,00,20170619103143,0512$',
    )[0];
    expect(mpn).toMatchObject({ events: ['power_restored'], valid: false, hasLocation: true });
    const bpl = records(
      '+RESP:GTBPL,110100,358688000000158,,3.53,0,4.3,92,70.0,121.354335,31.222073,' +
        '20110214013254,0460,0000,18d8,6141,,20110214093254,001F$',
    )[0];
    expect(bpl.events).toEqual(['low_battery']);
    const pfa = records('+RESP:GTPFA,F50201,866425030235982,GL300M,20190208124849,0BD4$')[0];
    expect(pfa).toMatchObject({
      hasLocation: false,
      events: [],
      attributes: { alarm: 'powerOff' },
      fixTime: Date.UTC(2019, 1, 8, 12, 48, 49),
    });
  });

  it('ignition on/off, driver id and engine-bus values', () => {
    const on = records(
      '+RESP:GTVGN,C2010D,869653060009939,GV600M,453966,0,0.0,0,163.9,10.239379,45.931389,' +
        '20231210233723,0222,0010,2F31,006D7621,,,0.0,20240107182623,143F$',
    )[0];
    expect(on).toMatchObject({ ignition: true, valid: false, lat: 45.931389 });
    const ida = records(
      '+RESP:GTIDA,060228,862894020178276,,,01C68011010000C7,1,1,0,0.0,0,413.0,-63.169675,' +
        '-17.776349,20160317222129,0736,0003,6AD4,32CF,00,34.9,,,,,20160317182130,1626$',
    )[0];
    expect(ida).toMatchObject({ driverId: '01C68011010000C7', events: ['driver_id'] });
    const can = records(
      '+BUFF:GTCAN,8020050402,867488060267845,,00,1,E00FFFFF,YS2K4X20001928588,1,H149381,' +
        '4236.08,0,0,58,,P94.80,,0,529.00,0.03,0.33,0.77,8688,0008,0042,00,00,001FFFFF,P100.00,' +
        '5571,,,0,0,,,20,7,0,0.36,0.00,0.00,0,E E05653940B000003,,C*********,,4054MTX,0000,,,1,' +
        '0.0,101,698.5,-3.647673,40.481997,20241213113715,0214,0003,04D2,B801,00,20241213113715,1A47$',
    )[0];
    expect(can).toMatchObject({
      ignition: true,
      attributes: { vin: 'YS2K4X20001928588', fuel: 94.8, adBlueLevel: 100, coolantTemp: 58 },
    });
  });

  it('device information: supply and battery voltages, ICCID', () => {
    const [inf] = records(
      '+RESP:GTINF,6E0202,868589060187625,RA82,11,89883030000091225018,41,0,1,12349,,4.15,0,1,' +
        '0,0,20240328231013,0,0,0,0,00,00,+0000,0,20240328231015,7D4F$',
    );
    expect(inf).toMatchObject({
      hasLocation: false,
      power: 12.349,
      battery: 4.15,
      ignition: false,
      motion: false,
      fixTime: Date.UTC(2024, 2, 28, 23, 10, 15),
      attributes: { iccid: '89883030000091225018', adc3: 0 },
    });
    expect(queclinkModel('6E0202')).toBe('GV310LAU');
    expect(queclinkModel('8020050402')).toBe('GV355CEU');
  });

  it('a unit model set on the unit overrides the protocol version’s (field layout)', () => {
    const text =
      '+RESP:GTERI,F10415,862599050680717,GV350M,00000001,,50,1,1,0.0,274,2963.1,-78.691767,' +
      '-0.951295,20250512214226,,,,,,0.0,,,100,210100,,1,1,1,01DF,20250512214226,009D$';
    expect(records(text)[0].attributes.fuel).toBe(479);
    expect(records(text, 'gv300')[0].attributes.fuel).not.toBe(479);
  });
});

describe('Queclink replies', () => {
  it('acknowledges a message with its count, a heartbeat with +SACK:GTHBD', () => {
    const r = decode(
      '+RESP:GTIGN,060228,862894020180553,,9860,0,0.2,189,420.0,-63.158195,-17.800608,' +
        '20160309022951,0736,0003,6AD4,3471,00,,881.2,20160308222956,129A$',
    );
    expect(r.kind === 'data' && r.reply?.toString()).toBe('+SACK:129A$');
    const hb = decode('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$');
    expect(hb).toEqual({
      kind: 'heartbeat',
      deviceId: '135790246811220',
      version: '1A0401',
      reply: Buffer.from('+SACK:GTHBD,1A0401,11F0$'),
    });
    expect(encodeQueclinkSack('0A1B')).toEqual(Buffer.from('+SACK:0A1B$'));
  });

  it('a message that carries nothing is acknowledged but stores nothing', () => {
    const r = decode('+RESP:GTXYZ,060228,862894020180553,,,20160308222956,129B$');
    expect(r).toMatchObject({ kind: 'ignored', deviceId: IMEI });
    expect(r.kind === 'ignored' && r.reply?.toString()).toBe('+SACK:129B$');
  });
});

describe('Queclink malformed input', () => {
  it.each([
    ['no header', 'hello world, this is not a tracker$'],
    ['unknown head', '+RESX:GTFRI,060228,862894020180553,,,20160308222956,129B$'],
    ['no device id', '+RESP:GTFRI,060228,86289402018,,,20160308222956,129B$'],
    ['too few fields', '+RESP:GTFRI,060228$'],
    ['heartbeat without count', '+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F$'],
  ])('%s is malformed', (_why, text) => {
    expect(decode(text).kind).toBe('malformed');
  });

  it('a span outside the buffer or longer than a frame is malformed, never an exception', () => {
    const b = Buffer.from('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$');
    expect(decodeQueclink(b, 10, b.length, NOW).kind).toBe('malformed');
    expect(decodeQueclink(b, -1, 5, NOW).kind).toBe('malformed');
    const long = Buffer.alloc(QUECLINK_MAX_FRAME + 1, 0x2c);
    long[0] = 0x2b;
    expect(decodeQueclink(long, 0, long.length, NOW).kind).toBe('malformed');
  });

  it('garbled values give no location rather than a wrong one', () => {
    const [r] = records(
      '+RESP:GTFRI,060228,862894020180553,,,10,1,1,0.0,0,431.7,-263.169571,-97.776235,' +
        '20161310153458,0736,0003,6AD4,80EF,00,34.9,,,,0,210101,,,,20160210113503,38EE$',
    );
    expect(r.hasLocation).toBe(false);
    expect(r.fixTime).toBe(Date.UTC(2016, 1, 10, 11, 35, 3));
  });
});

describe('Queclink framer', () => {
  const frame = Buffer.from('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$');

  it('delimits a message by its $ (or NUL) and waits for the rest', () => {
    expect(queclinkFrameLength(frame, 0, frame.length)).toBe(frame.length);
    expect(queclinkFrameLength(frame, 0, frame.length - 1)).toBe(0);
    expect(queclinkFrameLength(frame, 0, 3)).toBe(0);
    const nul = Buffer.concat([frame.subarray(0, -1), Buffer.from([0])]);
    expect(queclinkFrameLength(nul, 0, nul.length)).toBe(nul.length);
  });

  it('skips garbage up to the next +, and a message cut short by the next one', () => {
    const junk = Buffer.concat([Buffer.from('\r\nxx'), frame]);
    expect(queclinkFrameLength(junk, 0, junk.length)).toBe(-4);
    const cut = Buffer.concat([frame.subarray(0, 20), frame]);
    expect(queclinkFrameLength(cut, 0, cut.length)).toBe(-20);
    const plus = Buffer.from('+XYZ:123+RESP');
    expect(queclinkFrameLength(plus, 0, plus.length)).toBe(-8);
  });

  it('never waits for more than a maximal frame', () => {
    const endless = Buffer.concat([
      Buffer.from('+RESP:GTFRI,'),
      Buffer.alloc(QUECLINK_MAX_FRAME, 0x31),
    ]);
    expect(queclinkFrameLength(endless, 0, endless.length)).toBeLessThan(0);
  });

  it('skips a binary (HEX mode) message whole by its length', () => {
    const bin = Buffer.from(
      '2b4c474e00ff0026fe110b07020106563454040d054905000007e4031911213905083abd0d0a',
      'hex',
    );
    expect(queclinkFrameLength(bin, 0, bin.length)).toBe(bin.length);
    expect(decodeQueclink(bin, 0, bin.length, NOW)).toMatchObject({
      kind: 'ignored',
      deviceId: null,
    });
  });
});

describe('Queclink device-side encoder round trip', () => {
  const fix: QueclinkFix = {
    time: Date.UTC(2026, 10, 21, 10, 0, 0),
    lat: -33.92,
    lon: 18.42,
    speed: 62.5,
    course: 271,
    altitude: 12,
    valid: true,
  };
  const h = (count: number) => ({ imei: IMEI, sendTime: fix.time + 2000, count });

  it('decodes what the simulated GV300 sends', () => {
    const fri = records(
      encodeQueclinkFri(h(1), fix, {
        ignition: true,
        power: 13.8,
        batteryLevel: 96,
        odometer: 123456,
        outputs: 1,
      }),
    )[0];
    expect(fri).toMatchObject({
      lat: -33.92,
      lon: 18.42,
      speed: 62.5,
      course: 271,
      fixTime: fix.time,
      power: 13.8,
      batteryLevel: 96,
      odometer: 123500,
      ignition: true,
      outputs: 1,
      valid: true,
    });
    const events = [
      encodeQueclinkEvent(h(2), 'SOS', fix, 1000),
      encodeQueclinkEvent(h(3), 'SPD', fix, 1000),
      encodeQueclinkEvent(h(4), 'TOW', fix, 1000),
      encodeQueclinkEvent(h(5), 'HBM', fix, 1000, '11'),
      encodeQueclinkPower(h(6), false, fix),
      encodeQueclinkPower(h(7), true, fix),
    ].map((b) => records(b)[0].events);
    expect(events).toEqual([
      ['panic'],
      ['overspeed'],
      ['towing'],
      ['harsh_acceleration'],
      ['power_cut'],
      ['power_restored'],
    ]);
    expect(records(encodeQueclinkIgnition(h(8), false, fix, 5000))[0].ignition).toBe(false);
    expect(records(encodeQueclinkDriverId(h(9), 'A1B2C3D4E5F60708', fix, 5000))[0].driverId).toBe(
      'A1B2C3D4E5F60708',
    );
    expect(decode(encodeQueclinkHeartbeat(h(10)).toString('latin1')).kind).toBe('heartbeat');
  });
});
