// Bad input never crashes anything (ARCHITECTURE.md §7): random bytes and mutated packets whose
// CRC is made valid again, through the decoders and the sessions.
import { describe, expect, it } from 'vitest';
import { crc16Ibm, crc16X25 } from '../../../src/ingest/crc';
import { gt06Session } from '../../../src/ingest/gt06-session';
import { silentLog } from '../../../src/ingest/log';
import { decodeGt06, encodeGt06Frame } from '../../../src/ingest/protocols/gt06';
import { encodeGt06Alarm, encodeGt06Login } from '../../../src/ingest/protocols/gt06-encode';
import { decodeTeltonikaAvl } from '../../../src/ingest/protocols/teltonika';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../../src/ingest/protocols/teltonika-encode';
import { teltonikaSession } from '../../../src/ingest/teltonika-session';
import { seededRandom } from '@fleet/common';
import { FakeSink, replay } from './fakes';

const rand = seededRandom(42);
const randomBytes = (n: number) =>
  Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)));

function mutate(b: Buffer, from: number, to: number): Buffer {
  const m = Buffer.from(b);
  for (let i = 0; i < 1 + Math.floor(rand() * 4); i++) {
    m[from + Math.floor(rand() * (to - from))] = Math.floor(rand() * 256);
  }
  return m;
}

const avl = encodeTeltonikaAvl([
  {
    time: Date.UTC(2026, 0, 1),
    lat: -26,
    lon: 28,
    course: 10,
    speed: 50,
    satellites: 9,
    io: [
      { id: 239, value: 1, size: 1 },
      { id: 66, value: 13000, size: 2 },
      { id: 16, value: 5000, size: 4 },
      { id: 78, value: 12345, size: 8 },
    ],
  },
]);
const fix = {
  time: Date.UTC(2026, 0, 1),
  lat: -26,
  lon: 28,
  speed: 50,
  course: 10,
  satellites: 9,
  valid: true,
};

describe('malformed input', () => {
  it('Teltonika records with a valid CRC but mutated content decode or are rejected, never throw', () => {
    for (let i = 0; i < 3000; i++) {
      const m = mutate(avl, 9, avl.length - 4);
      const dataEnd = m.length - 4;
      m.writeUInt32BE(crc16Ibm(m, 8, dataEnd), dataEnd);
      const r = decodeTeltonikaAvl(m, 0, m.length, '1');
      expect(['ok', 'malformed', 'unsupported', 'ignored']).toContain(r.status);
    }
  });

  it('GT06 packets with a valid CRC but mutated content decode or are rejected, never throw', () => {
    const packet = encodeGt06Alarm(fix, { ignition: true, voltageLevel: 4, gsm: 3, alarm: 1 }, 1);
    for (let i = 0; i < 3000; i++) {
      const m = mutate(packet, 3, packet.length - 4);
      m[2] = packet[2]; // keep the length so the frame stays whole
      m.writeUInt16BE(crc16X25(m, 2, m.length - 4), m.length - 4);
      const r = decodeGt06(m, 0, m.length, '1', Date.now());
      expect(['data', 'ignored', 'malformed', 'login']).toContain(r.kind);
    }
    for (let i = 0; i < 500; i++) {
      const content = randomBytes(Math.floor(rand() * 60));
      const type = [0x12, 0x13, 0x16, 0x22, 0x26, 0x27, 0xa0, 0x10, 0x11, 0x23][i % 10];
      const f = encodeGt06Frame(type, i, content, i % 3 === 0);
      expect(() => decodeGt06(f, 0, f.length, '1', Date.now())).not.toThrow();
    }
  });

  it('sessions survive random bytes after login', async () => {
    for (let i = 0; i < 200; i++) {
      const junk = randomBytes(1 + Math.floor(rand() * 400));
      const sink = new FakeSink();
      await replay(
        (c) => teltonikaSession(c, sink, silentLog),
        [encodeTeltonikaImei('123456789012345'), junk],
      );
      await replay(
        (c) => gt06Session(c, sink, silentLog),
        [encodeGt06Login('123456789012345', 1), junk, junk],
      );
    }
  });
});
