// GT06 clones reuse packet types with other layouts; the only hint in the bytes is the short
// frame's length (and, for the JC400 alarm, a 0xFFFF marker). The variants and their lengths are
// Traccar's (Gt06ProtocolDecoder decodeVariant).

export type Gt06Variant =
  | 'STANDARD'
  | 'VXT01'
  | 'WANWAY_S20'
  | 'SR411_MINI'
  | 'GT06E_CARD'
  | 'BENWAY'
  | 'S5'
  | 'SPACE10X'
  | 'OBD6'
  | 'WETRUST'
  | 'JC400'
  | 'SL4X'
  | 'SEEWORLD'
  | 'RFID'
  | 'LW4G'
  | 'TRX16I';

/** [type, length] of a short frame → variant. */
const BY_LENGTH: [number, number, Gt06Variant][] = [
  [0x12, 0x24, 'VXT01'],
  [0x16, 0x24, 'VXT01'],
  [0x24, 0x31, 'WANWAY_S20'],
  [0x24, 0x2e, 'SR411_MINI'],
  [0x12, 0x21, 'BENWAY'],
  [0x12, 0x2b, 'S5'],
  [0x13, 0x13, 'OBD6'],
  [0x12, 0x29, 'WETRUST'],
  [0x34, 0x37, 'SL4X'],
  [0x31, 0x2a, 'SL4X'],
  [0x32, 0x27, 'SL4X'],
  [0x32, 0x29, 'SL4X'],
  [0x22, 0x2f, 'SEEWORLD'],
  [0x16, 0x26, 'SEEWORLD'],
  [0xa3, 0x0c, 'SEEWORLD'],
  [0xa3, 0x18, 'SEEWORLD'],
  [0x17, 0x28, 'RFID'],
  [0xa2, 0x40, 'LW4G'],
  [0x36, 0x35, 'TRX16I'],
  [0x16, 0x2d, 'TRX16I'],
];

/** The variant of a frame: `length` is its length field, `marker` the first content word. */
export function gt06Variant(
  type: number,
  long: boolean,
  length: number,
  marker: number,
): Gt06Variant {
  if (long) return 'STANDARD';
  if (type === 0x12 && length >= 0x71) return 'GT06E_CARD';
  if (type === 0x19 && length >= 0x17) return 'SPACE10X';
  if (type === 0x95 && marker === 0xffff) return 'JC400';
  for (const [t, len, v] of BY_LENGTH) if (t === type && len === length) return v;
  return 'STANDARD';
}
