// GT06 packet families beyond the basic locations: corpus frames (Traccar's decoder test data,
// shared/fixtures/device-samples/gt06.json, by index) decoded to the values a user sees, and the
// bytes the gateway answers with once they are stored.
import { describe, expect, it } from 'vitest';
import {
  decodeGt06,
  encodeGt06Frame,
  type Gt06DecodeOptions,
} from '../../../src/ingest/protocols/gt06';
import { gt06CommandReply } from '../../../src/ingest/protocols/gt06-info';
import { bytesOf, loadSamples } from './samples';

const IMEI = '862798052429087';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const samples = loadSamples('gt06');

const frame = (i: number) => bytesOf(samples[i]);
const decode = (i: number, opts?: Gt06DecodeOptions) =>
  decodeGt06(frame(i), 0, frame(i).length, IMEI, NOW, opts);
function data(i: number, opts?: Gt06DecodeOptions) {
  const r = decode(i, opts);
  if (r.kind !== 'data') throw new Error(`#${i}: ${r.kind}`);
  return r;
}
const one = (i: number, opts?: Gt06DecodeOptions) => data(i, opts).records[0];
const serialOf = (i: number) => frame(i).readUInt16BE(frame(i).length - 6);
/** The usual answer: the packet's type and serial, empty content, in a short or long frame. */
const ack = (i: number, long = false) =>
  encodeGt06Frame(frame(i)[frame(i)[0] === 0x79 ? 4 : 3], serialOf(i), Buffer.alloc(0), long);
const at = (iso: string) => Date.parse(iso);

describe('GT06 network positions (cells and Wi-Fi)', () => {
  it('0x28: seven cells, no fix, stamped with the packet time', () => {
    const r = data(48);
    expect(r.records[0]).toMatchObject({
      hasLocation: false,
      fixTime: at('2016-01-13T02:02:02Z'),
      attributes: { mcc: 460, mnc: 0, lac: 10365, cid: 8049 },
    });
    expect(String(r.records[0].attributes.cell).split(';')).toEqual([
      '460,0,10365,8049,-62',
      '460,0,10365,8050,-49',
      '460,0,10365,7715,-45',
      '460,0,10365,8000,-24',
    ]);
    expect(r.reply).toEqual(ack(48));
  });

  it('0x2C: cells and a Wi-Fi access point', () => {
    const r = data(109);
    expect(r.records[0].attributes.wifi).toBe('00:18:01:eb:40:39,56');
    expect(String(r.records[0].attributes.cell).split(';')).toHaveLength(7);
    expect(r.reply).toEqual(ack(109));
  });

  it('0xA1 and 0xA2: 4G cells (4-byte LAC, 8-byte cell id) and access points', () => {
    expect(one(96).attributes).toMatchObject({ mcc: 460, mnc: 1, lac: 9724, cid: 102285570 });
    const wifi = one(13);
    expect(String(wifi.attributes.wifi).split(';')[0]).toBe('f2:7c:f6:4f:17:e1,60');
    expect(wifi.attributes).toMatchObject({ mcc: 732, mnc: 101, lac: 27009 });
  });

  it('0x24 of the Wanway S20: a counted cell list', () => {
    expect(one(47).attributes.cell).toBe('404,98,5102,24682,-52;404,98,5102,24681,-46');
  });

  it('0x69 without CRC: BCD time, cells; answered with its own time', () => {
    const r = data(76);
    expect(r.records[0]).toMatchObject({
      hasLocation: false,
      fixTime: at('2019-01-21T05:09:03Z'),
      attributes: { cell: '655,1,117,18912,90;655,1,188,40028,90;655,1,122,36122,90' },
    });
    expect(r.reply.toString('hex')).toBe('787800691901210509030d0a');
    expect(String(one(106).attributes.wifi).split(';')).toHaveLength(8);
  });

  it('0xF3: access points only, its time in binary; not answered', () => {
    const r = data(60);
    expect(r.records[0].fixTime).toBe(at('2020-12-11T10:38:42Z'));
    expect(String(r.records[0].attributes.wifi).split(';')).toHaveLength(7);
    expect(r.reply).toHaveLength(0);
  });

  it('0x19: cell and status; alarm 0x01 is a panic', () => {
    const r = data(82);
    expect(r.records[0]).toMatchObject({ hasLocation: false, events: ['panic'], batteryLevel: 50 });
    expect(r.records[0].attributes).toMatchObject({ alarm: 'sos', mcc: 655, mnc: 10 });
    expect(r.reply).toEqual(ack(82));
    // The SPACE10X multi-cell 0x19 (length 0x17): nothing stored, not answered (as Traccar).
    expect(decode(51)).toEqual({ kind: 'ignored', type: 0x19, reply: null });
  });

  it('0xA5 (LBS alarm) and 0xA4 (multi-fence): tampering', () => {
    expect(one(39)).toMatchObject({ hasLocation: false, events: ['tamper'] });
    expect(one(39).attributes).toMatchObject({ alarm: 'tampering', lac: 30175, cid: 9987605 });
    const fence = one(3);
    expect(fence).toMatchObject({ hasLocation: true, events: ['tamper'], batteryLevel: 83 });
    expect(fence.attributes.geofence).toBe(255);
  });
});

