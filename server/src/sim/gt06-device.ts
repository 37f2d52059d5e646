// A simulated Concox GT06 tracker: one packet per report, each answered by its serial.
import { gt06FrameLength } from '../ingest/protocols/gt06';
import {
  encodeGt06Alarm,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  type Gt06Fix,
  type Gt06Status,
} from '../ingest/protocols/gt06-encode';
import {
  decodeGt06CommandText,
  gt06ContentOf,
  GT06_COMMAND,
  GT06_COMMAND_REPLY,
  GT06_LANGUAGE_ENGLISH,
} from '../ingest/protocols/gt06-command';
import { encodeGt06Frame } from '../ingest/protocols/gt06';
import { gt06Answer } from './commands';
import { TcpDevice, type Outgoing } from './tcp-device';
import type { SimEvent, SimReport } from './vehicle';

const ALARM_CODES: Partial<Record<SimEvent, number>> = {
  panic: 0x01,
  power_cut: 0x02,
  overspeed: 0x06,
  towing: 0x09,
  harsh_acceleration: 0x29,
  harsh_braking: 0x30,
};

/** The packet a GT06 tracker sends for a report: an alarm, a heartbeat while parked, or a fix. */
export function gt06Packet(r: SimReport, serial: number): { bytes: Buffer; type: number } {
  const fix: Gt06Fix = {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    satellites: r.satellites,
    valid: true,
    ignition: r.ignition,
  };
  const status: Gt06Status = {
    ignition: r.ignition,
    // A wired tracker charges its own battery from the vehicle whenever it is connected.
    charging: r.power > 6,
    voltageLevel: r.power > 12.5 ? 6 : 4,
    gsm: 4,
    alarm: (r.event && ALARM_CODES[r.event]) ?? 0,
    // A power cut also sets the terminal's alarm bits (2), as the trackers do.
    terminalAlarm: r.event === 'power_cut' ? 2 : 0,
  };
  if (status.alarm) return { bytes: encodeGt06Alarm(fix, status, serial), type: 0x16 };
  if (!r.ignition && !r.event) return { bytes: encodeGt06Heartbeat(status, serial), type: 0x13 };
  return { bytes: encodeGt06Location(fix, serial), type: 0x22 };
}

export class Gt06Device extends TcpDevice {
  private serial = 0;
  private loggedIn = false;

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  protected override onConnect(): void {
    this.loggedIn = false;
  }

  protected login(): Buffer {
    return encodeGt06Login(this.id, this.nextSerial());
  }

  protected parse(rx: Buffer) {
    const n = gt06FrameLength(rx, 0, rx.length);
    if (n === 0) return { used: 0, kind: 'other' as const };
    if (n < 0) return { used: -n, kind: 'other' as const };
    const long = rx[0] === 0x79;
    const type = rx[long ? 4 : 3];
    const serial = rx.readUInt16BE(n - 6);
    if (type === 0x01 && !this.loggedIn) {
      this.loggedIn = true;
      return { used: n, kind: 'login-ok' as const };
    }
    if (type === GT06_COMMAND && this.loggedIn) {
      this.answer(rx, n, serial);
      return { used: n, kind: 'other' as const };
    }
    return { used: n, kind: 'ack' as const, ack: (type << 16) | serial };
  }

  /** Answers a server command (0x80) with 0x15: the server flag back, the result in words. */
  private answer(rx: Buffer, n: number, serial: number): void {
    const { start, end } = gt06ContentOf(rx, 0, n);
    const cmd = decodeGt06CommandText(rx, GT06_COMMAND, start, end);
    if (!cmd) return;
    const answer = gt06Answer(cmd.text);
    if (answer.command) this.applyCommand(answer.command);
    const text = Buffer.from(answer.reply, 'ascii');
    const content = Buffer.alloc(1 + 4 + text.length + 2);
    content[0] = 4 + text.length;
    content.writeUInt32BE(cmd.serverFlag >>> 0, 1);
    text.copy(content, 5);
    content.writeUInt16BE(GT06_LANGUAGE_ENGLISH, 5 + text.length);
    this.write(encodeGt06Frame(GT06_COMMAND_REPLY, serial, content));
  }

  protected nextPacket(): Outgoing {
    const serial = this.nextSerial();
    const { bytes, type } = gt06Packet(this.queue[0], serial);
    return { bytes, reports: 1, key: (type << 16) | serial };
  }

  protected acks(ack: number, packet: Outgoing): boolean {
    return ack === packet.key;
  }
}
