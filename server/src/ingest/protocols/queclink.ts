// Queclink @Track air interface protocol (GL200/GL300/GL50x/GV series; Traccar 'gl200'), text
// form: `+RESP:GTxxx,...$` reports, `+BUFF:GTxxx,...$` the same reports sent again from the
// device's buffer, `+ACK:GTxxx,...$` acknowledgements of the server's AT+GT commands and the
// heartbeat `+ACK:GTHBD,<protocol version>,<IMEI>,<device name>,<send time>,<count>$`.
// Every message names the device (the IMEI is its third field) and ends with the send time and a
// 4-hex-digit count number. The server answers a heartbeat `+SACK:GTHBD,<protocol version>,
// <count>$` and may acknowledge any other message `+SACK:<count>$` (SACK mode of AT+GTSRI); we do,
// only once its records are committed. The protocol version's leading digits name the device
// type, which decides the field layout of several reports (Traccar's PROTOCOL_MODELS table).
//
// The binary (HEX) form of the protocol is framed (so that it is skipped whole) but not decoded.
// Pure functions: bytes in, a typed result out; nothing here throws.
import type { DeviceRecord } from '../types';
import {
  deviceIdText,
  Fields,
  Message,
  newRecord,
  QUECLINK_MAX_FRAME,
  timeOf,
} from './queclink-fields';
import { allUpperAlnum, hexTest, RecurringText } from './text-fields';
import { decodeReport } from './queclink-reports';

export { QUECLINK_MAX_FRAME };
/** The shortest message the framer accepts (Traccar's Gl200FrameDecoder: 11 bytes). */
const MIN_FRAME = 11;

const PLUS = 0x2b;
const DOLLAR = 0x24;
const TEXT_HEADS = ['+RESP:', '+BUFF:', '+ACK:'].map((h) => Buffer.from(h, 'latin1'));
/** Binary message heads (Traccar Gl200FrameDecoder) and where each keeps its length. */
const BINARY_LENGTH: Record<string, { at: number; width: 1 | 2 }> = {
  '+RSP': { at: 9, width: 2 },
  '+BSP': { at: 9, width: 2 },
  '+EVT': { at: 9, width: 2 },
  '+BVT': { at: 9, width: 2 },
  '+INF': { at: 7, width: 2 },
  '+BNF': { at: 7, width: 2 },
  '+HBD': { at: 5, width: 1 },
  '+CRD': { at: 6, width: 2 },
  '+BRD': { at: 6, width: 2 },
  '+LGN': { at: 6, width: 2 },
  '+ACK': { at: 6, width: 1 },
};
/** The same, by the head's four bytes read as one number (no string made per message). */
const BINARY_BY_HEAD = new Map(
  Object.entries(BINARY_LENGTH).map(([head, f]) => [Buffer.from(head, 'latin1').readUInt32BE(), f]),
);
const ACK_HEAD = Buffer.from('+ACK', 'latin1').readUInt32BE();

export type QueclinkResult =
  /** Store the records, then send `reply` (null when the message has no count to echo). */
  | {
      kind: 'data';
      deviceId: string;
      version: string;
      records: DeviceRecord[];
      reply: Buffer | null;
      /** The device's acknowledgement of a command (`+ACK:GTxxx,...`), for the dispatcher. */
      commandReply?: string;
    }
  /** A heartbeat: nothing to store; answer at once. */
  | { kind: 'heartbeat'; deviceId: string; version: string; reply: Buffer }
  /** A well-formed message with nothing to store (or a binary one); answer `reply` if any. */
  | { kind: 'ignored'; deviceId: string | null; reply: Buffer | null; reason: string }
  | { kind: 'malformed'; reason: string };

/** Device type by the protocol version's first two hex digits (or first six, for 10-digit ones). */
export const QUECLINK_MODELS: Readonly<Record<string, string>> = {
  '02': 'GL200', '04': 'GV200', '06': 'GV300', '08': 'GMT100', '09': 'GV50P', '0F': 'GV55',
  '10': 'GV55 LITE', '11': 'GL500', '1A': 'GL300', '1F': 'GV500', '21': 'GL200', '25': 'GV300',
  '27': 'GV300W', '28': 'GL300VC', '2C': 'GL300W', '2D': 'GV500VC', '2F': 'GV55', '4F': 'GV56',
  '30': 'GL300', '31': 'GV65', '35': 'GV200', '36': 'GV500', '3F': 'GMT100', '40': 'GL500',
  '41': 'GV75W', '42': 'GT501', '44': 'GL530', '45': 'GB100', '50': 'GV55W', '52': 'GL50',
  '55': 'GL50B', '5E': 'GV500MAP', '6E': 'GV310LAU', 'BD': 'CV200', 'C2': 'GV600M',
  'C3': 'GL320M', 'DC': 'GV600MG', 'DE': 'GL500M', 'DF': 'CV100LG', 'F1': 'GV350M',
  'F8': 'GV800W', 'FC': 'GV600W', '802004': 'GV58LAU', '802005': 'GV355CEU', '80201E': 'GV30CEU',
}; // prettier-ignore

