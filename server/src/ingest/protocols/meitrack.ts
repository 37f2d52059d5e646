// Meitrack GPRS protocol (MVT100/340/380/600/800, T1/T3, T333, T366, T322X, T399, P99, MT90...):
// framing, checksum and message dispatch. Pure functions: bytes in, a typed result out; the
// connection state lives in ingest/meitrack-session.ts.
//
// Every message (MEITRACK GPRS Protocol, "GPRS Command Format"):
//   device → server  $$<flag><length>,<IMEI>,<command>,<content>*<checksum>\r\n
//   server → device  @@<flag><length>,<IMEI>,<command>,<content>*<checksum>\r\n
// - flag: one ASCII character 0x41..0x7A; a reply repeats the flag of what it answers;
// - length: decimal, the bytes from the comma after it up to and including \r\n;
// - checksum: the sum of every byte from the first '$' (or '@') up to and including '*', mod 256,
//   as two hex digits.
// Text messages (AAA reports, command answers) hold no '*' before the checksum: they are framed by
// it, not by the length field, which some firmware miscounts (the corpus has such captures whose
// checksum is right). CCC and CCE (buffered records) and D00 (photo data) carry binary content and
// are framed by their length field.
import type { DeviceRecord } from '../types';
import { decodeMeitrackCcc, decodeMeitrackCce } from './meitrack-binary';
import { meitrackRecord } from './meitrack-record';
import { decodeMeitrackReport } from './meitrack-text';
import { latin1Text } from './text-fields';

/** Longest frame accepted (a CCE packet is at most about 1100 bytes, a photo packet similar). */
export const MEITRACK_MAX_FRAME = 8192;
/** Longest text message the framer looks for a '*' in (reports are about 160 bytes). */
export const MEITRACK_MAX_TEXT = 2048;
/** Messages whose content is binary, framed by the length field. */
export const MEITRACK_BINARY_COMMANDS: ReadonlySet<string> = new Set(['CCC', 'CCE', 'D00']);

const DOLLAR = 0x24;
const AT = 0x40;
const STAR = 0x2a;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
const MAX_LENGTH_DIGITS = 5;
const MAX_ID_DIGITS = 20;

