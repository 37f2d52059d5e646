// What each device command says on the wire, and which device answer confirms it (issue 13; the
// operators' table is docs/protocols.md "Commands"). Pure functions.
//
// Immobiliser: the starter-cut relay hangs on the tracker's first digital output.
// - immobilise: output on (relay energised, starter cut): Teltonika `setdigout 1`, GT06 `Relay,1#`.
// - mobilise: output off: Teltonika `setdigout 0`, GT06 `Relay,0#`.
// - normal: neither protocol has a command that hands the output back to the tracker's own logic
//   (Teltonika's immobiliser scenario drives DOUT1 itself once the server stops holding it), so
//   normal sends the same "output off" as mobilise; the portal records that the owner asked for the
//   device's own logic, not a forced start.
// Speed buzzer: Teltonika's overspeeding scenario (FMB parameters 11100 scenario priority, 11103
// output control = DOUT2 where the buzzer is wired, 11104 max speed km/h); Concox `SPEED,ON,t,s,m#`
// (t seconds over the limit before it alarms, s km/h, m 1 = alarm over GPRS and SMS).
import {
  COMMAND_PROTOCOLS,
  IMMOBILISE_MAX_KMH,
  type CommandKind,
  type ImmobiliserMode,
} from '@fleet/common';
import type { DeviceRecord } from './types';
import type { CommandDialect, ReplyVerdict } from './command-dialect';
import { dout1Of } from './protocols/teltonika-command';
import { meitrackCommandDialect } from './protocols/meitrack-command';
import { h02CommandDialect } from './protocols/h02-command';
import { queclinkCommandDialect } from './protocols/queclink-command';

/** Every protocol with a standing TCP connection the portal can send commands over. */
export type CommandProtocol = (typeof COMMAND_PROTOCOLS)[number];

export type { CommandDialect, ReplyVerdict } from './command-dialect';

/** DOUT1 as each mode leaves it. */
export const modeOutput = (mode: ImmobiliserMode): 0 | 1 => (mode === 'immobilise' ? 1 : 0);

/** Seconds over the limit before a GT06 raises its overspeed alarm. */
const GT06_OVERSPEED_S = 20;

const teltonika: CommandDialect = {
  wireText(kind, value) {
    if (kind === 'immobiliser') return `setdigout ${modeOutput(value as ImmobiliserMode)}`;
    return value === '' ? 'setparam 11100:0' : `setparam 11100:1;11103:2;11104:${value}`;
  },
  judgeReply(kind, value, text) {
    if (kind === 'immobiliser') {
      const dout1 = dout1Of(text);
      if (dout1 === null) return 'unrelated';
      return dout1 === modeOutput(value as ImmobiliserMode) ? 'confirmed' : 'unrelated';
    }
    const want = value === '' ? '11100:0' : `11104:${value}`;
    if (!/param|new value/i.test(text)) return 'unrelated';
    return text.includes(want) ? 'confirmed' : 'unrelated';
  },
};

const gt06: CommandDialect = {
  wireText(kind, value) {
    if (kind === 'immobiliser') return `Relay,${modeOutput(value as ImmobiliserMode)}#`;
    return value === '' ? 'SPEED,OFF#' : `SPEED,ON,${GT06_OVERSPEED_S},${value},1#`;
  },
  // The server flag already tied this answer to the command; its words say how it went.
  judgeReply: (_kind, _value, text) =>
    /fail|error|invalid|wrong/i.test(text) ? 'failed' : 'confirmed',
};

/** The protocols with a command channel, and how each says the commands. */
const DIALECTS: Record<CommandProtocol, CommandDialect> = {
  teltonika,
  gt06,
  h02: h02CommandDialect,
  meitrack: meitrackCommandDialect,
  queclink: queclinkCommandDialect,
};

export const isCommandProtocol = (p: string): p is CommandProtocol =>
  (COMMAND_PROTOCOLS as readonly string[]).includes(p);

/** The command text for a kind and its stored value ('' = buzzer off). */
export const wireText = (protocol: CommandProtocol, kind: CommandKind, value: string): string =>
  DIALECTS[protocol].wireText(kind, value);

/** What a device's text answer says about a command it was sent. */
export const judgeReply = (
  protocol: CommandProtocol,
  kind: CommandKind,
  value: string,
  text: string,
): ReplyVerdict => DIALECTS[protocol].judgeReply(kind, value, text);

/** DOUT1 as the newest of these records reports it (Teltonika IO 179), or null. */
export function reportedDout1(records: readonly DeviceRecord[]): 0 | 1 | null {
  for (let i = records.length - 1; i >= 0; i--) {
    const o = records[i].outputs;
    if (o !== undefined) return (o & 1) as 0 | 1;
  }
  return null;
}

/** The speed gate: only an immobilise command waits for the vehicle to slow down. */
export function mustWaitForSpeed(kind: CommandKind, value: string, speed: number | null): boolean {
  return kind === 'immobiliser' && value === 'immobilise' && (speed ?? 0) > IMMOBILISE_MAX_KMH;
}
