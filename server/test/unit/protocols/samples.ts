// The device-sample corpus (server/test/fixtures/device-samples, see its README) and the checks
// its `verify` field asks for, expressed against our DeviceRecord.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { DeviceRecord } from '../../../src/ingest/types';
import type { Connection, FrameSession } from '../../../src/ingest/tcp';
import { FakeSink, replay, type FakeConnection } from '../gateways/fakes';

export const SAMPLES_DIR =
  process.env.DEVICE_SAMPLES_DIR ??
  path.resolve(import.meta.dirname, '../../fixtures/device-samples');

export interface Sample {
  index: number;
  verify: string;
  message: {
    kind: 'hex' | 'text' | 'http';
    data?: string;
    method?: string;
    uri?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  attribute?: [string, string];
  expect?: { time: string; valid: boolean; lat: number; lon: number };
  flags?: string[];
}

export function loadSamples(protocol: string): Sample[] {
  const file = path.join(SAMPLES_DIR, `${protocol}.json`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { samples: Omit<Sample, 'index'>[] };
  return json.samples.map((s, index) => ({ ...s, index }));
}

/** A sample's bytes: hex decoded, or a text frame's characters as the device sends them. */
export const bytesOf = (s: Sample): Buffer =>
  Buffer.from(s.message.data ?? '', s.message.kind === 'text' ? 'latin1' : 'hex');

const MIN_TIME = Date.UTC(1999, 0, 1);

function positionProblem(r: DeviceRecord, now: number): string | null {
  if (!(Math.abs(r.lat) <= 90)) return `latitude ${r.lat}`;
  if (!(Math.abs(r.lon) <= 180)) return `longitude ${r.lon}`;
  if (!(r.fixTime > MIN_TIME && r.fixTime < now + 25 * 3600_000)) {
    return `fix time ${new Date(r.fixTime).toISOString()}`;
  }
  if (!(r.speed >= 0 && r.speed <= 1610)) return `speed ${r.speed}`;
  if (!(r.course >= 0 && r.course <= 360)) return `course ${r.course}`;
  return null;
}

/** Traccar's alarm constants: the alarm name we keep, and our event where it is one. */
const ALARMS: Record<string, [string, string | null]> = {
  ALARM_SOS: ['sos', 'panic'],
  ALARM_TAMPERING: ['tampering', 'tamper'],
  ALARM_REMOVING: ['removing', 'harness_unplugged'],
  ALARM_LOW_BATTERY: ['lowBattery', 'low_battery'],
  ALARM_ACCELERATION: ['hardAcceleration', 'harsh_acceleration'],
  ALARM_BRAKING: ['hardBraking', 'harsh_braking'],
  ALARM_CORNERING: ['hardCornering', 'harsh_cornering'],
  ALARM_ACCIDENT: ['accident', 'crash'],
  ALARM_POWER_CUT: ['powerCut', 'power_cut'],
  ALARM_OVERSPEED: ['overspeed', 'overspeed'],
  ALARM_VIBRATION: ['vibration', 'tamper'],
  ALARM_GENERAL: ['general', null],
  // The tracker itself switched off or on (not the vehicle's supply): kept as the alarm name.
  ALARM_POWER_OFF: ['powerOff', null],
  ALARM_POWER_ON: ['powerOn', null],
};

type Getter = (r: DeviceRecord) => unknown;

/** Traccar's attribute keys → where our record keeps that value. */
const KEYS: Record<string, Getter> = {
  KEY_POWER: (r) => r.power,
  KEY_BATTERY: (r) => r.battery,
  KEY_BATTERY_LEVEL: (r) => r.batteryLevel,
  KEY_IGNITION: (r) => r.ignition,
  KEY_DRIVER_UNIQUE_ID: (r) => r.driverId,
  KEY_EVENT: (r) => r.attributes.event,
  KEY_DRIVING_TIME: (r) => r.attributes.drivingTime,
  KEY_HOURS: (r) => r.attributes.hours,
  KEY_ODOMETER: (r) => r.odometer,
  KEY_SATELLITES: (r) => r.satellites,
  '"altitude"': (r) => r.altitude,
  KEY_RESULT: (r) => r.attributes.result,
  KEY_STATUS: (r) => r.attributes.status,
  KEY_IMAGE: (r) => r.attributes.image,
  KEY_LOCK: (r) => r.attributes.lock,
  KEY_INPUT: (r) => r.inputs ?? r.attributes.input,
  KEY_FUEL: (r) => r.attributes.fuel,
  KEY_STEPS: (r) => r.attributes.steps,
  KEY_HUMIDITY: (r) => r.attributes.humidity,
  KEY_DOOR: (r) => r.attributes.door,
  KEY_ICCID: (r) => r.attributes.iccid,
  'PREFIX_TEMP + 1': (r) => r.attributes.temp1,
  'PREFIX_ADC + 1': (r) => r.attributes.adc1,
  'PREFIX_ADC + 3': (r) => r.attributes.adc3,
  'PREFIX_IN + 1': (r) => r.attributes.in1,
};

/** The value a Java literal of the corpus stands for ("12.5", "0x1c", "0xFFFFFBFFL", "644515 * 60000L"). */
export function expected(literal: string): unknown {
  if (literal === 'null') return undefined;
  if (literal === 'true' || literal === 'false') return literal === 'true';
  if (literal.startsWith('"')) return JSON.parse(literal);
  if (literal.includes('*')) {
    return literal.split('*').reduce((n, f) => n * (expected(f.trim()) as number), 1);
  }
  const n = literal.replace(/L$/, '');
  if (/^0x[0-9a-f]+$/i.test(n)) return parseInt(n, 16);
  return Number(n);
}

function same(actual: unknown, want: unknown): boolean {
  if (typeof want === 'number' && typeof actual === 'number') return Math.abs(actual - want) < 1e-6;
  return actual === want;
}

function attributeProblem(
  records: DeviceRecord[],
  [key, literal]: [string, string],
): string | null {
  if (key === 'KEY_ALARM') {
    const [name, event] = ALARMS[literal] ?? [];
    if (!name) return `no mapping for ${literal}`;
    const ok = records.some(
      (r) =>
        String(r.attributes.alarm ?? '')
          .split(',')
          .includes(name) &&
        (event === null || r.events.includes(event as never)),
    );
    return ok ? null : `alarm ${name}${event ? `/${event}` : ''} missing`;
  }
  const get: Getter | undefined =
    KEYS[key] ?? (key.startsWith('"') ? (r) => r.attributes[JSON.parse(key) as string] : undefined);
  if (!get) return `no mapping for ${key}`;
  const want = expected(literal);
  const got = records.map(get);
  return got.some((v) => same(v, want))
    ? null
    : `${key}: want ${String(want)}, got ${got.join(',')}`;
}

/** Null when the records are what the sample's `verify` asks for, else what is wrong. */
export function sampleProblem(s: Sample, records: DeviceRecord[], now = Date.now()): string | null {
  switch (s.verify) {
    case 'verifyNull':
      return records.length ? `stored ${records.length} record(s)` : null;
    case 'verifyNotNull':
    case 'verifyAttributes':
      return records.length ? null : 'nothing stored';
    case 'verifyAttribute':
      return records.length ? attributeProblem(records, s.attribute!) : 'nothing stored';
    case 'verifyPosition':
    case 'verifyPositions': {
      if (!records.length) return 'nothing stored';
      if (s.flags?.includes('false')) return null;
      const located = records.filter((r) => r.hasLocation);
      if (!located.length) return 'no location stored';
      for (const r of located) {
        const p = positionProblem(r, now);
        if (p) return p;
      }
      if (s.expect) {
        const r = located[0];
        const time = Date.parse(s.expect.time.replace(' ', 'T') + 'Z');
        if (r.fixTime !== time) return `time ${new Date(r.fixTime).toISOString()}`;
        if (r.valid !== s.expect.valid) return `valid ${r.valid}`;
        if (Math.abs(r.lat - s.expect.lat) > 0.00001) return `lat ${r.lat}`;
        if (Math.abs(r.lon - s.expect.lon) > 0.00001) return `lon ${r.lon}`;
      }
      return null;
    }
    default:
      return `unknown verify ${s.verify}`;
  }
}

export interface ScopeReport {
  protocol: string;
  total: number;
  handled: number;
  outOfScope: Map<string, number[]>;
  failures: string[];
}

/** The summary line the brief asks for, plus the out-of-scope samples by reason. */
export function formatReport(r: ScopeReport): string {
  const out = [...r.outOfScope.values()].reduce((n, l) => n + l.length, 0);
  const reasons = [...r.outOfScope].map(
    ([why, ids]) => `${ids.length} ${why} [#${ids.join(', #')}]`,
  );
  const inScope = r.total - out;
  return (
    `${r.protocol}: ${r.handled}/${r.total} samples handled, ${r.handled}/${inScope} in scope` +
    (out ? ` (${out} out of scope: ${reasons.join('; ')})` : '')
  );
}

export function addOutOfScope(r: ScopeReport, reason: string, index: number): void {
  const list = r.outOfScope.get(reason) ?? [];
  list.push(index);
  r.outOfScope.set(reason, list);
}

/** One sample replayed through a gateway session: what it stored and what it wrote back. */
export interface Replayed {
  sink: FakeSink;
  conn: FakeConnection;
}

/**
 * Replays `greeting` (login, IMEI; null for protocols whose every message names the device) and
 * then a sample, whole or in the chunks given.
 */
export function sampleReplayer(
  session: (conn: Connection, sink: FakeSink) => FrameSession,
  greeting: Buffer | null,
): (s: Sample, chunks?: Buffer[]) => Promise<Replayed> {
  return async (s, chunks) => {
    const sink = new FakeSink();
    const frames = chunks ?? [bytesOf(s)];
    const conn = await replay((c) => session(c, sink), greeting ? [greeting, ...frames] : frames);
    return { sink, conn };
  };
}

/** A binary TCP protocol's corpus run: the session under test and what its replies must be. */
export interface CorpusRun {
  protocol: string;
  samples: Sample[];
  /** Why a sample is outside the gateway's brief, or null. */
  scopeOf(s: Sample): string | null;
  /** Replays the greeting (login, IMEI) and then the sample, whole or in the chunks given. */
  run(s: Sample, chunks?: Buffer[]): Promise<Replayed>;
  /** What the gateway answers the greeting; null when there is no greeting. */
  greetingReply: Buffer | null;
  /** Checks the reply to a handled sample's committed records. */
  checkReply(s: Sample, replayed: Replayed): void;
  /** Told of each out-of-scope sample, e.g. to list the packet types left out. */
  onOutOfScope?(s: Sample, reason: string): void;
}

/**
 * Replays every sample: in-scope ones must decode as the corpus says and get their reply; samples
 * with a corrupt CRC must store nothing and get no reply. Returns the report it asserted on.
 */
export async function checkCorpus(c: CorpusRun): Promise<ScopeReport> {
  const report: ScopeReport = {
    protocol: c.protocol,
    total: c.samples.length,
    handled: 0,
    outOfScope: new Map(),
    failures: [],
  };
  for (const s of c.samples) {
    const reason = c.scopeOf(s);
    const replayed = await c.run(s);
    const { sink, conn } = replayed;
    const greeted = c.greetingReply ? 1 : 0;
    if (c.greetingReply) {
      expect(conn.writes[0], `#${s.index} greeting reply`).toEqual(c.greetingReply);
    }
    if (reason) {
      addOutOfScope(report, reason, s.index);
      c.onOutOfScope?.(s, reason);
      if (reason.startsWith('corrupt CRC')) {
        expect(sink.records, `#${s.index}`).toHaveLength(0);
        expect(conn.writes, `#${s.index} no reply`).toHaveLength(greeted);
      }
      continue;
    }
    const problem = sampleProblem(s, sink.records);
    if (problem) {
      report.failures.push(`#${s.index} ${s.verify}: ${problem}`);
      continue;
    }
    if (sink.records.length) c.checkReply(s, replayed);
    report.handled++;
  }
  expect(report.failures).toEqual([]);
  const outOfScope = [...report.outOfScope.values()].flat().length;
  expect(report.handled).toBe(c.samples.length - outOfScope);
  return report;
}

/** Each in-scope sample fed one byte at a time decodes and answers as when it came whole. */
export async function checkByteByByte(
  c: CorpusRun,
  normalise: (r: DeviceRecord) => DeviceRecord = (r) => r,
): Promise<void> {
  for (const s of c.samples.filter((x) => !c.scopeOf(x))) {
    const whole = await c.run(s);
    const split = await c.run(
      s,
      [...bytesOf(s)].map((x) => Buffer.from([x])),
    );
    expect(split.sink.records.map(normalise), `#${s.index}`).toEqual(
      whole.sink.records.map(normalise),
    );
    expect(split.conn.writes, `#${s.index}`).toEqual(whole.conn.writes);
  }
}
