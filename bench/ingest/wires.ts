// How each protocol's trackers send the bench fleet's positions (BENCH_PROTOCOL): the device-side
// encoders the simulator uses, and the gateway session that serves them.
import type { IngestLog } from '../../server/src/ingest/log';
import type { Connection, FrameSession } from '../../server/src/ingest/tcp';
import type { IngestSink, Protocol } from '../../server/src/ingest/types';
import { encodeGt06Location, encodeGt06Login } from '../../server/src/ingest/protocols/gt06-encode';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../server/src/ingest/protocols/teltonika-encode';
import { gt06Session } from '../../server/src/ingest/gt06-session';
import { h02Session } from '../../server/src/ingest/h02-session';
import { meitrackSession } from '../../server/src/ingest/meitrack-session';
import { queclinkSession } from '../../server/src/ingest/queclink-session';
import { h02Packet } from '../../server/src/sim/h02-device';
import { meitrackPacket } from '../../server/src/sim/meitrack-device';
import { queclinkPacket } from '../../server/src/sim/queclink-device';
import { teltonikaSession } from '../../server/src/ingest/teltonika-session';
import { toAvlRecord } from '../../server/src/sim/teltonika-device';
import type { SimReport } from '../../server/src/sim/vehicle';
import type { AvlRecord } from './codec8';

export interface BenchWire {
  protocol: Protocol;
  /** What the device sends first (login, IMEI), or null. */
  greeting(deviceId: string): Buffer | null;
  /** The frames carrying these reports, in order. */
  frames(reports: SimReport[], deviceId: string): Buffer[];
  /**
   * True: the device sends its next frame only once the last is answered (Teltonika waits for
   * the record count). False: it sends on without waiting, so a read finds the frames it sent
   * while the server was busy.
   */
  waits: boolean;
  session(conn: Connection, sink: IngestSink, log: IngestLog): FrameSession;
}

const io = (list: [number, number][], id: number) => list.find(([k]) => k === id)?.[1] ?? 0;

/** A bench fleet record as the simulator's vehicles report it. */
export function reportOf(r: AvlRecord): SimReport {
  return {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    altitude: r.altitude,
    satellites: r.satellites,
    ignition: io(r.io1, 239) === 1,
    moving: io(r.io1, 240) === 1,
    odometer: io(r.io4, 16),
    power: io(r.io2, 66) / 1000,
    battery: io(r.io2, 67) / 1000,
  };
}

/** One frame per report, numbered from 1. */
const each =
  (encode: (r: SimReport, serial: number, deviceId: string) => Buffer) =>
  (reports: SimReport[], deviceId: string) =>
    reports.map((r, i) => encode(r, (i + 1) & 0xffff, deviceId));

/** Teltonika trackers send their records in packets of 10 (Codec 8 Extended, as an FMB does). */
const PER_PACKET = 10;

export const BENCH_WIRES: Record<string, BenchWire> = {
  teltonika: {
    protocol: 'teltonika',
    greeting: encodeTeltonikaImei,
    frames: (reports) => {
      const out: Buffer[] = [];
      for (let i = 0; i < reports.length; i += PER_PACKET)
        out.push(encodeTeltonikaAvl(reports.slice(i, i + PER_PACKET).map(toAvlRecord)));
      return out;
    },
    session: teltonikaSession,
    waits: true,
  },
  gt06: {
    protocol: 'gt06',
    greeting: (id) => encodeGt06Login(id, 0),
    frames: each((r, serial) =>
      encodeGt06Location(
        { ...r, valid: true, speed: Math.min(255, r.speed), ignition: r.ignition },
        serial,
      ),
    ),
    session: gt06Session,
    waits: false,
  },
  h02: {
    protocol: 'h02',
    greeting: () => null,
    frames: each((r, serial, id) => h02Packet(r, serial, id)),
    session: h02Session,
    waits: false,
  },
  meitrack: {
    protocol: 'meitrack',
    greeting: () => null,
    frames: each((r, serial, id) => meitrackPacket(r, serial, id)),
    session: meitrackSession,
    waits: false,
  },
  queclink: {
    protocol: 'queclink',
    greeting: () => null,
    frames: each((r, serial, id) => queclinkPacket(r, serial, id)),
    session: queclinkSession,
    waits: false,
  },
};