describe('GT06 status and information', () => {
  it('0xA3 of SeeWorld trackers: steps, battery, motion', () => {
    expect(one(9)).toMatchObject({ batteryLevel: 79, motion: true, attributes: { steps: 600 } });
    expect(data(9).reply).toEqual(ack(9));
  });

  it('0xA2 of the LW 4G trackers: location with power, odometer, hours and inputs', () => {
    expect(one(18)).toMatchObject({
      hasLocation: true,
      fixTime: at('2024-06-27T14:15:05Z'),
      power: 12.47,
      batteryLevel: 100,
      odometer: 512000,
      inputs: 200,
    });
  });

  it('0x94 sub-types: power, network, ICCID, door, temperature, RFID, fuel; not answered', () => {
    expect(data(6)).toMatchObject({ records: [{ power: 7.39 }], reply: Buffer.alloc(0) });
    expect(one(19).attributes.networkTechnology).toBe('4G');
    expect(one(63).attributes.iccid).toBe('8966051912408052452');
    expect(one(42)).toMatchObject({
      fixTime: at('2022-09-09T08:08:28Z'),
      attributes: { door: true },
    });
    expect(one(10).attributes).toMatchObject({ temp1: 21.3, humidity: 75 });
    expect(one(45).attributes.serial).toBe('RFID:008FB2BEBA39');
    expect(one(66).driverId).toBe('4277efef');
    expect(one(129).attributes).toMatchObject({ temp1: 29.6, fuel: 8.43 });
    expect(one(83).attributes.adc1).toBe(2.37);
    expect(one(33).attributes).toMatchObject({ alarm1Status: 0xc5, otherStatus: 0xc0 });
    expect(one(84).attributes.iccid).toBe('8997103101008959042');
    // The short-frame 0x94: external power.
    expect(one(81).power).toBe(12.59);
  });

  it('0x23 heartbeat: battery volts and signal, no alarm bits', () => {
    expect(one(86)).toMatchObject({ hasLocation: false, battery: 2.9, gsm: 4, events: [] });
    expect(data(86).reply).toEqual(ack(86));
  });

  it('0x13 of solar asset trackers: battery %, power and temperature', () => {
    expect(one(55)).toMatchObject({ batteryLevel: 6, power: 3.35, attributes: { temp1: 4.3 } });
  });

  it('0x8C OBD: ACC, VIN, rpm, speed, coolant; not answered', () => {
    const r = data(78);
    expect(r.records[0]).toMatchObject({
      fixTime: at('2018-11-21T02:18:27Z'),
      ignition: true,
      attributes: { vin: 'KNAF241CMK5014255', rpm: 1666, obdSpeed: 58, coolantTemp: 63 },
    });
    expect(r.reply).toHaveLength(0);
  });
});

describe('GT06 command answers and serial data', () => {
  it('0x15: the answer as `result`, answered with its serial once stored', () => {
    const r = data(137);
    expect(r.records[0]).toMatchObject({
      hasLocation: false,
      attributes: { result: 'Cut off the fuel supply: Success!' },
    });
    expect(r.reply).toEqual(ack(137));
    expect(one(56).attributes.iccid).toBe('89882390000097302650');
  });

  it('0x15 with a command length of 0: the padded text, without a server flag', () => {
    expect(one(136).attributes.result).toBe(
      'Already in the state of fuel supply to resume,the command is not running!',
    );
    const b = frame(125);
    expect(gt06CommandReply(b, 0x15, 4, b.length - 6)).toEqual({ text: 'DYD=Success!' });
  });

  it('0x21: UTF-16 text as `result`, a location answer as a position; not answered', () => {
    expect(data(98)).toMatchObject({
      records: [{ attributes: { result: 'Command error!' } }],
      reply: Buffer.alloc(0),
    });
    const where = one(128);
    expect(where).toMatchObject({
      hasLocation: true,
      valid: true,
      fixTime: at('2017-05-26T10:27:47Z'),
      course: 126.53,
    });
    expect(where.lat).toBeCloseTo(54.739332, 6);
    expect(where.lon).toBeCloseTo(25.27327, 6);
  });

  it('0x9B: printable serial data as text, the rest as hex', () => {
    expect(one(30).attributes.result).toBe('D7520A62');
    expect(one(57).attributes.result).toBe('80d600');
    expect(one(61).attributes.result).toBe('32382e33a1e60d0a');
    expect(one(73).attributes.result).toBe('0235393030423438434542384103');
  });
});