/** The device type a protocol version names ('' when unknown). */
export function queclinkModel(version: string): string {
  const key = (version.length > 6 ? version.slice(0, 6) : version.slice(0, 2)).toUpperCase();
  return QUECLINK_MODELS[key] ?? '';
}

/** queclinkModel, remembered for the last version asked about. */
function modelOf(version: string): string {
  if (version !== lastModel.version) lastModel = { version, model: queclinkModel(version) };
  return lastModel.model;
}

const startsWith = (buf: Buffer, at: number, end: number, head: Buffer): 'yes' | 'no' | 'maybe' => {
  const n = Math.min(head.length, end - at);
  for (let i = 0; i < n; i++) if (buf[at + i] !== head[i]) return 'no';
  return n === head.length ? 'yes' : 'maybe';
};

/** 'yes' when a text message starts at `at`, 'maybe' when too few bytes are there to tell. */
function textHead(buf: Buffer, at: number, end: number): 'yes' | 'no' | 'maybe' {
  let maybe = false;
  for (const h of TEXT_HEADS) {
    const s = startsWith(buf, at, end, h);
    if (s === 'yes') return 'yes';
    if (s === 'maybe') maybe = true;
  }
  return maybe ? 'maybe' : 'no';
}

/** The whole length of a binary message at `off` (> 0), 0 when more bytes are needed, or -1. */
function binaryLength(buf: Buffer, off: number, end: number): number {
  if (end - off < MIN_FRAME) return 0;
  let length: number;
  if (buf[off + 1] === 0) length = buf.readUInt16BE(off + 2);
  else {
    const f = BINARY_BY_HEAD.get(buf.readUInt32BE(off));
    if (!f) return -1;
    length = f.width === 1 ? buf[off + f.at] : buf.readUInt16BE(off + f.at);
  }
  if (length < MIN_FRAME || length > QUECLINK_MAX_FRAME) return -1;
  return end - off >= length ? length : 0;
}

/** True when the bytes at `off` are a binary message (Traccar Gl200FrameDecoder.isBinary). */
function isBinary(buf: Buffer, off: number, end: number): boolean {
  if (end - off < 5) return false;
  if (buf[off + 1] === 0) return true;
  const head = buf.readUInt32BE(off);
  if (head === ACK_HEAD) return buf[off + 4] !== 0x3a;
  return BINARY_BY_HEAD.has(head);
}

/** Garbage from `off` up to the next '+' after it (or to `end`). */
function skipToNextPlus(buf: Buffer, off: number, end: number): number {
  const next = buf.indexOf(PLUS, off + 1);
  return -((next < 0 || next > end ? end : next) - off);
}

/**
 * > 0: a whole message of that length at `off` (a text one includes its `$` or NUL terminator);
 * 0: more bytes are needed; < 0: that many bytes are garbage (up to the next `+`). A text
 * message that runs into the start of another one before its terminator is garbage (cut short),
 * and the framer never waits for more than QUECLINK_MAX_FRAME bytes.
 */
export function queclinkFrameLength(buf: Buffer, off: number, end: number): number {
  if (off < 0 || end > buf.length || off >= end) return 0;
  if (buf[off] !== PLUS) return skipToNextPlus(buf, off, end);
  const head = textHead(buf, off, end);
  if (head === 'maybe' && end - off < 6) return 0;
  if (head !== 'yes') {
    if (end - off < 5) return 0;
    if (!isBinary(buf, off, end)) return skipToNextPlus(buf, off, end);
    const n = binaryLength(buf, off, end);
    return n < 0 ? skipToNextPlus(buf, off, end) : n;
  }
  const limit = Math.min(end, off + QUECLINK_MAX_FRAME);
  for (let i = off + 1; i < limit; i++) {
    const b = buf[i];
    if (b === DOLLAR || b === 0) return i - off + 1;
    if (b === PLUS && textHead(buf, i, end) === 'yes') return -(i - off);
  }
  return limit - off >= QUECLINK_MAX_FRAME ? skipToNextPlus(buf, off, end) : 0;
}

/** `+SACK:<count>$`: the server's acknowledgement of a message (SACK mode). */
export const encodeQueclinkSack = (count: string): Buffer =>
  Buffer.from(`+SACK:${count}$`, 'latin1');

/** `+SACK:GTHBD,<protocol version>,<count>$`: the answer to a heartbeat. */
export const encodeQueclinkHeartbeatAck = (version: string, count: string): Buffer =>
  Buffer.from(`+SACK:GTHBD,${version},${count}$`, 'latin1');

