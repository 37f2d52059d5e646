// H02 server commands (issue 13) and the device's answers.
//
// A command is `*XX,<id>,<CMD>,<HHMMSS>[,<parameters>]#` (ST-901 series Protocol §2 "The Command
// Structure from Center Sending"; GPS Tracker Communication Protocol V1.0.5 §二.3): XX the maker
// code the device itself uses (it ignores commands with another one), HHMMSS the server's time,
// which the device echoes in its answer. The wire text the portal records is `<CMD>[,<params>]`;
// the session's link adds the frame, the id and the time (encodeH02Command).
//
// - Immobiliser, S20 "cut off oil-engine / recovery oil&engine" (V1.0.5 §四.1):
//   `S20,1,1` cuts (C = 1: static cut, no engine detection; T = 1 cut), `S20,1,0` restores.
//   Mobilise and normal both restore: H02 has no "back to the device's own logic".
// - Speed buzzer, S14 "Set the Speed limit" (ST-901 Part II, 1)): `S14,<max>,<min>,<M>,<continue>`
//   with max/min in knots (the unit the device compares its GPS speed in; 0 = no limit), M = 1
//   (only with a valid fix) and continue = seconds over the limit before the alarm (0 = off).
//
// Answers are V4 messages: `V4,S20,<ret>,<time>,...` where ret is two hex digits, 0x80-0xFF
// success and 0x00-0x7F failure (V1.0.5 §二.6), or the ST-901's words (`S20,DONE` after a cut,
// `S20,OK` after a restore, `S20,ERROR`), or `V4,S14,<max>,<min>,<M>,<continue>,<time>,...`.
// Types only from commands-wire: it imports this dialect.
import type { CommandDialect } from '../command-dialect';
import { KNOTS } from './h02-status';

/** Seconds over the limit before the device raises its overspeed alarm. */
export const H02_OVERSPEED_S = 20;

/** The limit a device is sent for a speed in km/h: whole knots, 1..255. */
export function h02Knots(kmh: string): number {
  const v = Number(kmh);
  if (!Number.isFinite(v) || v <= 0) return 0;
  return Math.min(255, Math.max(1, Math.round(v / KNOTS)));
}

export interface H02CommandOptions {
  /** The id the device sends (its IMEI or its 10-digit id). */
  deviceId: string;
  /** The maker code the device uses (default HQ). */
  maker?: string;
  /** When it is sent, epoch ms: the HHMMSS field (UTC). */
  time: number;
}

/** Frames a wire text `<CMD>[,<parameters>]` for the device. */
export function encodeH02Command(text: string, o: H02CommandOptions): Buffer {
  const [cmd, ...params] = text.split(',');
  if (!/^[A-Z][A-Z0-9]{0,7}$/.test(cmd) || !params.every((p) => /^[\w.:-]*$/.test(p)))
    throw new RangeError(`not an H02 command: ${text}`);
  if (!/^\d{1,20}$/.test(o.deviceId)) throw new RangeError('H02 device id must be digits');
  const maker = (o.maker ?? 'HQ').toUpperCase();
  if (!/^[A-Z]{2}$/.test(maker)) throw new RangeError('H02 maker code must be two letters');
  const d = new Date(o.time);
  const hhmmss = [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  return Buffer.from(`*${[maker, o.deviceId, cmd, hhmmss, ...params].join(',')}#`, 'latin1');
}

/** The answer's words: command, then what the device said. */
const tokens = (text: string) => text.split(',').map((s) => s.trim().toUpperCase());

export const h02CommandDialect: CommandDialect = {
  wireText(kind, value) {
    if (kind === 'immobiliser') return `S20,1,${value === 'immobilise' ? 1 : 0}`;
    return value === '' ? 'S14,0,0,1,0' : `S14,${h02Knots(value)},0,1,${H02_OVERSPEED_S}`;
  },
  judgeReply(kind, value, text) {
    const t = tokens(text);
    const cmd = kind === 'immobiliser' ? 'S20' : 'S14';
    if (t[0] !== cmd) return 'unrelated';
    const word = t[1] ?? '';
    if (kind === 'speed_buzzer' && t.length >= 5 && t.slice(1, 5).every((x) => /^\d+$/.test(x))) {
      // The parameters echoed: the limit it now holds.
      const want = value === '' ? 0 : h02Knots(value);
      const off = Number(t[1]) === 0 || Number(t[4]) === 0;
      return (want === 0 ? off : !off && Number(t[1]) === want) ? 'confirmed' : 'unrelated';
    }
    if (/^[0-9A-F]{2}$/.test(word)) return parseInt(word, 16) >= 0x80 ? 'confirmed' : 'failed';
    if (/^(ERROR|FAIL)/.test(word)) return 'failed';
    if (kind === 'immobiliser' && word === 'DONE')
      return value === 'immobilise' ? 'confirmed' : 'unrelated';
    if (kind === 'immobiliser' && word === 'OK')
      return value === 'immobilise' ? 'unrelated' : 'confirmed';
    // The command and its time echoed without a verdict: the device took it.
    return 'confirmed';
  },
};
