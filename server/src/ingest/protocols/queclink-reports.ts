// Which decoder reads which Queclink report (as Traccar's Gl200TextProtocolDecoder dispatches
// them), and the reports with short fixed layouts: input changes (GTLSW/GTTSW), driver id
// (GTIDA), Wi-Fi and cell lists (GTWIF, GTGSM), versions (GTVER), power on/off (GTPNA/GTPFA),
// driver assistance (GTDAR), serial data (GTDTT), BLE accessories (GTBAA, GTBID), light sensor
// (GTLSA). A report type without a decoder of its own goes to the generic one (decodeBasic).
import type { DeviceRecord } from '../types';
import { addAlarmName, addEvent, settleAccidents } from './events';
import { decodeCan, decodeObd } from './queclink-can';
import { applyState, decodeDat, decodeEri, decodeIgn, decodeInf, decodeLbs } from './queclink-eri';
import {
  applyCell,
  applyFix,
  bit,
  dec,
  fixAt,
  hex,
  int,
  isCoordinate,
  newRecord,
  put,
} from './queclink-fields';
import { addTypeAlarm, decodeBasic } from './queclink-basic';
import { decodeFri } from './queclink-fri';

import type { Message } from './queclink-fields';

export type { Message };

type Decoder = (m: Message) => DeviceRecord[] | null;

/** The first position block at or after `from` (found by its longitude and latitude). */
function locate(m: Message, rec: DeviceRecord, from: number): number {
  const { v } = m;
  for (let i = Math.max(from, 4); i + 2 < v.length; i++) {
    if (!isCoordinate(v[i]) || !isCoordinate(v[i + 1])) continue;
    const f = fixAt(v, i - 4);
    applyFix(rec, f.time === undefined ? { ...f, time: m.at } : f);
    applyCell(rec, v[i + 3], v[i + 4], v[i + 5], v[i + 6]);
    return i;
  }
  return -1;
}

const one =
  (read: (m: Message, rec: DeviceRecord) => void): Decoder =>
  (m) => {
    const rec = newRecord(m.deviceId, m.at);
    read(m, rec);
    return [rec];
  };

/** GTLSW / GTTSW: input 1 / input 2 (ignition switch) changed; the state is the sixth field. */
const lsw = one((m, rec) => {
  rec.attributes[m.type === 'LSW' ? 'in1' : 'in2'] = m.v[5] === '1';
  locate(m, rec, 6);
});

/** GTIDA: a driver presented an iButton / RFID card. */
const ida = one((m, rec) => {
  if (m.v[5]) rec.driverId = m.v[5];
  addEvent(rec, 'driver_id');
  const lon = locate(m, rec, 8);
  if (lon > 0 && /^\d{1,7}\.\d$/.test(m.v[lon + 8] ?? '')) {
    rec.odometer = Number(m.v[lon + 8]) * 1000;
  }
});

/** GTWIF: Wi-Fi access points only (not kept), and the battery %. */
const wif = one((m, rec) => {
  const level = m.v[m.v.length - 3];
  if (/^\d{1,3}$/.test(level ?? '')) rec.batteryLevel = Number(level);
});

/** GTGSM: the cells around (groups of MCC, MNC, LAC, cell id, signal, reserved); the first kept. */
const gsm = one((m, rec) => {
  for (let i = 4; i + 4 < m.v.length; i += 6) {
    if (m.v[i] && applyCell(rec, m.v[i], m.v[i + 1], m.v[i + 2], m.v[i + 3])) {
      put(rec, 'rssi', int(m.v[i + 4]));
      break;
    }
  }
});

/** GTVER: device type, firmware and hardware versions. */
const ver = one((m, rec) => {
  put(rec, 'deviceType', m.v[4] || undefined);
  put(rec, 'versionFw', hex(m.v[5]));
  put(rec, 'versionHw', hex(m.v[6]));
});

/** GTPNA / GTPFA: the tracker itself was switched on / off. */
const pna = one((m, rec) => addTypeAlarm(rec, m.type));

/** GTDAR: driver assistance (ADAS / fatigue camera) warnings. */
const dar = one((m, rec) => {
  const warning = int(m.v[4]);
  if (warning === 1) {
    addAlarmName(rec, 'fatigueDriving');
    put(rec, 'fatigueDegree', int(m.v[5]));
  } else put(rec, 'warningType', warning);
  locate(m, rec, 8);
});

