// A simulated Meitrack tracker (T366-like, in CCE mode): every message names the device, so there
// is no login; reports go as CCE batches that the server acknowledges with their count
// ("@@<flag>..,CCE,<n>"), and the tracker keeps them until then. It answers C01 (output 1, the
// starter cut) and B07 (speeding alarm) as the MEITRACK GPRS Protocol's examples do: "C01,OK".
import { meitrackServerFrameLength } from '../ingest/protocols/meitrack';
import {
  encodeMeitrackAnswer,
  encodeMeitrackCce,
  MEITRACK_SA_CELL,
  type MeitrackFix,
} from '../ingest/protocols/meitrack-encode';
import { MEITRACK_EVENT } from '../ingest/protocols/meitrack-record';
import type { SimAnswer } from './commands';
import { TcpDevice, type Outgoing } from './tcp-device';
import type { SimEvent, SimReport } from './vehicle';

/** Records per CCE batch when reports queued up (offline): a real one sends about 1 KB. */
const MAX_BATCH = 8;

const EVENT_CODES: Record<SimEvent, number> = {
  panic: MEITRACK_EVENT.SOS,
  power_cut: MEITRACK_EVENT.EXTERNAL_POWER_CUT,
  power_restored: MEITRACK_EVENT.EXTERNAL_POWER_ON,
  towing: MEITRACK_EVENT.TOW,
  overspeed: MEITRACK_EVENT.SPEEDING,
  harsh_braking: MEITRACK_EVENT.HARSH_BRAKING,
  harsh_acceleration: MEITRACK_EVENT.HARSH_ACCELERATION,
  ignition_on: MEITRACK_EVENT.INPUT2_ACTIVE,
  ignition_off: MEITRACK_EVENT.INPUT2_INACTIVE,
};

/** The flag of the n-th message: the 58 characters 0x41..0x7A in turn. */
const flagOf = (serial: number) => String.fromCharCode(0x41 + (Math.abs(serial) % 58));

/** A report as the tracker records it: the event code, SOS on input 1, ACC on input 2. */
export function meitrackFix(r: SimReport): MeitrackFix {
  return {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    altitude: r.altitude,
    satellites: r.satellites,
    valid: true,
    event: r.event ? EVENT_CODES[r.event] : MEITRACK_EVENT.TRACK_BY_TIME,
    inputs: (r.event === 'panic' ? 0x01 : 0) | (r.ignition ? 0x02 : 0),
    outputs: r.dout1 ?? 0,
    power: r.power,
    battery: r.battery,
    odometer: Math.round(r.odometer),
    gsm: 22,
    hdop: 0.9,
    ...(r.driverTag ? { driverId: String(parseInt(r.driverTag, 16)) } : {}),
    cell: MEITRACK_SA_CELL,
  };
}

/** The message a Meitrack tracker sends for one report: a CCE batch of one record. */
export function meitrackPacket(report: SimReport, serial: number, imei = '0'): Buffer {
  return encodeMeitrackCce(imei, [meitrackFix(report)], flagOf(serial), 0, serial);
}

/** How the tracker understands a command's text and what it answers. */
export function meitrackAnswer(text: string): SimAnswer {
  const t = text.trim().toUpperCase();
  const out = /^C01,\d{1,3},([012])[012]{4}$/.exec(t);
  if (out) {
    // 2 keeps output 1 as it is.
    const dout1 = out[1] === '2' ? null : out[1] === '1' ? 1 : 0;
    return { command: dout1 === null ? null : { kind: 'output', dout1 }, reply: 'C01,OK' };
  }
  const speed = /^B07,(\d{1,3})$/.exec(t);
  if (speed && Number(speed[1]) <= 255) {
    const limit = Number(speed[1]);
    return { command: { kind: 'buzzer', limit: limit > 0 ? limit : null }, reply: 'B07,OK' };
  }
  return { command: null, reply: `${t.slice(0, 3)},Error` };
}

export class MeitrackDevice extends TcpDevice {
  private serial = 0;

  /** Every message names the device: nothing to log in with. */
  protected login(): null {
    return null;
  }

  protected parse(rx: Buffer) {
    const n = meitrackServerFrameLength(rx, 0, rx.length);
    if (n === 0) return { used: 0, kind: 'other' as const };
    if (n < 0) return { used: -n, kind: 'other' as const };
    const m = /^@@(.)\d+,\d+,([^*]*)\*/.exec(rx.toString('latin1', 0, n));
    if (!m) return { used: n, kind: 'other' as const };
    const [, flag, body] = m;
    const ack = /^CC[CE],(\d+)$/.exec(body);
    if (ack) return { used: n, kind: 'ack' as const, ack: keyOf(flag, Number(ack[1])) };
    const answer = meitrackAnswer(body);
    if (answer.command) this.applyCommand(answer.command);
    this.write(encodeMeitrackAnswer(this.id, answer.reply, flag));
    return { used: n, kind: 'other' as const };
  }

  protected nextPacket(): Outgoing {
    const serial = this.serial++;
    const batch = this.queue.slice(0, MAX_BATCH);
    const flag = flagOf(serial);
    const left = this.queue.length - batch.length;
    const bytes = encodeMeitrackCce(this.id, batch.map(meitrackFix), flag, left, serial);
    return { bytes, reports: batch.length, key: keyOf(flag, batch.length) };
  }

  protected acks(ack: number, packet: Outgoing): boolean {
    return ack === packet.key;
  }
}

/** What identifies an acknowledgement: the batch's flag and its record count. */
const keyOf = (flag: string, count: number) => flag.charCodeAt(0) * 0x10000 + count;