/** A count number: 4 hex digits. */
const isCount = hexTest(4);
/** XX0000-XXFFFF (X: 0-9, A-Z), or the 10-character form of newer models. */
const VERSION = /^[0-9A-Za-z]{6}([0-9A-Za-z]{4})?$/;

/**
 * The length of a header `+(RESP|BUFF|ACK):GT<3 of 0-9, A-Z>` (text[0..end)) without its report
 * type, or 0 when it is none: 8 for RESP and BUFF, 7 for ACK. The kind is read from its first
 * letter, the rest is compared whole.
 */
function headerLength(text: string, end: number): number {
  const prefix =
    text.startsWith('+RESP:GT') || text.startsWith('+BUFF:GT')
      ? 8
      : text.startsWith('+ACK:GT')
        ? 7
        : 0;
  return prefix !== 0 && end === prefix + 3 && allUpperAlnum(text, prefix, end) ? prefix : 0;
}

/** Device ids and report types, the same string while they repeat. */
const DEVICE_IDS = new RecurringText();
const TYPES = new RecurringText();

/** The fields of the message being decoded (a message is read only while decodeQueclink runs). */
const FIELDS = new Fields(QUECLINK_MAX_FRAME);

/** modelOf's last answer: messages come in runs from the same device, hence the same version. */
let lastModel = { version: '', model: '' };

export interface QueclinkOptions {
  /** The model set on the unit (set_unit_device), overriding the one the protocol version names. */
  model?: string | null;
}

/**
 * Decodes one whole message (as queclinkFrameLength delimits it, or without its terminator).
 * `now` stamps records of messages that carry no time at all.
 */
export function decodeQueclink(
  buf: Buffer,
  off: number,
  len: number,
  now: number,
  opts?: QueclinkOptions,
): QueclinkResult {
  if (off < 0 || len < 1 || off + len > buf.length || len > QUECLINK_MAX_FRAME) {
    return { kind: 'malformed', reason: 'span outside the buffer or too long' };
  }
  if (buf[off] !== PLUS) return { kind: 'malformed', reason: 'not a @Track message' };
  if (isBinary(buf, off, off + len)) {
    return { kind: 'ignored', deviceId: null, reply: null, reason: 'binary (HEX) report' };
  }
  const last = buf[off + len - 1];
  const text = buf.toString(
    'latin1',
    off,
    last === DOLLAR || last === 0 ? off + len - 1 : off + len,
  );
  const f = FIELDS.split(text);
  const head = headerLength(text, f.end(0));
  if (head === 0 || f.length < 4) return { kind: 'malformed', reason: 'no @Track header' };
  // Current layout: header, protocol version, IMEI, ...; the oldest (GT300-era) one has the IMEI
  // second and the protocol version near the end.
  const legacy = !f.is(2, deviceIdText) && f.is(1, deviceIdText);
  const idAt = legacy ? 1 : 2;
  if (!f.is(idAt, deviceIdText)) return { kind: 'malformed', reason: 'no device id' };
  const deviceId = DEVICE_IDS.of(buf, off + f.start(idAt), off + f.end(idAt));
  const version = legacy ? '' : f.at(1)!;
  const lastAt = f.length - 1;
  const count = f.is(lastAt, isCount) ? f.at(lastAt)! : null;
  const sack = count === null ? null : encodeQueclinkSack(count);
  const sendTime = f.read(lastAt - 1, timeOf) ?? f.read(lastAt, timeOf);
  const type = TYPES.of(buf, off + head, off + head + 3);

  if (head === 7) {
    // An acknowledgement (+ACK:GTxxx).
    if (type === 'HBD') {
      // Both are echoed to the device: only what the protocol allows there.
      if (count === null || !VERSION.test(version)) {
        return { kind: 'malformed', reason: 'heartbeat without count or protocol version' };
      }
      return {
        kind: 'heartbeat',
        deviceId,
        version,
        reply: encodeQueclinkHeartbeatAck(version, count),
      };
    }
    const rec = newRecord(deviceId, sendTime ?? now);
    rec.attributes.result = text;
    rec.attributes.type = type;
    return { kind: 'data', deviceId, version, records: [rec], reply: sack, commandReply: text };
  }

  const model = opts?.model ? opts.model.toUpperCase() : modelOf(version);
  const msg = new Message(f, type, deviceId, version, model, legacy, sendTime ?? now);
  let records: DeviceRecord[] | null;
  try {
    records = decodeReport(msg);
  } catch {
    // Every parser is written not to throw; this only keeps a bug from dropping the connection.
    records = null;
  }
  if (!records || !records.length) {
    return { kind: 'ignored', deviceId, reply: sack, reason: `nothing decoded from GT${type}` };
  }
  for (const r of records) r.attributes.type = type;
  return { kind: 'data', deviceId, version, records, reply: sack };
}