interface Header {
  /** Frame length the length field declares. */
  declared: number;
  /** Index of the id's first digit. */
  idAt: number;
  /** Index of the command's first character. */
  cmdAt: number;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isAlnum = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
export const isMeitrackFlag = (c: number) => c >= 0x41 && c <= 0x7a;

/** A command's three bytes as one number, so that the framer needs no string per message. */
const commandKey = (buf: Buffer, at: number) => (buf[at] << 16) | (buf[at + 1] << 8) | buf[at + 2];
const keyOf = (command: string) => commandKey(Buffer.from(command, 'latin1'), 0);
/** MEITRACK_BINARY_COMMANDS by commandKey. */
const BINARY_KEYS: ReadonlySet<number> = new Set(Array.from(MEITRACK_BINARY_COMMANDS, keyOf));
/**
 * The commands decodeMeitrack tells apart, by commandKey: a message names them with these very
 * strings, which compare at once (a new string is compared character by character).
 */
const KNOWN_COMMANDS: ReadonlyMap<number, string> = new Map(
  ['AAA', 'AFF', 'CCC', 'CCE', 'AAC', 'D00', 'D03'].map((c) => [keyOf(c), c]),
);

/**
 * The header from `off` (after the two lead bytes): 'more' when cut short, 'bad' when invalid.
 * Positions only: the framer runs it on every message and needs no strings.
 */
function readHeader(buf: Buffer, off: number, end: number): Header | 'more' | 'bad' {
  let p = off + 2;
  if (p >= end) return 'more';
  if (!isMeitrackFlag(buf[p])) return 'bad';
  p++;
  let declared = 0;
  const digitsAt = p;
  while (p < end && isDigit(buf[p])) {
    declared = declared * 10 + buf[p] - 0x30;
    if (++p - digitsAt > MAX_LENGTH_DIGITS) return 'bad';
  }
  if (p >= end) return 'more';
  if (p === digitsAt || buf[p] !== COMMA) return 'bad';
  const comma = p++;
  const idAt = p;
  while (p < end && isDigit(buf[p])) if (++p - idAt > MAX_ID_DIGITS) return 'bad';
  if (p >= end) return 'more';
  if (p === idAt || buf[p] !== COMMA) return 'bad';
  const cmdAt = ++p;
  if (end - cmdAt < 4) return 'more';
  for (let i = cmdAt; i < cmdAt + 3; i++) if (!isAlnum(buf[i])) return 'bad';
  if (buf[cmdAt + 3] !== COMMA && buf[cmdAt + 3] !== STAR) return 'bad';
  return { declared: comma - off + declared, idAt, cmdAt };
}

/**
 * Length of the complete device message at `off`: > 0 when whole, 0 when more bytes are needed,
 * < 0 to discard that many bytes (garbage up to the next "$$", or the CR LF that ends a message
 * which arrived after it). Never waits for more than MEITRACK_MAX_FRAME bytes.
 */
export function meitrackFrameLength(buf: Buffer, off: number, end: number): number {
  return measure(buf, off, end, DOLLAR);
}

/** The same for the server's messages ("@@"), as the device (simulator) reads them. */
export function meitrackServerFrameLength(buf: Buffer, off: number, end: number): number {
  return measure(buf, off, end, AT);
}

function measure(buf: Buffer, off: number, end: number, lead: number): number {
  if (!Number.isInteger(off) || !Number.isInteger(end) || off < 0 || end > buf.length) return 0;
  if (end - off < 1) return 0;
  const first = buf[off];
  if (first === CR || first === LF) {
    let i = off;
    while (i < end && (buf[i] === CR || buf[i] === LF)) i++;
    return off - i;
  }
  if (first !== lead) return garbage(buf, off, off + 1, end, lead);
  if (end - off < 2) return 0;
  if (buf[off + 1] !== lead) return garbage(buf, off, off + 1, end, lead);
  const h = readHeader(buf, off, end);
  if (h === 'more') return 0;
  if (h === 'bad') return garbage(buf, off, off + 1, end, lead);
  if (BINARY_KEYS.has(commandKey(buf, h.cmdAt))) {
    const total = h.declared;
    if (total > MEITRACK_MAX_FRAME || total < h.cmdAt - off + 4 + 5) {
      return garbage(buf, off, off + 1, end, lead);
    }
    if (end - off < total) return 0;
    const at = off + total;
    const tail = buf[at - 5] === STAR && buf[at - 2] === CR && buf[at - 1] === LF;
    return tail ? total : garbage(buf, off, off + 1, end, lead);
  }
  // A text message ends two characters after its first '*'; a new "$$" before that means this one
  // was cut short.
  const limit = Math.min(end, off + MEITRACK_MAX_TEXT - 4);
  for (let i = h.cmdAt + 3; i < limit; i++) {
    const c = buf[i];
    if (c === STAR) {
      if (i + 3 > end) return 0;
      let n = i + 3;
      if (n < end && buf[n] === CR) n++;
      if (n < end && buf[n] === LF) n++;
      return n - off;
    }
    if (c === lead && i + 1 < end && buf[i + 1] === lead) return off - i;
  }
  return end - off >= MEITRACK_MAX_TEXT - 4 ? garbage(buf, off, off + 1, end, lead) : 0;
}

/** Minus the byte count from `off` to the next message start found at or after `from`. */
function garbage(buf: Buffer, off: number, from: number, end: number, lead: number): number {
  for (let i = from; i < end - 1; i++) if (buf[i] === lead && buf[i + 1] === lead) return off - i;
  // Keep a trailing lead byte: it may be the first half of the next message's start.
  return off - end + (end - 1 >= from && buf[end - 1] === lead ? 1 : 0);
}

/** The checksum of `buf[from..to)`: the byte sum mod 256 as two upper-case hex digits. */
export function meitrackChecksum(buf: Buffer, from: number, to: number): string {
  return byteSum(buf, from, to).toString(16).toUpperCase().padStart(2, '0');
}

/**
 * meitrackChecksum's sum as a number, for a span inside the buffer (at most MEITRACK_MAX_FRAME
 * bytes, so the sum stays exact), four bytes a step: every message and every ack is summed.
 */
function byteSum(buf: Buffer, from: number, to: number): number {
  let sum = 0;
  let i = from;
  for (; i + 4 <= to; i += 4) sum += buf[i] + buf[i + 1] + buf[i + 2] + buf[i + 3];
  for (; i < to; i++) sum += buf[i];
  return sum & 0xff;
}

/** A hex digit's value (either case), or -1. */
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/**
 * The checksum a message claims in the two bytes at `at`, or -1 when they are not hex digits
 * (either case). Read as a number, not as text: equal to the sum exactly when the bytes, as
 * latin1 text upper-cased, are meitrackChecksum's (no other latin1 character upper-cases to a hex
 * digit).
 */
export function meitrackClaimedChecksum(buf: Buffer, at: number): number {
  const high = hexValue(buf[at]);
  const low = hexValue(buf[at + 1]);
  return high < 0 || low < 0 ? -1 : (high << 4) | low;
}

/** Upper-case hex digits, as meitrackChecksum writes them. */
const HEX_DIGITS = Buffer.from('0123456789ABCDEF', 'latin1');

/** Writes `text` at `at` as Buffer.from(text, 'latin1') would (the low byte of each character). */
function putLatin1(buf: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i) & 0xff;
  return at;
}

