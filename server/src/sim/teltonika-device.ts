// A simulated Teltonika FMB tracker: Codec 8 Extended packets of up to 50 records.
import { CODEC_8E } from '../ingest/protocols/teltonika';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
  type AvlIo,
  type AvlRecord,
} from '../ingest/protocols/teltonika-encode';
import {
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  decodeCodec12,
  encodeCodec12,
} from '../ingest/protocols/teltonika-command';
import { teltonikaAnswer } from './commands';
import { TcpDevice, type Outgoing } from './tcp-device';
import type { SimReport } from './vehicle';

const MAX_RECORDS = 50;

/** The IO elements an FMB tracker sends with each record, plus the event's own IO. */
export function toAvlRecord(r: SimReport): AvlRecord {
  const io: AvlIo[] = [
    { id: 239, value: r.ignition ? 1 : 0, size: 1 },
    { id: 240, value: r.moving ? 1 : 0, size: 1 },
    { id: 21, value: 4, size: 1 },
    { id: 69, value: 1, size: 1 },
    { id: 66, value: Math.round(r.power * 1000), size: 2 },
    { id: 67, value: Math.round(r.battery * 1000), size: 2 },
    { id: 16, value: r.odometer, size: 4 },
    // DOUT1, the starter-cut relay: the portal confirms an immobiliser command from it (issue 13).
    { id: 179, value: r.dout1 ?? 0, size: 1 },
  ];
  // The iButton key in the reader (IO 78): the id as the key's 64-bit number.
  if (r.driverTag) io.push({ id: 78, value: parseInt(r.driverTag, 16), size: 8 });
  let eventId = 0;
  let priority = 0;
  switch (r.event) {
    case 'harsh_braking':
    case 'harsh_acceleration':
      eventId = 253;
      io.push({ id: 253, value: r.event === 'harsh_braking' ? 2 : 1, size: 1 });
      io.push({ id: 254, value: 45, size: 1 });
      priority = 1;
      break;
    case 'overspeed':
      eventId = 255;
      io.push({ id: 255, value: r.speed, size: 1 });
      priority = 1;
      break;
    case 'panic':
      eventId = 236;
      io.push({ id: 236, value: 1, size: 1 });
      priority = 2;
      break;
    case 'ignition_on':
    case 'ignition_off':
      eventId = 239;
      priority = 1;
      break;
    case 'power_cut':
    case 'power_restored':
      // Unplug detection: the vehicle battery was disconnected (1) or is back (0).
      eventId = 252;
      io.push({ id: 252, value: r.event === 'power_cut' ? 1 : 0, size: 1 });
      priority = 1;
      break;
    case 'towing':
      eventId = 246;
      io.push({ id: 246, value: 1, size: 1 });
      priority = 1;
      break;
  }
  return {
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    altitude: r.altitude,
    course: r.course,
    speed: r.speed,
    satellites: r.satellites,
    priority,
    eventId,
    io,
  };
}

export class TeltonikaDevice extends TcpDevice {
  private loggedIn = false;

  protected login(): Buffer {
    return encodeTeltonikaImei(this.id);
  }

  protected parse(rx: Buffer) {
    if (!this.loggedIn) {
      if (rx.length < 1) return { used: 0, kind: 'other' as const };
      this.loggedIn = rx[0] === 1;
      return { used: 1, kind: rx[0] === 1 ? ('login-ok' as const) : ('refused' as const) };
    }
    if (rx.length < 4) return { used: 0, kind: 'other' as const };
    // An ack counts at least one record; four zero bytes start a Codec 12 command instead.
    if (rx.readUInt32BE(0) !== 0) return { used: 4, kind: 'ack' as const, ack: rx.readUInt32BE(0) };
    if (rx.length < 8) return { used: 0, kind: 'other' as const };
    const total = 12 + rx.readUInt32BE(4);
    if (total > 64 * 1024) return { used: rx.length, kind: 'other' as const };
    if (rx.length < total) return { used: 0, kind: 'other' as const };
    const msg = decodeCodec12(rx, 0, total);
    if (msg?.type === CODEC12_COMMAND) {
      const answer = teltonikaAnswer(msg.text);
      if (answer.command) this.applyCommand(answer.command);
      this.write(encodeCodec12(answer.reply, CODEC12_RESPONSE));
    }
    return { used: total, kind: 'other' as const };
  }

  protected nextPacket(): Outgoing {
    const batch = this.queue.slice(0, MAX_RECORDS);
    return { bytes: encodeTeltonikaAvl(batch.map(toAvlRecord), CODEC_8E), reports: batch.length };
  }

  protected acks(ack: number, packet: Outgoing): boolean {
    return ack === packet.reports;
  }

  protected override onConnect(): void {
    this.loggedIn = false;
  }
}