/** GTDTT: data from a serial accessory, hex-encoded text; a fuel sensor's "COMB,.." gives fuel. */
const dtt = one((m, rec) => {
  const raw = m.v[8] ?? '';
  if (!/^([0-9A-Fa-f]{2}){1,1024}$/.test(raw)) return;
  const data = Buffer.from(raw, 'hex').toString('latin1');
  const fuel = data.includes('COMB') ? dec(data.split(',')[2]?.trim()) : undefined;
  if (fuel !== undefined) rec.attributes.fuel = fuel;
  else rec.attributes.data = data;
});

/** The BLE accessory fields an append mask announces, from `at` on. */
function accessory(m: Message, rec: DeviceRecord, mask: number, at: number, bits: number[]) {
  let i = at;
  const keys: Record<number, string> = {
    0: 'accessoryName',
    1: 'accessoryMac',
    2: 'accessoryStatus',
    3: 'accessoryVoltage',
    4: 'accessoryTemp',
    5: 'accessoryHumidity',
  };
  for (const b of bits) {
    if (!bit(mask, b)) continue;
    const s = m.v[i++] ?? '';
    if (b <= 1) put(rec, keys[b], s || undefined);
    else if (b === 3) {
      const mv = int(s);
      if (mv !== undefined) rec.attributes.accessoryVoltage = mv / 1000;
    } else put(rec, keys[b], int(s));
  }
  return i;
}

/** GTBAA: a BLE accessory alarm. */
const baa = one((m, rec) => {
  const mask = hex(m.v[8]) ?? 0;
  locate(m, rec, accessory(m, rec, mask, 9, [0, 1, 2, 3, 4, 5]));
});

/** GTBID: a BLE accessory was bound. */
const bid = one((m, rec) => {
  const mask = hex(m.v[6]) ?? 0;
  locate(m, rec, accessory(m, rec, mask, 7, [1, 3]));
});

/** GTLSA: light sensor: level, battery %, temperature after the block. */
const lsa = one((m, rec) => {
  const lon = locate(m, rec, 7);
  if (lon < 0) return;
  put(rec, 'lightLevel', int(m.v[lon + 9]));
  const level = int(m.v[lon + 10]);
  if (level !== undefined) rec.batteryLevel = level;
  put(rec, 'temp1', dec(m.v[lon + 13]));
});

const DECODERS: Record<string, Decoder> = {
  INF: decodeInf,
  OBD: decodeObd,
  CAN: decodeCan,
  CTN: decodeFri,
  FRI: decodeFri,
  GEO: decodeFri,
  RTL: decodeFri,
  DOG: decodeFri,
  STR: decodeFri,
  ERI: decodeEri,
  IGN: decodeIgn,
  IGF: decodeIgn,
  VGN: decodeIgn,
  VGF: decodeIgn,
  LSW: lsw,
  TSW: lsw,
  IDA: ida,
  WIF: wif,
  GSM: gsm,
  VER: ver,
  PNA: pna,
  PFA: pna,
  DAR: dar,
  DTT: dtt,
  BAA: baa,
  BID: bid,
  LSA: lsa,
  LBS: decodeLbs,
  DAT: decodeDat,
};

/** Fixed reports: stored even without a fix or anything else (the device did report). */
const FIXED = new Set(['FRI', 'ERI', 'CTN', 'STR', 'RTL', 'DOG', 'GEO']);

/** The records of one report, or null when there is nothing to store. */
export function decodeReport(m: Message): DeviceRecord[] | null {
  const own = m.legacy ? undefined : DECODERS[m.type];
  let records = own ? own(m) : null;
  if (!records) {
    const rec = decodeBasic(m);
    if (rec) records = [rec];
  }
  if (!records && FIXED.has(m.type)) records = [newRecord(m.deviceId, m.at)];
  // A crash report (GTCRA) while parked is an impact while parked (events.ts).
  if (records) records.forEach(settleAccidents);
  if (records && m.type === 'STT' && !m.legacy) {
    // GTSTT: the motion state changed; its state field is the device state of GTINF.
    const state = hex(m.v[4]);
    if (state !== undefined && m.v[4].length === 2) applyState(records[0], state);
  }
  return records;
}
