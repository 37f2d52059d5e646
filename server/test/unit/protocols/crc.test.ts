import { describe, expect, it } from 'vitest';
import { crc16Ibm, crc16X25 } from '../../../src/ingest/crc';

describe('CRC-16 variants', () => {
  const check = Buffer.from('123456789');

  it('computes the catalogue check values', () => {
    expect(crc16Ibm(check)).toBe(0xbb3d); // CRC-16/ARC
    expect(crc16X25(check)).toBe(0x906e); // CRC-16/X-25
  });

  it('covers only the given range', () => {
    const padded = Buffer.concat([Buffer.from('xx'), check, Buffer.from('yy')]);
    expect(crc16Ibm(padded, 2, 11)).toBe(0xbb3d);
    expect(crc16X25(padded, 2, 11)).toBe(0x906e);
  });
});
