// H02 (Sinotrack ST-901 and its many clones; Traccar's "h02"): framing, message dispatch and the
// server's answers. Pure functions: bytes in, records and reply bytes out.
//
// Two kinds of message share one connection, neither with a length field or a checksum:
// - text `*XX,<id>,<type>,...#` (h02-text.ts, h02-reports.ts), optionally followed by CR LF;
// - binary records starting with '$' (or 'X' in X mode) of a fixed length per layout
//   (h02-binary.ts). With no length on the wire, a binary record ends where the next message
//   starts or where the received bytes end on one of the known lengths.
//
// The server acknowledges nothing the device would resend (the manuals: "Respond: NO" for V1).
// Like Traccar it answers V1 and NBR with the time (`*HQ,<id>,V4,V1,yyyyMMddHHmmss#`, which some
// devices use to set their clock) and echoes heartbeats (`*HQ,<id>,HTBT#`, V0).
import type { DeviceRecord } from '../types';
import {
  binaryBody,
  binaryHeader,
  decodeH02Binary,
  H02_BINARY,
  H02_LONG_LENGTHS,
  H02_SHORT_LENGTHS,
  H02_X_MODE,
  type Plausible,
} from './h02-binary';
import { decodeHeartbeat, decodeLink, decodeNbr, decodeSms, decodeV3Cells } from './h02-reports';
import {
  decodeTextAlarm,
  decodeTextAnswer,
  decodeTextPosition,
  decodeVp1,
  splitH02Text,
  type H02Text,
  type TextContext,
} from './h02-text';
import { allDigits } from './text-fields';

/** The longest text message the framer waits for; longer ones are skipped as garbage. */
export const H02_MAX_FRAME = 4096;

const STAR = 0x2a;
const HASH = 0x23;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** `*`, a two-letter maker and a comma. */
function textHeader(buf: Buffer, i: number, end: number): Plausible {
  for (let k = 1; k < 4; k++) {
    if (i + k >= end) return 'maybe';
    const c = buf[i + k];
    if (k < 3 ? !isLetter(c) : c !== COMMA) return 'no';
  }
  return 'yes';
}

/** Whether a message can start at `i`: 'maybe' while more bytes are needed to tell. */
export function h02StartsAt(buf: Buffer, i: number, end: number): Plausible {
  if (i >= end) return 'maybe';
  const b = buf[i];
  if (b === STAR) return textHeader(buf, i, end);
  if (b === H02_X_MODE) return binaryHeader(buf, i, end, 5);
  if (b !== H02_BINARY) return 'no';
  const short = binaryHeader(buf, i, end, 5);
  const long = binaryHeader(buf, i, end, 8);
  if (short === 'yes' || long === 'yes') return 'yes';
  return short === 'maybe' || long === 'maybe' ? 'maybe' : 'no';
}

/** Minus the byte count from `off` to the next possible message start at or after `from`. */
function skip(buf: Buffer, off: number, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const b = buf[i];
    if ((b === STAR || b === H02_BINARY || b === H02_X_MODE) && h02StartsAt(buf, i, end) !== 'no')
      return off - i;
  }
  return off - end;
}

/**
 * Length of the whole message at `off`: > 0 when whole, 0 when more bytes are needed, < 0 to
 * discard that many bytes of garbage (up to the next message start). Never waits for more than
 * H02_MAX_FRAME bytes.
 */
export function h02FrameLength(buf: Buffer, off: number, end: number): number {
  if (end <= off) return 0;
  const start = h02StartsAt(buf, off, end);
  if (start === 'no') return skip(buf, off, off + 1, end);
  if (start === 'maybe') return 0;
  return buf[off] === STAR ? textLength(buf, off, end) : binaryLength(buf, off, end);
}

