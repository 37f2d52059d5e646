// Meitrack server commands (issue 13/18): what the portal's commands say, how they are framed for
// the wire, and what the device's answer says about them.
//
// MEITRACK GPRS Protocol, "Command Details":
// - Controlling Output Status – C01: `C01,<speed>,<ABCDE>`; speed 0 = at once (1-255: once the
//   vehicle is slower than that, km/h); A..E are outputs 1-5: 0 off, 1 on, 2 keep as is. Example:
//   @@M34,353358017784062,C01,20,10122*18  →  $$M28,353358017784062,C01,OK*F9
// - Setting the Speeding Alarm – B07: `B07,<km/h>`, 0 = off, 1-255 = the limit; over it the
//   tracker raises event 19 (speeding) and, when its I/O settings say so, sounds the buzzer output.
//   Example: @@P28,353358017784062,B07,60*05  →  $$P28,353358017784062,B07,OK*01
// Output 1 drives the fuel/starter cut-off relay on the vehicle trackers' default wiring, so
// immobilise = output 1 on (C01,0,12222), mobilise and normal = off (C01,0,02222), the other
// outputs left as they are. The speed is 0: the dispatcher already holds an immobilise back while
// the vehicle moves faster than 10 km/h. Meitrack has no command that hands output 1 back to the
// tracker's own logic, so normal sends the same "off" as mobilise.
// Type-only import: commands-wire.ts imports this dialect, so a value import would be a cycle.
import type { CommandDialect } from '../command-dialect';
import { encodeMeitrackFrame, isMeitrackFlag } from './meitrack';

/** The text of an output 1 command: on (1) or off (0), outputs 2-5 kept. */
export const meitrackOutputText = (on: 0 | 1): string => `C01,0,${on}2222`;

/** The text of a speeding alarm command: km/h, 0 = off. */
export const meitrackSpeedingText = (kmh: number): string => `B07,${kmh}`;

export const meitrackCommandDialect: CommandDialect = {
  wireText(kind, value) {
    if (kind === 'immobiliser') return meitrackOutputText(value === 'immobilise' ? 1 : 0);
    return meitrackSpeedingText(value === '' ? 0 : Number(value));
  },
  // The answer repeats the command's code: "C01,OK" / "B07,OK". An answer to another command (or
  // a report) says nothing about this one.
  judgeReply(kind, _value, text) {
    const code = kind === 'immobiliser' ? 'C01' : 'B07';
    const t = text.trim();
    if (t.slice(0, 4).toUpperCase() !== `${code},`) return 'unrelated';
    const rest = t.slice(4).trim();
    if (/^ok$/i.test(rest)) return 'confirmed';
    if (/fail|error|invalid|wrong|unknown/i.test(rest)) return 'failed';
    return 'unrelated';
  },
};

/**
 * The flag (data identifier) a command goes out with: one of the 58 characters 0x41..0x7A, picked
 * by the command id. The device's answer repeats it.
 */
export function meitrackCommandFlag(commandId: number): string {
  const n = Number.isSafeInteger(commandId) ? Math.abs(commandId) % 58 : 0;
  return String.fromCharCode(0x41 + n);
}

/** A whole server command: `@@<flag><length>,<IMEI>,<text>*<checksum>\r\n`. */
export function encodeMeitrackCommand(imei: string, text: string, flag = 'A'): Buffer {
  if (flag.length !== 1 || !isMeitrackFlag(flag.charCodeAt(0))) {
    throw new RangeError('Meitrack flag must be one character 0x41..0x7A');
  }
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError('Meitrack device id must be digits');
  // A '*' would end the message early; the tracker's limit is about 1 KB.
  if (text.includes('*') || text.length > 1000) throw new RangeError('bad Meitrack command text');
  return encodeMeitrackFrame('@@', flag, imei, text);
}
