// GT06 packets of the newer Concox/Jimi firmware: the modular location 0x70 (type-length-value
// modules), device and peripheral status 0xF1/0xF2, the AZ735's long-frame location and alarm
// 0x32/0x33, and the JC100/JC400 camera alarm 0x95. Layouts as Traccar's Gt06ProtocolDecoder
// reads them.
import type { DeviceRecord } from '../types';
import { namedAlarm } from './gt06-alarms';
import {
  applyFlags,
  blank,
  decodeGps,
  decodeLbs,
  deviceTime,
  eventTime,
  setCell,
  type Gt06Decoded,
  type Gt06Packet,
  type Reader,
} from './gt06-blocks';
import type { Gt06Variant } from './gt06-variant';

export const GT06_GPS_MODULAR = 0x70;
export const GT06_DEVICE_STATUS = 0xf1;
export const GT06_PERIPHERAL = 0xf2;
export const GT06_AZ735_GPS = 0x32;
export const GT06_AZ735_ALARM = 0x33;
export const GT06_ALARM = 0x95;

function record(p: Gt06Packet): DeviceRecord {
  const rec = blank(p);
  rec.attributes.type = p.type;
  return rec;
}

/** Module 0x34 event codes of 0x70 → Traccar alarm names. */
const MODULAR_EVENTS: Record<number, string> = {
  0x10: 'door',
  0x12: 'removing',
  0x14: 'geofenceEnter',
  0x15: 'geofenceExit',
  0x16: 'temperature',
  0x1a: 'lowBattery',
  0x1b: 'overspeed',
  0x1c: 'powerOn',
  0x1d: 'powerOff',
  0x20: 'vibration',
  0x21: 'powerCut',
  0x23: 'tampering',
};

/** 0x70: modules of type u16, length u16; answered with a short frame. */
export function decodeModular(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  while (r.left > 0) {
    const id = r.u16();
    const m = r.sub(r.u16());
    switch (id) {
      case 0x03:
        a.iccid = m.hex(10);
        break;
      case 0x09:
        rec.satellites = m.u8();
        break;
      case 0x0a:
        a.satVisible = m.u8();
        break;
      case 0x11: {
        const [mcc, mnc, lac, cid] = [m.u16(), m.u16(), m.u16(), m.u24()];
        m.u8(); // signal
        if (cid > 0) setCell(rec, mcc, mnc, lac, cid);
        break;
      }
      case 0x18:
        rec.battery = m.u16() / 100;
        break;
      case 0x28:
        a.hdop = m.u8() / 10;
        break;
      case 0x29:
        a.index = m.u32();
        break;
      case 0x2a: {
        const input = m.u8();
        a.door = (input & 0x0f) > 0;
        a.tamper = input >> 4 > 0;
        break;
      }
      case 0x2b:
        a.bootReason = m.u8();
        break;
      case 0x2e:
        rec.odometer = m.u32le();
        break;
      case 0x33: {
        eventTime(rec, m.u32() * 1000 || NaN);
        rec.satellites = m.u8();
        rec.altitude = m.s16();
        const lat = m.u32() / 1800000;
        const lon = m.u32() / 1800000;
        rec.speed = m.u8();
        applyFlags(rec, lat, lon, m.u16() & 0x3fff);
        break;
      }
      case 0x34: {
        const event = m.u8();
        const name = MODULAR_EVENTS[event];
        if (name) namedAlarm(rec, name);
        a.event = event;
        break;
      }
      case 0x7f:
        a.tag1Id = m.hex(6);
        a.tag1Battery = m.u16() / 1000;
        a.tag1BatteryLevel = m.u8();
        a.tag1Temp = m.s16() / 10;
        a.tag1Humidity = m.s16();
        a.tag1Status = m.u8();
        break;
      default:
        break;
    }
  }
  return { records: [rec], answer: 'short' };
}

/**
 * 0xF1 device status / 0xF2 peripheral status: a Unix time, then status items (id u16, length,
 * value). Answered with a short frame.
 */
