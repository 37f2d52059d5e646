// Table-driven CRC-16 variants used by the device protocols (hot path: one lookup per byte).

function reflectedTable(poly: number): Uint16Array {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let b = 0; b < 8; b++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    table[i] = crc;
  }
  return table;
}

const IBM_TABLE = reflectedTable(0xa001);
const X25_TABLE = reflectedTable(0x8408);

/** CRC-16/IBM (ARC): reflected 0x8005, init 0; Teltonika AVL packets. */
export function crc16Ibm(buf: Uint8Array, start = 0, end = buf.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ IBM_TABLE[(crc ^ buf[i]) & 0xff];
  return crc;
}

/** CRC-16/X-25 (the "CRC-ITU" of the Concox GT06 manual): reflected 0x1021, init and xorout 0xffff. */
export function crc16X25(buf: Uint8Array, start = 0, end = buf.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ X25_TABLE[(crc ^ buf[i]) & 0xff];
  return ~crc & 0xffff;
}