function textLength(buf: Buffer, off: number, end: number): number {
  const limit = Math.min(end, off + H02_MAX_FRAME);
  for (let i = off + 4; i < limit; i++) {
    const c = buf[i];
    if (c === HASH) {
      let n = i + 1;
      while (n < limit && (buf[n] === CR || buf[n] === LF)) n++;
      return n - off;
    }
    if (c === STAR) {
      // A new message before this one ended: what came before it was cut short.
      const next = textHeader(buf, i, end);
      if (next === 'yes') return off - i;
      if (next === 'maybe') return 0;
    }
  }
  return end - off >= H02_MAX_FRAME ? skip(buf, off, off + 1, end) : 0;
}

function binaryLength(buf: Buffer, off: number, end: number): number {
  const avail = end - off;
  const xMode = buf[off] === H02_X_MODE;
  const short = binaryHeader(buf, off, end, 5) === 'yes';
  const long = !xMode && binaryHeader(buf, off, end, 8) === 'yes';
  // The headers are decided within 28 bytes, the shortest record is 32.
  if (avail < 32) return 0;
  const lengths: number[] = xMode
    ? [32]
    : [...(short ? H02_SHORT_LENGTHS : []), ...(long ? H02_LONG_LENGTHS : [])].sort(
        (a, b) => a - b,
      );
  if (!lengths.length) return skip(buf, off, off + 1, end);
  // A message starting inside the record means it was cut short: what it holds up to its status
  // word is still a record, anything shorter is garbage.
  const body = binaryBody(short ? 5 : 8);
  const scanEnd = Math.min(end, off + lengths[lengths.length - 1]);
  for (let i = off + 1; i < scanEnd; i++) {
    const b = buf[i];
    if (b !== STAR && b !== H02_BINARY && b !== H02_X_MODE) continue;
    if (h02StartsAt(buf, i, end) !== 'yes') continue;
    return i - off >= body ? i - off : off - i;
  }
  for (const n of lengths) {
    if (n > avail) break;
    if (n === avail) return n;
    const next = h02StartsAt(buf, off + n, end);
    if (next === 'yes') return n;
    // A message may start where this layout ends: its first bytes will tell.
    if (next === 'maybe') return 0;
  }
  if (lengths[lengths.length - 1] > avail) return 0;
  // No message follows any known length: take the manual's record, skip the rest as garbage.
  return lengths[0];
}

export interface H02Context {
  /** The connection's device: messages without an id (X mode, an empty id field) are its. */
  deviceId: string | null;
  now: number;
  /** The device's last stored status word on this connection (alarms are raised on change). */
  previous?: (deviceId: string) => number | undefined;
}

export type H02Result =
  /** One record to store; `reply` (if any) goes out once it is committed. */
  | {
      kind: 'records';
      type: string;
      deviceId: string;
      maker: string | null;
      records: DeviceRecord[];
      reply: Buffer | null;
    }
  /** Nothing to store; send `reply` (if any) right away. */
  | {
      kind: 'ignored';
      type: string;
      deviceId: string | null;
      maker: string | null;
      reply: Buffer | null;
      reason: string;
    }
  | { kind: 'malformed'; type: string; reason: string };

/** Decodes one whole message as h02FrameLength delimits it. Never throws. */
export function decodeH02(buf: Buffer, off: number, len: number, ctx: H02Context): H02Result {
  if (
    !Number.isInteger(off) ||
    !Number.isInteger(len) ||
    off < 0 ||
    len < 1 ||
    off + len > buf.length
  )
    return { kind: 'malformed', type: '', reason: 'span outside the buffer' };
  if (len > H02_MAX_FRAME) return { kind: 'malformed', type: '', reason: 'too long' };
  const marker = buf[off];
  if (marker === H02_BINARY || marker === H02_X_MODE) {
    const type = marker === H02_BINARY ? '$' : 'X';
    const d = decodeH02Binary(buf, off, len, ctx.deviceId, (id) => ctx.previous?.(id));
    if (!d) {
      if (
        marker === H02_X_MODE &&
        ctx.deviceId === null &&
        binaryHeader(buf, off, off + len, 5) === 'yes'
      )
        return {
          kind: 'ignored',
          type,
          deviceId: null,
          maker: null,
          reply: null,
          reason: 'X mode before any id',
        };
      return { kind: 'malformed', type, reason: 'not a binary record' };
    }
    const deviceId = d.record.deviceId;
    return { kind: 'records', type, deviceId, maker: null, records: [d.record], reply: null };
  }
  if (marker !== STAR) return { kind: 'malformed', type: '', reason: 'no message start' };
  const m = splitH02Text(buf.toString('latin1', off, off + len));
  if (!m) return { kind: 'malformed', type: '*', reason: 'not an H02 text message' };
  return decodeText(m, ctx);
}