/**
 * One whole message: `lead` ('$$' from the device, '@@' from the server), the flag, the device id
 * and the content after its comma ("AAA,35,..." or binary), with its length, checksum and CR LF.
 * Written straight into one buffer: every CCC/CCE batch is answered with one.
 */
export function encodeMeitrackFrame(
  lead: '$$' | '@@',
  flag: string,
  id: string,
  content: string | Buffer,
): Buffer {
  // From the comma before the id up to and including CR LF.
  const length = 1 + id.length + 1 + content.length + 1 + 2 + 2;
  const digits = String(length);
  const frame = Buffer.allocUnsafe(lead.length + flag.length + digits.length + length);
  let p = putLatin1(frame, 0, lead);
  p = putLatin1(frame, p, flag);
  p = putLatin1(frame, p, digits);
  frame[p++] = COMMA;
  p = putLatin1(frame, p, id);
  frame[p++] = COMMA;
  p = typeof content === 'string' ? putLatin1(frame, p, content) : p + content.copy(frame, p);
  frame[p] = STAR;
  const sum = byteSum(frame, 0, p + 1);
  frame[p + 1] = HEX_DIGITS[sum >> 4];
  frame[p + 2] = HEX_DIGITS[sum & 0x0f];
  frame[p + 3] = CR;
  frame[p + 4] = LF;
  return frame;
}

export interface MeitrackOptions {
  /** Server time, for records whose message carries none (command answers). */
  now: number;
  /** The unit's device model (set_unit_device), for the analog scaling of older models. */
  model?: string | null;
}

export type MeitrackResult =
  /**
   * Records to store; `reply` (the CCC/CCE acknowledgement) goes out only once they are
   * committed. `answer` is the device's answer to a command ("C01,OK"), also in `records`.
   */
  | {
      kind: 'data';
      deviceId: string;
      command: string;
      records: DeviceRecord[];
      reply: Buffer | null;
      answer: string | null;
    }
  /** Nothing to store; send `reply` (if any) right away. */
  | { kind: 'ignored'; deviceId: string; command: string; reply: Buffer | null }
  | { kind: 'bad-checksum'; deviceId: string; command: string }
  | { kind: 'malformed'; deviceId: string | null; reason: string };

/** A whole message's parts, as decodeMeitrack checks them. */
export interface MeitrackFrame {
  flag: string;
  id: string;
  command: string;
  /** Index of the command's first character. */
  cmdAt: number;
  /** The content after "CMD," (or after "CMD" when there is none) up to '*'. */
  start: number;
  end: number;
  checksumOk: boolean;
}

/**
 * Splits a whole device message (as meitrackFrameLength delimits it, with or without its CR LF).
 * The span is checked here: header, the '*' and two checksum characters at its end, and for
 * binary messages a length field that matches the bytes really given. `knownId` is the id a
 * connection's messages had so far: the frame's id is that string when the bytes match it (a
 * session saves a string per message and the hashing of a new one in its maps).
 */
