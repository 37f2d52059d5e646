// Queclink @Track server commands (issue 13): AT+GTOUT (digital outputs; output 1 drives the
// starter-cut relay) and AT+GTSPD (speed alarm, whose wave goes out on output 2 where a buzzer is
// wired), and what the device answers: `+ACK:GTOUT,<protocol version>,<IMEI>,<device name>,
// <serial number>,<send time>,<count>$` (GV300 @Track Air Interface Protocol TRACGV300AN002
// §3.2.5 "Digital Output" and the AT+GTSPD section; GMT100 TRACGMT100AN001 §3.2.5).
//
// A command is `AT+GT<cmd>=<password>,<parameters...>,<serial number>$`. The password and the
// serial number belong to the connection, so the command text the portal records writes them as
// the manual's placeholders `<password>` and `<serial>`, and the session's link fills them in: the
// device type's factory password (the model name in lower case, e.g. gv300, gl300, gv55) and the
// command's id as 4 hex digits, which the device echoes in its +ACK.
// Only types from command-dialect: commands-wire registers this dialect.
import type { CommandDialect } from '../command-dialect';

export const PASSWORD = '<password>';
export const SERIAL = '<serial>';

/** Output 1 on (immobilised) or off; outputs 2 and 3 off, no wave (Traccar's engine stop/resume). */
const gtout = (out1: 0 | 1) => `AT+GTOUT=${PASSWORD},${out1},,,0,0,0,0,0,0,0,,,,,,,${SERIAL}$`;

/** Seconds over the limit before the alarm (as the GT06 dialect), and its resend interval. */
const SPEED_VALIDITY_S = 20;
const SPEED_INTERVAL_S = 60;
/** The speed alarm's wave on output 2 (the buzzer): 2 s on/off (×100 ms), 5 times. */
const BUZZER_WAVE = '2,0,20,5';
/** 11 reserved fields after the wave: 20 parameters in all (as GV55/GV300 firmware takes them). */
const RESERVED = ','.repeat(10);

/**
 * AT+GTSPD: mode 2 = alarm while the speed is outside [min, max], i.e. above the limit; mode 0 =
 * off (empty parameters keep their values).
 */
const gtspd = (kmh: string) =>
  kmh === ''
    ? `AT+GTSPD=${PASSWORD},0,,,,,,,,,${RESERVED},${SERIAL}$`
    : `AT+GTSPD=${PASSWORD},2,0,${kmh},${SPEED_VALIDITY_S},${SPEED_INTERVAL_S},${BUZZER_WAVE},${RESERVED},${SERIAL}$`;

export const queclinkCommandDialect: CommandDialect = {
  wireText(kind, value) {
    // Output 1 on only to immobilise; mobilise and normal both release it (commands-wire.ts).
    if (kind === 'immobiliser') return gtout(value === 'immobilise' ? 1 : 0);
    return gtspd(value);
  },
  // The device acknowledges a command it accepted; a wrong password or a bad parameter gets no
  // answer at all (the dispatcher's timeout fails it).
  judgeReply(kind, _value, text) {
    const want = kind === 'immobiliser' ? 'GTOUT' : 'GTSPD';
    return new RegExp(`^\\+ACK:${want},`).test(text.trim()) ? 'confirmed' : 'unrelated';
  },
};

/** The factory password of a device type: its model name in lower case ("GV300" → "gv300"). */
export function queclinkPassword(model: string): string {
  const p = model.toLowerCase().replace(/[^0-9a-z]/g, '');
  return p || 'gl200';
}

export interface QueclinkCommandOptions {
  password: string;
  /** 0..0xFFFF, sent as 4 hex digits. */
  serial: number;
}

/** The longest command text accepted (the devices' own limit for an AT command is about 200). */
const MAX_COMMAND = 200;

/** A command text with its password and serial number filled in, as the wire carries it. */
export function encodeQueclinkCommand(text: string, opts: QueclinkCommandOptions): Buffer {
  if (!/^[0-9A-Za-z]{1,16}$/.test(opts.password)) throw new RangeError('bad @Track password');
  const serial = (opts.serial & 0xffff).toString(16).toUpperCase().padStart(4, '0');
  const wire = text.replace(PASSWORD, opts.password).replace(SERIAL, serial);
  if (!/^AT\+GT[A-Z]{3}=[\x20-\x7e]*\$$/.test(wire) || wire.length > MAX_COMMAND) {
    throw new RangeError('not an @Track command');
  }
  return Buffer.from(wire, 'latin1');
}

/** The serial number an +ACK echoes (the field before its send time), or null. */
export function queclinkAckSerial(text: string): number | null {
  const v = text.replace(/[$\0]$/, '').split(',');
  const s = v[v.length - 3];
  return v[0].startsWith('+ACK:') && /^[0-9A-Fa-f]{4}$/.test(s ?? '') ? parseInt(s, 16) : null;
}
