// GT06 information and text packets, stored as records without a location: the device's answers
// to commands (0x15, 0x21; `attributes.result`), information transmission (0x94 and its
// sub-types: power, ICCID, door, fuel sensor, RFID, temperature/humidity, ...), serial data of an
// external device (0x9B) and OBD data (0x8C). Layouts as Traccar's Gt06ProtocolDecoder reads them.
import type { CommandReply } from '../commands';
import type { DeviceRecord } from '../types';
import {
  applyFlags,
  blank,
  deviceTime,
  eventTime,
  printable,
  type Gt06Decoded,
  type Gt06Packet,
  type Reader,
} from './gt06-blocks';
import { decodeGt06CommandText, GT06_COMMAND_REPLY, GT06_COMMAND_REPLY_LONG } from './gt06-command';

export const GT06_INFO = 0x94;
export const GT06_SERIAL = 0x9b;
export const GT06_OBD = 0x8c;
export { GT06_COMMAND_REPLY, GT06_COMMAND_REPLY_LONG };

function record(p: Gt06Packet): DeviceRecord {
  const rec = blank(p);
  rec.attributes.type = p.type;
  return rec;
}

/** ICCID digits without the trailing F filler some SIMs report. */
const iccid = (s: string) => s.replace(/(?<=.)[fF]+$/, '');

/**
 * The text of a command answer (0x15 or 0x21) and the server flag it carries, `start`..`end`
 * being the content. Some firmware sends 0x15 with a command length of 0 and the text, padded
 * with zeros, after the flag: the text without a flag then (the dispatcher judges it by its words).
 */
export function gt06CommandReply(
  buf: Buffer,
  type: number,
  start: number,
  end: number,
): CommandReply | null {
  const reply = decodeGt06CommandText(buf, type, start, end);
  if (reply || type !== GT06_COMMAND_REPLY || end - start < 6 || buf[start] !== 0) return reply;
  const zero = buf.indexOf(0, start + 5);
  const text = buf.subarray(start + 5, zero < 0 || zero > end ? end : zero);
  return text.length && printable(text) ? { text: text.toString('latin1') } : null;
}

/**
 * 0x15: the answer to a command (server flag, text); "<ICCID:...>" is the SIM's ICCID. Answered
 * like a data packet.
 */
export function decodeCommandReply(r: Reader, p: Gt06Packet): Gt06Decoded {
  const reply = gt06CommandReply(r.buf, GT06_COMMAND_REPLY, r.p, r.end);
  if (!reply) return { records: [], answer: 'short' };
  const rec = record(p);
  if (reply.text.startsWith('<ICCID:')) rec.attributes.iccid = reply.text.slice(7, 27);
  else rec.attributes.result = reply.text;
  return { records: [rec], answer: 'short' };
}

/** "Current position!Lat:N54.739332,Lon:E25.273270,Course:126.53,Speed:0.0000,DateTime:..." */
const LOCATION_TEXT =
  /^Current position!Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+\.\d+),Speed:(\d+\.\d+),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)/;

/**
 * 0x21 (long frame): the answer to a command in ASCII or UTF-16; the answer to a location query is
 * a position (its speed taken as km/h, its time as UTC). Not answered.
 */
export function decodeCommandReplyLong(r: Reader, p: Gt06Packet): Gt06Decoded {
  const reply = decodeGt06CommandText(r.buf, GT06_COMMAND_REPLY_LONG, r.p, r.end);
  if (!reply) return { records: [], answer: 'none' };
  const rec = record(p);
  const m = LOCATION_TEXT.exec(reply.text);
  const time = m ? Date.UTC(+m[7], +m[8] - 1, +m[9], +m[10], +m[11], +m[12]) : NaN;
  if (m && Number.isFinite(time) && +m[2] <= 90 && +m[4] <= 180) {
    rec.valid = true;
    applyFlags(rec, +m[2], +m[4], 0x1000 | (m[1] === 'N' ? 0x400 : 0) | (m[3] === 'W' ? 0x800 : 0));
    rec.course = +m[5] % 360;
    rec.speed = +m[6];
    rec.fixTime = time;
  } else {
    rec.attributes.result = reply.text;
  }
  return { records: [rec], answer: 'none' };
}

/** 0x94 in a short frame: external power (V). Not answered. */
export function decodeInfoShort(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  rec.power = r.s16() / 100;
  return { records: [rec], answer: 'none' };
}

/** "!AIOIL,addr,output,temperature,version,wave+codes,measured,movement,times,checksum" */
const FUEL_TEXT = /^!AIOIL,\d+,\d+\.\d+,(\d+\.\d+),[^,]+,\d{4},(\d+\.\d+),[01],\d+,[0-9A-Fa-f]{2}$/;

