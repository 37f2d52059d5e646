// A simulated Queclink GV300 (@Track text protocol): no login (every message names the device),
// one message per report (two when a driver's key is read as the ignition comes on), each
// acknowledged by the server with `+SACK:<count>$`; AT+GTOUT / AT+GTSPD commands are applied and
// acknowledged with +ACK as the tracker does when the password is its own.
import {
  encodeQueclinkCommandAck,
  encodeQueclinkDriverId,
  encodeQueclinkEvent,
  encodeQueclinkFri,
  encodeQueclinkIgnition,
  encodeQueclinkPower,
  type QueclinkFix,
  type QueclinkHeader,
} from '../ingest/protocols/queclink-encode';
import type { SimCommand } from './device';
import { now } from '../clock';
import { TcpDevice, type Outgoing } from './tcp-device';
import type { SimEvent, SimReport } from './vehicle';

/** The factory password of a GV300. */
export const QUECLINK_SIM_PASSWORD = 'gv300';

/** Event reports in the GTFRI layout, with their <Report ID><Report Type>. */
const EVENT_TYPES: Partial<Record<SimEvent, [string, string]>> = {
  panic: ['SOS', '10'],
  overspeed: ['SPD', '10'],
  towing: ['TOW', '10'],
  harsh_braking: ['HBM', '10'],
  harsh_acceleration: ['HBM', '11'],
};

/** Backup battery % from its voltage (Li-ion, 3.4 V empty .. 4.2 V full). */
const batteryLevel = (v: number) => Math.max(0, Math.min(100, Math.round(((v - 3.4) / 0.8) * 100)));

/** The messages a GV300 sends for a report; counts number from `count` on. */
export function queclinkMessages(r: SimReport, imei: string, count: number): Buffer[] {
  const fix: QueclinkFix = {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    altitude: r.altitude,
    valid: r.satellites > 0,
  };
  const h = (n: number): QueclinkHeader => ({
    imei,
    sendTime: r.time,
    count: (count + n) & 0xffff,
  });
  const ev = r.event ? EVENT_TYPES[r.event] : undefined;
  if (ev) return [encodeQueclinkEvent(h(0), ev[0], fix, r.odometer, ev[1])];
  switch (r.event) {
    case 'power_cut':
    case 'power_restored':
      return [encodeQueclinkPower(h(0), r.event === 'power_restored', fix)];
    case 'ignition_on': {
      const on = encodeQueclinkIgnition(h(0), true, fix, r.odometer);
      return r.driverTag ? [on, encodeQueclinkDriverId(h(1), r.driverTag, fix, r.odometer)] : [on];
    }
    case 'ignition_off':
      return [encodeQueclinkIgnition(h(0), false, fix, r.odometer)];
  }
  const status = {
    ignition: r.ignition,
    power: r.power,
    batteryLevel: batteryLevel(r.battery),
    odometer: r.odometer,
    outputs: r.dout1 ?? 0,
  };
  return [encodeQueclinkFri(h(0), fix, status)];
}

/** What a GV300 sends for a report (`serial` is its count number), as one write. */
export const queclinkPacket = (r: SimReport, serial: number, imei = '862894020180553'): Buffer =>
  Buffer.concat(queclinkMessages(r, imei, serial));

export interface QueclinkAnswer {
  command: SimCommand | null;
  /** The command word (OUT, SPD) and serial number the +ACK echoes; null: no answer at all. */
  ack: { command: string; serial: string } | null;
}

/**
 * How a GV300 takes a server command: AT+GTOUT sets DOUT1 (output 1 status), AT+GTSPD the speed
 * alarm (mode 0 off, else the max speed); a wrong password or an unknown command gets no answer.
 */
export function queclinkAnswer(text: string): QueclinkAnswer {
  const none: QueclinkAnswer = { command: null, ack: null };
  const m = /^AT\+GT([A-Z]{3})=([^$]*)\$$/.exec(text.trim());
  if (!m) return none;
  const f = m[2].split(',');
  const serial = f[f.length - 1];
  if (f[0] !== QUECLINK_SIM_PASSWORD || !/^[0-9A-F]{4}$/i.test(serial)) return none;
  const ack = { command: m[1], serial };
  if (m[1] === 'OUT' && (f[1] === '0' || f[1] === '1')) {
    return { command: { kind: 'output', dout1: f[1] === '1' ? 1 : 0 }, ack };
  }
  if (m[1] === 'SPD') {
    const limit = Number(f[3]);
    const on = f[1] !== '0' && Number.isFinite(limit) && limit > 0;
    return { command: { kind: 'buzzer', limit: on ? limit : null }, ack };
  }
  return none;
}

const DOLLAR = 0x24;
/** Longest server message the device waits for. */
const MAX_RX = 512;

export class QueclinkDevice extends TcpDevice {
  private count = 0;

  /** No login: the IMEI is in every message. */
  protected login(): null {
    return null;
  }

  protected parse(rx: Buffer) {
    const end = rx.indexOf(DOLLAR);
    if (end < 0) return { used: rx.length > MAX_RX ? rx.length : 0, kind: 'other' as const };
    const text = rx.toString('latin1', 0, end + 1).replace(/^[^+A]+/, '');
    const sack = /^\+SACK:([0-9A-Fa-f]{4})\$$/.exec(text);
    if (sack) return { used: end + 1, kind: 'ack' as const, ack: parseInt(sack[1], 16) };
    if (text.startsWith('AT+GT')) this.answer(text);
    return { used: end + 1, kind: 'other' as const };
  }

  private answer(text: string): void {
    const a = queclinkAnswer(text);
    if (!a.ack) return;
    if (a.command) this.applyCommand(a.command);
    this.count = (this.count + 1) & 0xffff;
    const h = { imei: this.id, sendTime: now(), count: this.count };
    this.write(encodeQueclinkCommandAck(h, a.ack.command, a.ack.serial));
  }

  protected nextPacket(): Outgoing {
    const first = (this.count + 1) & 0xffff;
    const messages = queclinkMessages(this.queue[0], this.id, first);
    this.count = (first + messages.length - 1) & 0xffff;
    return { bytes: Buffer.concat(messages), reports: 1, key: this.count };
  }

  protected acks(ack: number, packet: Outgoing): boolean {
    return ack === packet.key;
  }
}
