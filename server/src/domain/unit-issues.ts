// What can be wrong with a client's unit (issue 12: the unit issues page), each issue with what
// was seen and what to do, from the unit's stored state. Pure: the task reads the rows.
import { formatRelative, type SilentUnitIssue, type UnitIssueKind } from '@fleet/common';
import { isConnected } from './connection';

/** The facts of one unit that its issues are judged from. */
export interface UnitFacts {
  uid: number;
  name: string;
  reg: string;
  device_id: string | null;
  protocol: string | null;
  service_type: string;
  /** unit_state: null when the unit never reported */
  fix_time: number | null;
  server_time: number | null;
  /** vehicle supply, V */
  power: number | null;
  /** unit_state.attributes, parsed (pipeline/runtime.ts displayAttributes) */
  attributes: Record<string, unknown>;
  /** the latest power cut of the last day not followed by a restore (epoch ms) */
  powerCutAt: number | null;
  /** the tag the unit last reported, when it is nobody's */
  unknownTag: string | null;
}

/** Under this many satellites a fix is not trusted (a 3-D fix needs four, a 2-D one three). */
export const MIN_SATELLITES = 3;
/** A supply this low is no supply: the vehicle battery is disconnected (V). */
export const UNPLUGGED_V = 1;
/** Above this a supply is a 24 V system (a 12 V one never reaches it, even charging). */
const SYSTEM_24V_ABOVE = 18;
/** Low supply of a 12 V and of a 24 V system (V): a battery that will not start the engine. */
export const LOW_SUPPLY_12V = 11.5;
export const LOW_SUPPLY_24V = 23;
/** GT06 voltage levels 1 to 3 (of 6) are the SPEC §3 battery fault levels. */
const GT06_LOW_LEVEL = 3;

const ACTIONS: Record<UnitIssueKind, string> = {
  'Not connecting': "Check the tracker's power and SIM; call support if it stays silent",
  'No data received':
    'Check that the tracker is installed, powered and has a working SIM; call support if it stays silent',
  'No GPS fix':
    "Check that nothing covers the tracker's GPS antenna and that the vehicle is not under a roof; call support if it persists",
  'Low battery': "Have the vehicle's battery and charging system checked",
  'Battery unplugged':
    "Check the vehicle's battery terminals and the tracker's power wiring; it may have been tampered with",
  'battery charging':
    "The tracker's own battery is recharging after running low; check it again in a few hours",
  'battery level 1': "The tracker's own battery is nearly empty: check its power supply",
  'battery level 2': "The tracker's own battery is very low: check its power supply",
  'battery level 3': "The tracker's own battery is low: check its power supply",
  'not charging':
    "The tracker's own battery is not charging: check the tracker's power wiring and fuse",
  'Unknown driver tag': 'Add the tag to a driver on the Drivers page',
};

const volts = (v: number) => `${v.toFixed(1)} V`;

/** The issues of one unit, in the order of UNIT_ISSUE_KINDS. */
export function unitIssues(u: UnitFacts, now: number): SilentUnitIssue[] {
  const out: SilentUnitIssue[] = [];
  const satellites = typeof u.attributes.sat === 'number' ? u.attributes.sat : null;
  const lastData = u.server_time || null;
  const add = (issue: UnitIssueKind, detail: string) =>
    out.push({
      uid: u.uid,
      name: u.name,
      reg: u.reg,
      device_id: u.device_id,
      protocol: u.protocol,
      issue,
      detail,
      action: ACTIONS[issue],
      last_seen: lastData ? new Date(lastData).toISOString() : null,
      satellites,
    });

  if (!lastData) {
    add('No data received', u.device_id ? 'never reported' : 'no tracker attached');
    return out;
  }
  // SPEC §4: silent longer than 300 s (trip units) or a day (the others).
  if (!isConnected(u.service_type, lastData, now))
    add('Not connecting', `last report ${formatRelative(lastData, now)}`);

  if (u.attributes.noFix === 1) add('No GPS fix', 'the last position had no valid GPS fix');
  else if (satellites !== null && satellites < MIN_SATELLITES)
    add('No GPS fix', `${satellites} satellite${satellites === 1 ? '' : 's'} at the last fix`);

  const unplugged = u.power !== null && u.power < UNPLUGGED_V;
  if (unplugged) add('Battery unplugged', `vehicle supply ${volts(u.power!)}`);
  else if (u.powerCutAt !== null)
    add('Battery unplugged', `power cut ${formatRelative(u.powerCutAt, now)}`);
  else if (u.power !== null) {
    const low = u.power > SYSTEM_24V_ABOVE ? LOW_SUPPLY_24V : LOW_SUPPLY_12V;
    if (u.power < low) add('Low battery', `vehicle supply ${volts(u.power)}`);
  }

  if (u.protocol === 'gt06') trackerBattery(u, add);

  if (u.unknownTag !== null) add('Unknown driver tag', `tag ${u.unknownTag} is nobody's`);
  return out;
}

/**
 * The SPEC §3 fault types of a GT06 tracker's own battery: its voltage level (0-6, stored as a
 * percentage by the decoder) and its charging flag.
 */
function trackerBattery(u: UnitFacts, add: (issue: UnitIssueKind, detail: string) => void): void {
  const pct = typeof u.attributes.batteryLevel === 'number' ? u.attributes.batteryLevel : null;
  const charge = u.attributes.charge;
  const level = pct === null ? null : Math.round((pct * 6) / 100);
  const low = level !== null && level >= 1 && level <= GT06_LOW_LEVEL;
  if (low && charge === 1) add('battery charging', `level ${level} of 6, charging`);
  else if (low) add(`battery level ${level}` as UnitIssueKind, `level ${level} of 6`);
  else if (charge === 0)
    add('not charging', 'the tracker reports that its battery is not charging');
}