/** 0x94 information transmission (long frame) by sub-type. Not answered. */
export function decodeInfo(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  const sub = r.u8();
  a.infoType = sub;
  switch (sub) {
    case 0x00: // external voltage on the ADC
      a.adc1 = r.u16() / 100;
      break;
    case 0x04: // terminal status text: ALM1=..;STA1=..;DYD=..;...
      for (const pair of r.ascii(r.left).split(';')) {
        const [key, value = ''] = pair.split('=');
        const n = parseInt(value, 16);
        if (/^ALM[1-4]$/.test(key) && Number.isFinite(n)) a[`alarm${key[3]}Status`] = n;
        else if (key === 'STA1' && Number.isFinite(n)) a.otherStatus = n;
        else if (key === 'DYD' && Number.isFinite(n)) a.engineStatus = n;
        else if (key === 'ICCID' && /^\d{10,}[fF]*$/.test(value)) a.iccid = iccid(value);
      }
      break;
    case 0x05: {
      // door and input 1, after the device time on some firmware
      if (r.left >= 7) eventTime(rec, deviceTime(r, p));
      const flags = r.u8();
      a.door = (flags & 0x01) !== 0;
      a.io1 = (flags & 0x04) !== 0;
      break;
    }
    case 0x0a: // IMEI, IMSI, ICCID (BCD)
      r.skip(8 + 8);
      a.iccid = iccid(r.hex(10));
      break;
    case 0x0b: // network technology (1 byte) or external voltage (2 bytes)
      if (r.left === 1) a.networkTechnology = r.u8() > 0 ? '4G' : '2G';
      else if (r.left === 2) rec.power = r.u16() / 100;
      else return { records: [], answer: 'none' };
      break;
    case 0x0d: {
      // fuel sensor text, after the device time on some firmware
      if (r.peek() !== 0x21) r.skip(6);
      const m = FUEL_TEXT.exec(r.ascii(r.left));
      if (!m) return { records: [], answer: 'none' };
      a.temp1 = Number(m[1]);
      a.fuel = Number(m[2]);
      break;
    }
    case 0x1b: // a reader's text (a letter first), or an RFID frame: header, type, id, sum, end
      if (/[A-Za-z]/.test(String.fromCharCode(r.peek()))) {
        a.serial = r.ascii(r.left).trim();
      } else {
        r.skip(2);
        rec.driverId = r.hex(4);
        r.skip(2);
      }
      break;
    case 0x1e: // temperature and humidity, tenths
      a.temp1 = r.s32() / 10;
      a.humidity = r.s32() / 10;
      break;
    default:
      return { records: [], answer: 'none' };
  }
  return { records: [rec], answer: 'none' };
}

/** 0x9B: serial data of an external device, as text when printable, else as hex. */
export function decodeSerial(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  r.skip(1); // external device type
  const data = r.buf.subarray(r.p, r.end);
  rec.attributes.result = printable(data) ? data.toString('latin1').trim() : data.toString('hex');
  return { records: [rec], answer: 'none' };
}

/** OBD parameter ids (the first two hex digits of a key, read as a number) of 0x8C. */
const OBD_KEYS: Record<number, string> = {
  40: 'odometer',
  43: 'fuel',
  45: 'coolantTemp',
  53: 'obdSpeed',
  54: 'rpm',
  71: 'fuelUsed',
  73: 'hours',
  74: 'vin',
};

/**
 * 0x8C (FM08ABC): device time, ACC, then "key=hex value" pairs; values are hundredths (the engine
 * hours taken as hundredths of an hour). 12 bytes of location data follow, not decoded. Not
 * answered.
 */
export function decodeObd(r: Reader, p: Gt06Packet): Gt06Decoded {
  const rec = record(p);
  const a = rec.attributes;
  eventTime(rec, deviceTime(r, p));
  rec.ignition = r.u8() > 0;
  for (const pair of r.ascii(Math.max(0, r.left - 12)).split(',')) {
    const [key, value] = pair.split('=');
    if (value === undefined || !key) continue;
    const name = OBD_KEYS[parseInt(key.slice(0, 2), 16)];
    if (name === 'vin') {
      if (value) a.vin = value;
      continue;
    }
    const n = parseInt(value, 16) / 100;
    if (!name || !Number.isFinite(n)) continue;
    if (name === 'odometer') rec.odometer = n;
    else if (name === 'hours') a.hours = Math.round(n * 3_600_000);
    else a[name] = n;
  }
  return { records: [rec], answer: 'none' };
}