export function splitMeitrackFrame(
  buf: Buffer,
  off: number,
  len: number,
  knownId?: string,
): MeitrackFrame | string {
  if (!Number.isInteger(off) || !Number.isInteger(len) || off < 0 || off + len > buf.length) {
    return 'span outside the buffer';
  }
  if (len < 12 || len > MEITRACK_MAX_FRAME) return 'length out of range';
  if (buf[off] !== DOLLAR || buf[off + 1] !== DOLLAR) return 'no "$$" start';
  const h = readHeader(buf, off, off + len);
  if (typeof h === 'string') return 'bad header';
  let e = off + len;
  const crlf = buf[e - 1] === LF && buf[e - 2] === CR;
  if (buf[e - 1] === LF) e--;
  if (buf[e - 1] === CR) e--;
  const star = e - 3;
  const cmdAt = h.cmdAt;
  if (star < cmdAt + 3 || buf[star] !== STAR) return 'no checksum';
  const key = commandKey(buf, cmdAt);
  if (BINARY_KEYS.has(key)) {
    if (!crlf || h.declared !== len) return 'length field disagrees with the bytes';
  } else if (buf.indexOf(STAR, cmdAt) !== star) {
    return "a '*' inside a text message";
  }
  const start = buf[cmdAt + 3] === COMMA ? cmdAt + 4 : cmdAt + 3;
  if (start > star) return 'no content';
  return {
    flag: String.fromCharCode(buf[off + 2]),
    id: latin1Text(buf, h.idAt, cmdAt - 1, knownId),
    // Three letters or digits (readHeader checked them).
    command:
      KNOWN_COMMANDS.get(key) ?? String.fromCharCode(buf[cmdAt], buf[cmdAt + 1], buf[cmdAt + 2]),
    cmdAt,
    start,
    end: star,
    checksumOk: meitrackClaimedChecksum(buf, star + 1) === byteSum(buf, off, star + 1),
  };
}

/** A 'data' result (a module function: a closure per message would cost each its allocation). */
function data(
  deviceId: string,
  command: string,
  records: DeviceRecord[],
  reply: Buffer | null,
  answer: string | null = null,
): MeitrackResult {
  return { kind: 'data', deviceId, command, records, reply, answer };
}

/** Messages that are part of a flow we do not run (photo transfer): dropped, unanswered. */
const PHOTO_FLOW = new Set(['D00', 'D03']);

/**
 * Decodes one whole device message (as meitrackFrameLength delimits it); `split` is
 * splitMeitrackFrame's answer for it when the caller already has it.
 */
export function decodeMeitrack(
  buf: Buffer,
  off: number,
  len: number,
  opts: MeitrackOptions,
  split: MeitrackFrame | string = splitMeitrackFrame(buf, off, len),
): MeitrackResult {
  const f = split;
  if (typeof f === 'string') return { kind: 'malformed', deviceId: null, reason: f };
  const { id: deviceId, command } = f;
  if (!f.checksumOk) return { kind: 'bad-checksum', deviceId, command };
  switch (command) {
    case 'AAA':
    case 'AFF': {
      const text = buf.toString('latin1', f.start, f.end);
      const rec = decodeMeitrackReport(text, command === 'AFF', deviceId, opts);
      return typeof rec === 'string'
        ? { kind: 'malformed', deviceId, reason: rec }
        : data(deviceId, command, [rec], null);
    }
    case 'CCC':
    case 'CCE': {
      const decode = command === 'CCC' ? decodeMeitrackCcc : decodeMeitrackCce;
      const records = decode(buf, f.start, f.end, deviceId, opts.now);
      if (typeof records === 'string') return { kind: 'malformed', deviceId, reason: records };
      // The count acknowledges the records: the tracker deletes that many from its cache.
      const ack = encodeMeitrackFrame('@@', f.flag, deviceId, `${command},${records.length}`);
      return records.length
        ? data(deviceId, command, records, ack)
        : { kind: 'ignored', deviceId, command, reply: ack };
    }
    case 'AAC':
      // Answered with its own content, as Traccar does ("@@z27,<IMEI>,AAC,1").
      return {
        kind: 'ignored',
        deviceId,
        command,
        reply: encodeMeitrackFrame('@@', f.flag, deviceId, buf.subarray(f.cmdAt, f.end)),
      };
    default: {
      if (PHOTO_FLOW.has(command)) return { kind: 'ignored', deviceId, command, reply: null };
      // Any other message answers a command: "C01,OK", "B07,OK", "D82,0".
      const answer = buf.toString('latin1', f.cmdAt, f.end);
      const rec = meitrackRecord(deviceId, opts.now);
      rec.attributes.result = answer;
      return data(deviceId, command, [rec], null, answer);
    }
  }
}