/** A position message's type: /^V[A-Z]?\d{1,2}$/. */
function isPositionType(type: string): boolean {
  if (type.charCodeAt(0) !== 86) return false;
  const c = type.charCodeAt(1);
  const from = c >= 65 && c <= 90 ? 2 : 1;
  const digits = type.length - from;
  return digits >= 1 && digits <= 2 && allDigits(type, from, type.length);
}

function ignoredText(m: H02Text, id: string | null, reason: string, reply: Buffer | null = null) {
  const { type, maker } = m;
  return { kind: 'ignored', type, deviceId: id, maker, reply, reason } satisfies H02Result;
}

function textRecords(
  m: H02Text,
  id: string,
  rec: DeviceRecord | null,
  reply: Buffer | null = null,
): H02Result {
  const { type, maker } = m;
  return rec
    ? { kind: 'records', type, deviceId: id, maker, records: [rec], reply }
    : { kind: 'malformed', type, reason: `${type} not understood` };
}

/** The time answer Traccar sends to V1 and NBR, when the message named its device. */
const timeSync = (m: H02Text, now: number) =>
  m.id ? encodeH02TimeSync(m.maker, m.id, m.type, now) : null;

function decodeText(m: H02Text, ctx: H02Context): H02Result {
  const { type } = m;
  const id = m.id ?? ctx.deviceId;
  if (id === null) return ignoredText(m, id, 'no device id');
  const t: TextContext = { deviceId: id, now: ctx.now, previous: ctx.previous?.(id) };

  switch (type) {
    case 'HTBT':
    case 'V0': {
      // Traccar echoes the heartbeat up to its type.
      const echo = Buffer.from(`*${m.fields.slice(0, 3).join(',')}#`, 'latin1');
      const rec = type === 'HTBT' ? decodeHeartbeat(m, t) : null;
      return rec ? textRecords(m, id, rec, echo) : ignoredText(m, id, 'heartbeat', echo);
    }
    case 'NBR':
      return textRecords(m, id, decodeNbr(m, t), timeSync(m, ctx.now));
    case 'LINK':
      return textRecords(m, id, decodeLink(m, t));
    case 'V3':
      return textRecords(m, id, decodeV3Cells(m, t) ?? decodeTextPosition(m, t));
    case 'VP1':
      return textRecords(m, id, decodeVp1(m, t));
    case 'SMS':
      return textRecords(m, id, decodeSms(m, t));
    case 'V4':
      return textRecords(m, id, decodeTextAnswer(m, t));
    case 'ALRM':
      return textRecords(m, id, decodeTextAlarm(m, t));
  }
  if (!isPositionType(type)) return ignoredText(m, id, `${type || 'empty'} type not decoded`);
  const rec = decodeTextPosition(m, t);
  if (!rec) return ignoredText(m, id, `${type} without a usable position`);
  return textRecords(m, id, rec, type === 'V1' ? timeSync(m, ctx.now) : null);
}

/** The last second stamped: a busy gateway answers many V1s within the same second. */
let stamped = { second: NaN, text: '' };

/** `yyyyMMddHHmmss` (UTC). */
function stamp(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== stamped.second) {
    const text = new Date(second * 1000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
    stamped = { second, text };
  }
  return stamped.text;
}

/** Traccar's answer to V1 and NBR: the server's time (`*HQ,<id>,V4,<type>,yyyyMMddHHmmss#`). */
export function encodeH02TimeSync(maker: string, id: string, type: string, now: number): Buffer {
  return Buffer.from(`*${maker.toUpperCase()},${id},V4,${type},${stamp(now)}#`, 'latin1');
}