export function decodeStatusItems(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  eventTime(rec, r.u32() * 1000);
  while (r.left > 0) {
    const id = r.u16();
    if (p.type === GT06_PERIPHERAL) {
      if (id === 0x000a) {
        const m = r.sub(r.u16());
        m.skip(1); // MAC address type
        a.mac = m.hex(6);
        const event = m.u8();
        a.event = event;
        const data = m.u8();
        if (event > 0) a.eventData = data;
        a.dataType = m.u8();
        a.dataDetails = m.hex(m.left);
      } else if (id === 0x000c) {
        const m = r.sub(r.u8());
        a.externalBatteryLevel = m.u8();
        if (m.u8() > 0) a.externalBatteryCharge = true;
        a.externalBatteryCycles = m.u16();
      } else {
        const n = r.u8();
        r.skip(n === 0 ? r.u8() : n);
      }
      continue;
    }
    const m = r.sub(r.u8());
    switch (id) {
      case 0x0001: {
        const motion = m.u8();
        rec.motion = motion === 0x02 || motion === 0x04;
        break;
      }
      case 0x0002:
        a.armed = m.u8() > 0;
        break;
      case 0x0004:
        rec.ignition = m.u8() > 0;
        break;
      case 0x0005:
        rec.power = m.u16() / 100;
        break;
      case 0x0007:
        a.charge = m.u8() > 0;
        break;
      case 0x000a:
        a.chargeVoltage = m.u16();
        break;
      case 0x000b:
        a.batteryTemp = m.u16() / 10;
        break;
      default:
        break;
    }
  }
  return { records: [rec], answer: 'short' };
}

const AZ735_STATUS: Record<number, string> = {
  0xa2: 'lowBattery',
  0xa3: 'lowBattery',
  0xa4: 'general',
  0xa5: 'door',
};

/**
 * 0x32/0x33 in a long frame (AZ735): GPS with a length byte (0: no fix), cell with a length
 * byte and signal, more cells and access points (skipped), a status byte (0x33: armed or an
 * alarm), a reserved extension. Answered with a long frame.
 */
export function decodeAz735(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  decodeGps(r, rec, p, { hasLength: true });
  if (decodeLbs(r, rec, { hasLength: true })) rec.gsm = r.u8();
  r.skip(r.u8()); // more cells
  r.skip(r.u8()); // access points
  const status = r.u8();
  a.status = status;
  if (p.type === GT06_AZ735_ALARM) {
    if (status === 0xa0 || status === 0xa1) a.armed = status === 0xa0;
    const name = AZ735_STATUS[status];
    if (name) namedAlarm(rec, name);
  }
  r.skip(r.u8()); // reserved extension
  return { records: [rec], answer: 'long' };
}

/** 0x95 event codes → Traccar alarm names (0x01 is SOS only in the extended form). */
const ALARM_EVENTS: Record<number, string> = {
  0x0e: 'lowPower',
  0x76: 'temperature',
  0x80: 'vibration',
  0x87: 'overspeed',
  0x88: 'powerCut',
  0x90: 'hardAcceleration',
  0x91: 'hardBraking',
  0x92: 'hardCornering',
  0x93: 'accident',
};

/**
 * 0x95 (JC100/JC400 dash cameras): device time only (7 bytes of content) or a GPS block (JC400:
 * marker, version, satellites, two-byte speed after the course word; others: no satellites or
 * speed), [JC400: power, 0.1 V,] event code, event data, then the names of the video files.
 */
export function decodeCameraAlarm(r: Reader, p: Gt06Packet, v: Gt06Variant): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  const jc400 = v === 'JC400';
  const extended = r.left > 7;
  if (extended) {
    if (jc400) r.skip(3); // marker, version
    decodeGps(r, rec, p, {
      satellites: jc400,
      speed: jc400,
      longSpeed: jc400,
      swapFlags: jc400,
    });
  } else {
    eventTime(rec, deviceTime(r, p));
  }
  if (jc400) rec.power = r.u16() / 10;
  const event = r.u8();
  a.event = event;
  if (r.left >= 2) a.eventData = r.u16();
  if (event === 0x01) namedAlarm(rec, extended ? 'sos' : 'general');
  else if (ALARM_EVENTS[event]) namedAlarm(rec, ALARM_EVENTS[event]);
  if (r.left > 0) a.eventFiles = r.ascii(r.left);
  return { records: [rec], answer: 'short' };
}
