// GT06 frames on the wire: building a frame (replies, commands, the simulator's packets).
//
// Short frame: 78 78 | len u8  | type | content | serial u16 | CRC u16 | 0D 0A   (len = type..CRC)
// Long frame:  79 79 | len u16 | type | content | serial u16 | CRC u16 | 0D 0A
// CRC-ITU (X.25) covers len..serial.
import { crc16X25 } from '../crc';

const EMPTY = Buffer.alloc(0);

/** A whole frame with its CRC; used for replies and by the simulator's device side. */
export function encodeGt06Frame(
  type: number,
  serial: number,
  content: Buffer,
  long = false,
): Buffer {
  const head = long ? 4 : 3;
  const len = content.length + 5;
  const b = Buffer.allocUnsafe(len + head + 2);
  b[0] = b[1] = long ? 0x79 : 0x78;
  if (long) b.writeUInt16BE(len, 2);
  else b[2] = len;
  b[head] = type;
  content.copy(b, head + 1);
  b.writeUInt16BE(serial & 0xffff, head + 1 + content.length);
  b.writeUInt16BE(crc16X25(b, 2, head + 3 + content.length), head + 3 + content.length);
  b[b.length - 2] = 0x0d;
  b[b.length - 1] = 0x0a;
  return b;
}

/** The server's answer to a packet: same type and serial, empty content (or the one given). */
export function encodeGt06Reply(
  type: number,
  serial: number,
  long = false,
  content?: Buffer,
): Buffer {
  return encodeGt06Frame(type, serial, content ?? EMPTY, long);
}
