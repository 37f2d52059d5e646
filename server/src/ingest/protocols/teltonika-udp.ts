// Teltonika over UDP (Teltonika wiki, "Teltonika Data Sending Protocols" § Codec 8 / 8 Extended
// "protocol sending over UDP"): one AVL data field per datagram, named by the device's IMEI, no CRC.
//
// Datagram: [length u16 = bytes after it][packet id u16][packet type u8, 0x01 "without ack"]
//           [AVL packet id u8][IMEI length u16][IMEI ascii][AVL data: codec, count, records, count]
// Answer:   [length u16 = 5][packet id u16][0x01][AVL packet id u8][accepted record count u8]
//
// The wiki's example: AVL packet 0xDD of two records, sent as 00FDCAFE01 DD000F<IMEI> 0802…02, is
// answered 0005CAFE01 DD02. The device checks the AVL packet id and the count only (Traccar answers
// packet id 0; the wiki's later revisions call the type byte "not usable" and show 0x00 in it): we
// echo the packet id and send type 0x01, as the wiki's example and Traccar do. Pure functions.
import { decodeTeltonikaData, type TeltonikaData } from './teltonika';

/** The channel and AVL packet headers before the IMEI. */
const HEAD = 8;
const MAX_IMEI_LENGTH = 32;
/** The smallest AVL data field: codec, count and the repeated count. */
const MIN_DATA = 3;
/** A UDP datagram cannot be longer (IPv4 payload limit); its u16 length field bounds it too. */
export const TELTONIKA_UDP_MAX = 65507;
/** The answer's length field: the bytes after it. */
const ACK_LENGTH = 5;

export interface TeltonikaUdpPacket {
  packetId: number;
  packetType: number;
  avlPacketId: number;
  imei: string;
  /** The AVL data field is `buf[dataStart..dataEnd)`. */
  dataStart: number;
  dataEnd: number;
}

export type TeltonikaUdpResult =
  | ({ kind: 'packet'; data: TeltonikaData } & TeltonikaUdpPacket)
  /** Not a Teltonika UDP datagram, or its length or IMEI fields disagree with its bytes. */
  | { kind: 'malformed' };

/** The channel and AVL packet headers of the datagram `buf[off..off+len)`, or null. */
export function decodeTeltonikaUdpHeader(
  buf: Buffer,
  off: number,
  len: number,
): TeltonikaUdpPacket | null {
  if (!Number.isInteger(off) || !Number.isInteger(len) || off < 0 || len < 0) return null;
  if (off + len > buf.length || len < HEAD + MIN_DATA || len > TELTONIKA_UDP_MAX) return null;
  // The length field must be the bytes really there (a datagram is whole or lost, never cut).
  if (buf.readUInt16BE(off) !== len - 2) return null;
  const imeiLength = buf.readUInt16BE(off + 6);
  const imeiStart = off + HEAD;
  const dataStart = imeiStart + imeiLength;
  if (imeiLength < 1 || imeiLength > MAX_IMEI_LENGTH || dataStart + MIN_DATA > off + len) {
    return null;
  }
  for (let i = imeiStart; i < dataStart; i++) if (buf[i] < 0x30 || buf[i] > 0x39) return null;
  return {
    packetId: buf.readUInt16BE(off + 2),
    packetType: buf[off + 4],
    avlPacketId: buf[off + 5],
    imei: buf.toString('latin1', imeiStart, dataStart),
    dataStart,
    dataEnd: off + len,
  };
}

/**
 * Decodes one datagram: its headers and its AVL data field (any codec the TCP gateway speaks).
 * `now` (epoch ms) stamps messages that carry no time of their own. Never throws.
 */
export function decodeTeltonikaUdp(
  buf: Buffer,
  off: number,
  len: number,
  now: number,
): TeltonikaUdpResult {
  const head = decodeTeltonikaUdpHeader(buf, off, len);
  if (!head) return { kind: 'malformed' };
  const data = decodeTeltonikaData(buf, head.dataStart, head.dataEnd, head.imei, now);
  return { kind: 'packet', ...head, data };
}

/** The server's answer: how many records of the AVL packet it accepted (stored). */
export function encodeTeltonikaUdpAck(
  packetId: number,
  avlPacketId: number,
  count: number,
): Buffer {
  const b = Buffer.alloc(2 + ACK_LENGTH);
  b.writeUInt16BE(ACK_LENGTH, 0);
  b.writeUInt16BE(packetId & 0xffff, 2);
  b[4] = 0x01;
  b[5] = avlPacketId & 0xff;
  b[6] = Math.max(0, Math.min(255, count));
  return b;
}

export interface TeltonikaUdpAck {
  packetId: number;
  avlPacketId: number;
  count: number;
}

/** Device side: the server's answer, or null when the datagram is not one. */
export function decodeTeltonikaUdpAck(buf: Buffer): TeltonikaUdpAck | null {
  if (buf.length !== 2 + ACK_LENGTH || buf.readUInt16BE(0) !== ACK_LENGTH) return null;
  return { packetId: buf.readUInt16BE(2), avlPacketId: buf[5], count: buf[6] };
}

/**
 * Device side: one datagram carrying `avlData` (an AVL data field, e.g. encodeTeltonikaAvlData's)
 * for the device `imei`, packet type 0x01 (no UDP-channel acknowledgement wanted).
 */
export function encodeTeltonikaUdp(
  imei: string,
  packetId: number,
  avlPacketId: number,
  avlData: Buffer,
): Buffer {
  const id = Buffer.from(imei, 'latin1');
  const len = HEAD + id.length + avlData.length;
  if (len > TELTONIKA_UDP_MAX) throw new RangeError('Teltonika UDP datagram too long');
  const b = Buffer.alloc(len);
  b.writeUInt16BE(len - 2, 0);
  b.writeUInt16BE(packetId & 0xffff, 2);
  b[4] = 0x01;
  b[5] = avlPacketId & 0xff;
  b.writeUInt16BE(id.length, 6);
  id.copy(b, HEAD);
  avlData.copy(b, HEAD + id.length);
  return b;
}
