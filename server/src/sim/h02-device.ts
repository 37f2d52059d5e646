// A simulated H02 tracker (Sinotrack ST-901 style): no login, one V1 general message per report,
// never acknowledged by the server; it answers the server's S20 (fuel/power cut) and S14 (speed
// limit) commands with a V4 confirmation, as the ST-901 protocol describes.
import { h02FrameLength } from '../ingest/protocols/h02';
import { KNOTS, h02StatusWord } from '../ingest/protocols/h02-status';
import {
  encodeH02Answer,
  encodeH02Binary,
  encodeH02Position,
  type H02Fix,
} from '../ingest/protocols/h02-encode';
import type { SimAnswer } from './commands';
import { TcpDevice, type Outgoing } from './tcp-device';
import type { SimReport } from './vehicle';

/** Below this supply voltage the tracker runs on its backup battery (status bit 19). */
const SUPPLY_MIN_V = 6;

function fixOf(r: SimReport): H02Fix {
  return { time: r.time, lat: r.lat, lon: r.lon, speed: r.speed, course: r.course, valid: true };
}

/** The status word for a report: its ignition, supply, relay and the event's alarm bit. */
export function h02ReportStatus(r: SimReport): number {
  return h02StatusWord({
    ignition: r.ignition,
    sos: r.event === 'panic',
    overspeed: r.event === 'overspeed',
    tow: r.event === 'towing',
    powerCut: r.event === 'power_cut' || (r.event !== 'power_restored' && r.power < SUPPLY_MIN_V),
    cut: r.dout1 === 1,
  });
}

/**
 * What an H02 tracker sends for a report: the V1 general message, or in binary mode the 32-byte
 * record numbered `serial`. Panic, overspeed, towing and power cuts set their status bits; harsh
 * driving has no bit in this protocol (a plain position); ignition is the ACC bit.
 */
export function h02Packet(
  report: SimReport,
  serial: number,
  id = '0000000000',
  binary = false,
): Buffer {
  const status = h02ReportStatus(report);
  return binary
    ? encodeH02Binary(id, fixOf(report), status, serial)
    : encodeH02Position(id, fixOf(report), status);
}

/**
 * How the tracker takes a server command `*HQ,<id>,<CMD>,<HHMMSS>,<params>#` and the result words
 * of its V4 answer (the command, the outcome, the command's time).
 */
export function h02Answer(text: string): SimAnswer {
  const m = /^\*[A-Za-z]{2},\d*,([A-Z0-9]+),(\d{6})((?:,[^,#]*)*)#\s*$/.exec(text);
  if (!m) return { command: null, reply: '' };
  const [, cmd, time] = m;
  const params = m[3].split(',').slice(1);
  if (cmd === 'S20' && params.length >= 2) {
    const cut = params[1] === '1';
    return {
      command: { kind: 'output', dout1: cut ? 1 : 0 },
      reply: `S20,${cut ? 'DONE' : 'OK'},${time}`,
    };
  }
  if (cmd === 'S14' && params.length >= 4 && params.every((p) => /^\d+$/.test(p))) {
    const [max, , , seconds] = params.map(Number);
    const on = max > 0 && seconds > 0;
    return {
      command: { kind: 'buzzer', limit: on ? Math.round(max * KNOTS) : null },
      reply: `S14,${params.slice(0, 4).join(',')},${time}`,
    };
  }
  return { command: null, reply: `${cmd},ERROR,${time}` };
}

export class H02Device extends TcpDevice {
  protected override readonly acked = false;
  private serial = 0;
  private last: SimReport | null = null;
  /** The relay as the last command left it (the next report also says so). */
  private cut: 0 | 1 | null = null;
  /** Sends the binary record instead of the V1 text message. */
  binary = false;

  protected login(): null {
    return null;
  }

  protected parse(rx: Buffer) {
    const n = h02FrameLength(rx, 0, rx.length);
    if (n === 0) return { used: 0, kind: 'other' as const };
    if (n < 0) return { used: -n, kind: 'other' as const };
    const text = rx.toString('latin1', 0, n);
    // The server's time answers (V4) need no reply; anything else is a command.
    if (!/^\*[A-Za-z]{2},\d*,V4,/.test(text)) this.answer(text);
    return { used: n, kind: 'other' as const };
  }

  private answer(text: string): void {
    const a = h02Answer(text);
    if (!a.reply) return;
    if (a.command) {
      if (a.command.kind === 'output') this.cut = a.command.dout1;
      this.applyCommand(a.command);
    }
    // Its position block is the latest fix, with the relay as the command left it.
    const r = this.last;
    const report = r ? { ...r, dout1: this.cut ?? r.dout1, event: undefined } : null;
    const status = report ? h02ReportStatus(report) : h02StatusWord({ ignition: false });
    this.write(encodeH02Answer(this.id, a.reply, report && fixOf(report), status));
  }

  protected nextPacket(): Outgoing {
    this.serial = (this.serial + 1) & 0xff;
    const report = this.queue[0];
    this.last = report;
    if (report.dout1 !== undefined) this.cut = report.dout1;
    const id = this.binary && /^\d{10}$/.test(this.id) ? this.id : null;
    const bytes = id
      ? h02Packet(report, this.serial, id, true)
      : h02Packet(report, this.serial, this.id);
    return { bytes, reports: 1 };
  }

  protected acks(): boolean {
    return false;
  }
}