describe('GT06 newer firmware (modules, status items, AZ735, dash cameras)', () => {
  it('0x70 modules: position, removal alarm, ICCID, battery; a short answer', () => {
    const r = data(71);
    expect(r.records[0]).toMatchObject({
      hasLocation: true,
      fixTime: at('2019-09-15T13:18:16Z'),
      events: ['harness_unplugged'],
      battery: 3.7,
      altitude: 213,
      attributes: { alarm: 'removing', iccid: '89012608522933976266', hdop: 1.3 },
    });
    expect(r.records[0].lat).toBeCloseTo(43.894466, 5);
    expect(r.reply).toEqual(ack(71));
    expect(one(5).attributes.tag1Temp).toBe(29);
  });

  it('0xF1/0xF2 status items: ignition, power, external battery; a short answer', () => {
    const r = data(2);
    expect(r.records[0]).toMatchObject({ ignition: true, power: 4.05, motion: false });
    expect(r.records[0].fixTime).toBe(at('2022-09-07T16:00:00Z'));
    expect(r.reply).toEqual(ack(2));
    expect(one(14).attributes.externalBatteryLevel).toBe(71);
    expect(one(15).attributes.mac).toBe('c4a82828ccfe');
  });

  it('0x32/0x33 in long frames (AZ735): position or status, a long answer', () => {
    const gps = data(116);
    expect(gps.records[0]).toMatchObject({ hasLocation: true, gsm: 36, satellites: 9 });
    expect(gps.reply).toEqual(ack(116, true));
    const alarm = data(112);
    expect(alarm.records[0]).toMatchObject({ hasLocation: false, attributes: { armed: true } });
    expect(alarm.reply).toEqual(ack(112, true));
  });

  it('0x95 dash camera alarms: event, files, harsh driving and accidents', () => {
    const jc400 = data(11);
    expect(jc400.records[0]).toMatchObject({
      hasLocation: true,
      speed: 44,
      power: 13.8,
      events: ['harsh_cornering'],
    });
    expect(jc400.records[0].attributes.eventFiles).toMatch(/^EVENT_862798052429087_.*_I_56\.mp4,/);
    expect(jc400.reply).toEqual(ack(11));
    expect(one(69)).toMatchObject({
      fixTime: at('2019-10-07T18:35:32Z'),
      attributes: { alarm: 'general', event: 1 },
    });
    expect(one(164).events).toEqual(['harsh_acceleration']);
  });
});

describe('GT06 locations of particular models', () => {
  it('0x34 (X1): driver id, odometer, battery, power, outputs; not answered', () => {
    const r = data(80);
    expect(r.records[0]).toMatchObject({
      hasLocation: true,
      driverId: '4892715',
      odometer: 1450313,
      outputs: 1,
      attributes: { adc1: 0, adc2: 0 },
    });
    expect(r.reply).toHaveLength(0);
  });

  it('0x61 iButton and 0x17 RFID: the driver', () => {
    expect(one(4)).toMatchObject({ hasLocation: true, driverId: '20534657' });
    expect(one(22)).toMatchObject({ hasLocation: true, driverId: 'bf0000012ca7e001' });
    expect(data(22).reply).toEqual(ack(22));
  });

  it('0x36 of the TRX-16i: RFID, power, battery, engine hours', () => {
    expect(one(183)).toMatchObject({
      driverId: 'c3000001453f9201',
      power: 13,
      battery: 4,
      attributes: { hours: 360000 },
    });
    expect(one(184).driverId).toBeUndefined();
  });

  it('0x38: a 4G cell with its type; 0x37: a module with the odometer; 0x1E: GPS', () => {
    expect(one(7).attributes).toMatchObject({ mcc: 712, mnc: 1, lac: 3108 });
    expect(data(7).reply).toHaveLength(0);
    expect(one(62)).toMatchObject({ hasLocation: true, odometer: 9000 });
    expect(one(150)).toMatchObject({ hasLocation: true, fixTime: at('2014-03-17T11:05:17Z') });
  });

  it('0x24 of the SR411 mini: power and battery; not answered', () => {
    expect(data(44)).toMatchObject({
      records: [{ hasLocation: true, power: 12.61, battery: 4.04 }],
      reply: Buffer.alloc(0),
    });
  });
});
