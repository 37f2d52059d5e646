// Concox GT06 server commands: protocol 0x80 "online command" carrying a text command, and the
// device's answers 0x15 (short frame) and 0x21 (long frame), which carry the server flag back so an
// answer names the command it belongs to (Concox GT06N protocol, "server sends command to terminal").
//
// 0x80 content: command length u8 (= 4 + text) | server flag u32 | text (ASCII) | language u16 (GT06N:
//               0x0002 English; older GT06 firmware sends none)
// 0x15 content: command length u8 | server flag u32 | text | [language u16]
// 0x21 content: server flag u32 | encoding u8 (1 ASCII, 2 UTF-16BE) | text
import { encodeGt06Frame } from './gt06-frame';

export const GT06_COMMAND = 0x80;
export const GT06_COMMAND_REPLY = 0x15;
export const GT06_COMMAND_REPLY_LONG = 0x21;
/** The GT06N manual's language field: 0x0001 Chinese, 0x0002 English. */
export const GT06_LANGUAGE_ENGLISH = 0x0002;

export interface Gt06CommandOptions {
  /** Identifies the command in the device's answer (the dispatcher uses the command's id). */
  serverFlag: number;
  serial: number;
  /** Add the GT06N's two language bytes (default true). */
  language?: boolean;
}

export function encodeGt06Command(text: string, opts: Gt06CommandOptions): Buffer {
  const body = Buffer.from(text, 'ascii');
  if (body.length > 200) throw new RangeError('GT06 command text too long');
  const language = opts.language ?? true;
  const content = Buffer.alloc(1 + 4 + body.length + (language ? 2 : 0));
  content[0] = 4 + body.length;
  content.writeUInt32BE(opts.serverFlag >>> 0, 1);
  body.copy(content, 5);
  if (language) content.writeUInt16BE(GT06_LANGUAGE_ENGLISH, 5 + body.length);
  return encodeGt06Frame(GT06_COMMAND, opts.serial, content);
}

export interface Gt06CommandText {
  serverFlag: number;
  text: string;
}

/**
 * The server flag and text of a command frame or a reply (0x80, 0x15 or 0x21) whose CRC the caller
 * has checked; `start`..`end` is its content (after the type byte, before the serial).
 */
export function decodeGt06CommandText(
  buf: Buffer,
  type: number,
  start: number,
  end: number,
): Gt06CommandText | null {
  if (type === GT06_COMMAND_REPLY_LONG) {
    if (end - start < 5) return null;
    const serverFlag = buf.readUInt32BE(start);
    const encoding = buf[start + 4];
    const raw = buf.subarray(start + 5, end);
    const text = encoding === 2 ? utf16be(raw) : raw.toString('latin1');
    return { serverFlag, text };
  }
  if (type !== GT06_COMMAND && type !== GT06_COMMAND_REPLY) return null;
  if (end - start < 5) return null;
  const size = buf[start];
  if (size < 4 || start + 1 + size > end) return null;
  const serverFlag = buf.readUInt32BE(start + 1);
  return { serverFlag, text: buf.toString('latin1', start + 5, start + 1 + size) };
}

function utf16be(raw: Buffer): string {
  const even = raw.subarray(0, raw.length - (raw.length % 2));
  const swapped = Buffer.from(even);
  swapped.swap16();
  return swapped.toString('utf16le');
}

/** The content span of a whole frame: after the type byte, before the serial. */
export function gt06ContentOf(buf: Buffer, off: number, total: number) {
  const long = buf[off] === 0x79;
  const head = long ? 4 : 3;
  return { type: buf[off + head], start: off + head + 1, end: off + total - 6 };
}
