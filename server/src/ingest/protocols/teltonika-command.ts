// Teltonika Codec 12: text commands from the server to the device over its open TCP connection, and
// the device's text responses (Teltonika wiki, "Teltonika Data Sending Protocols", Codec 12).
//
// Frame: 00000000 | data size u32 | 0x0C | quantity 1 | type | text size u32 | text | quantity 2
//        | CRC u32 (two zero bytes, then CRC-16/IBM over codec .. quantity 2)
// type 0x05 is a command (server → device), 0x06 a response (device → server).
// Pure functions; the framer is teltonikaFrameLength (the same preamble as AVL packets).
import { crc16Ibm } from '../crc';
import { CODEC_12, CODEC_13 } from './teltonika';

export const CODEC12_COMMAND = 0x05;
export const CODEC12_RESPONSE = 0x06;

/** Longest command or response text accepted (FMB replies to getinfo with ~130 bytes). */
const MAX_TEXT = 4096;

/** A whole Codec 12 frame of one command or response. */
export function encodeCodec12(text: string, type = CODEC12_COMMAND): Buffer {
  const body = Buffer.from(text, 'latin1');
  if (body.length > MAX_TEXT) throw new RangeError('Codec 12 text too long');
  const dataSize = 1 + 1 + 1 + 4 + body.length + 1;
  const b = Buffer.alloc(8 + dataSize + 4);
  b.writeUInt32BE(0, 0);
  b.writeUInt32BE(dataSize, 4);
  let p = 8;
  b[p++] = CODEC_12;
  b[p++] = 1;
  b[p++] = type;
  b.writeUInt32BE(body.length, p);
  p += 4;
  body.copy(b, p);
  p += body.length;
  b[p++] = 1;
  b.writeUInt32BE(crc16Ibm(b, 8, p), p);
  return b;
}

/**
 * A whole Codec 13 frame as a device sends it (device → server only): a type 0x06 message whose
 * size covers the timestamp (UNIX seconds) and the text.
 */
export function encodeCodec13(text: string, timeMs: number): Buffer {
  const body = Buffer.from(text, 'latin1');
  if (body.length > MAX_TEXT) throw new RangeError('Codec 13 text too long');
  const dataSize = 1 + 1 + 1 + 4 + 4 + body.length + 1;
  const b = Buffer.alloc(8 + dataSize + 4);
  b.writeUInt32BE(dataSize, 4);
  let p = 8;
  b[p++] = CODEC_13;
  b[p++] = 1;
  b[p++] = CODEC12_RESPONSE;
  b.writeUInt32BE(4 + body.length, p);
  b.writeUInt32BE(Math.floor(timeMs / 1000), p + 4);
  p += 8;
  body.copy(b, p);
  p += body.length;
  b[p++] = 1;
  b.writeUInt32BE(crc16Ibm(b, 8, p), p);
  return b;
}

/** A server command, e.g. `setdigout 1`. */
export const encodeCodec12Command = (text: string): Buffer => encodeCodec12(text, CODEC12_COMMAND);

export interface Codec12Message {
  type: number;
  text: string;
}

/**
 * The message of a whole Codec 12 frame (as teltonikaFrameLength delimits it), or null when the
 * frame is not Codec 12, its CRC or sizes are wrong.
 */
export function decodeCodec12(buf: Buffer, off: number, len: number): Codec12Message | null {
  if (off < 0 || len < 8 + 8 + 4 || off + len > buf.length) return null;
  const dataStart = off + 8;
  const dataEnd = off + len - 4;
  if (buf.readUInt32BE(off) !== 0 || buf.readUInt32BE(off + 4) !== dataEnd - dataStart) return null;
  if (buf[dataStart] !== CODEC_12) return null;
  if (buf.readUInt32BE(dataEnd) !== crc16Ibm(buf, dataStart, dataEnd)) return null;
  const type = buf[dataStart + 2];
  const size = buf.readUInt32BE(dataStart + 3);
  const textStart = dataStart + 7;
  if (size > MAX_TEXT || textStart + size + 1 !== dataEnd) return null;
  return { type, text: buf.toString('latin1', textStart, textStart + size) };
}

/** DOUT1 as a response reports it ("DOUT1:1 Timeout:INFINITY DOUT2:0 ..."), or null. */
export function dout1Of(text: string): 0 | 1 | null {
  const m = /DOUT1:\s*([01])/i.exec(text);
  return m ? (Number(m[1]) as 0 | 1) : null;
}
