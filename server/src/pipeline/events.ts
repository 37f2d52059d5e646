// Stage 6: device events for the rules and the recovery desk (device_events). Events the device
// reports are stored as they come; the pipeline derives the ones a device does not report itself
// from transitions of its state, edge-triggered with hysteresis so that a value hovering around a
// threshold raises one event, not one per record:
// - ignition on/off: the ignition input changing;
// - power cut/restored: external voltage falling below powerCutV / rising to powerRestoreV;
// - low battery: internal battery below lowBatteryV or lowBatteryPercent, re-armed above the "ok" pair;
// - driver ID: a new non-empty iButton/RFID tag; driver changed: a tag naming another person;
// - towing: two consecutive fixes at towingSpeedKmh with the ignition off, once per ignition-off;
// - overspeed: above overspeedKmh, if configured (speeding rules carry their own limits);
// - command reply: a device's answer to a command (`attributes.result`), whenever it comes.
// Transitions are only derived from a known previous state (a unit's first record raises none),
// and only from records that are not older than the live state.
import type { DeviceEventType, DeviceRecord } from '../ingest/types';
import type { PipelineConfig } from './config';
import { driverTag } from './motion';
import type { UnitRuntime } from './runtime';

export interface EventDraft {
  type: DeviceEventType;
  /** JSON */
  attributes: string;
}

const REPORTED = '{}';
const DERIVED = '{"derived":true}';

export interface EventContext {
  /** The record is at least as new as the unit's status: transitions may be derived. */
  applies: boolean;
  /** The record carries a new live fix, at this speed (km/h). */
  newFix: boolean;
  speed: number;
  driverPid: number | null | undefined;
}

/** No events: shared, never written to (add() replaces it by a new array first). */
const NONE: EventDraft[] = [];

function add(
  out: EventDraft[],
  reported: DeviceEventType[],
  type: DeviceEventType,
  attributes = DERIVED,
): EventDraft[] {
  if (reported.includes(type)) return out;
  const list = out === NONE ? [] : out;
  list.push({ type, attributes });
  return list;
}

/** Call before the record's status is applied: it compares with the previous values. */
export function deriveEvents(
  rt: UnitRuntime,
  rec: DeviceRecord,
  ctx: EventContext,
  cfg: PipelineConfig,
): EventDraft[] {
  const reported = rec.events;
  let out: EventDraft[] = reported.length ? [] : NONE;
  for (let i = 0; i < reported.length; i++) {
    const type = reported[i];
    if (reported.indexOf(type) === i) out.push({ type, attributes: REPORTED });
  }
  // A device's answer to a command (sent by the portal, an SMS or the maker's tool) is kept whole
  // in the unit's event list; the command queue also matches it to the command it answers.
  const result = rec.attributes.result;
  if (typeof result === 'string' && result !== '') {
    out = add(out, reported, 'command_reply', JSON.stringify({ text: result.slice(0, 1000) }));
  }
  if (!ctx.applies) return out;

  if (rec.ignition !== undefined && rt.ignition !== null && rec.ignition !== rt.ignition) {
    out = add(out, reported, rec.ignition ? 'ignition_on' : 'ignition_off');
  }

  if (reported.includes('power_cut')) rt.powerOk = false;
  else if (reported.includes('power_restored')) rt.powerOk = true;
  else if (rec.power !== undefined && Number.isFinite(rec.power)) {
    if (rec.power < cfg.powerCutV) {
      if (rt.powerOk === true)
        out = add(out, reported, 'power_cut', JSON.stringify({ derived: true, power: rec.power }));
      rt.powerOk = false;
    } else if (rec.power >= cfg.powerRestoreV) {
      if (rt.powerOk === false)
        out = add(
          out,
          reported,
          'power_restored',
          JSON.stringify({ derived: true, power: rec.power }),
        );
      rt.powerOk = true;
    }
  }

  if (reported.includes('low_battery')) rt.lowBattery = true;
  else {
    const v = Number.isFinite(rec.battery) ? rec.battery : undefined;
    const pct = Number.isFinite(rec.batteryLevel) ? rec.batteryLevel : undefined;
    if (v !== undefined || pct !== undefined) {
      const low =
        (v !== undefined && v < cfg.lowBatteryV) ||
        (pct !== undefined && pct < cfg.lowBatteryPercent);
      const ok =
        (v === undefined || v >= cfg.batteryOkV) &&
        (pct === undefined || pct >= cfg.batteryOkPercent);
      if (low) {
        if (rt.lowBattery === false)
          out = add(
            out,
            reported,
            'low_battery',
            JSON.stringify({ derived: true, battery: v, batteryLevel: pct }),
          );
        rt.lowBattery = true;
      } else if (ok) rt.lowBattery = false;
    }
  }

  if (rec.driverId !== undefined) {
    const tag = driverTag(rec.driverId);
    if (tag !== null && tag !== rt.driverTag) {
      out = add(
        out,
        reported,
        'driver_id',
        JSON.stringify({ derived: true, driverUniqueId: tag, pid: ctx.driverPid ?? null }),
      );
    }
    // A tag of a person other than the unit's current driver: the driver changed (a tag of
    // nobody changes no one: get_unit_issues lists it as an unknown tag).
    const pid = tag === null ? null : (ctx.driverPid ?? null);
    if (pid !== null && pid !== rt.driverPid) {
      out = add(
        out,
        reported,
        'driver_changed',
        JSON.stringify({ derived: true, driverUniqueId: tag, pid, previous: rt.driverPid }),
      );
    }
  }

  if (ctx.newFix) {
    if (reported.includes('overspeed')) rt.overspeeding = true;
    else if (cfg.overspeedKmh !== null) {
      if (ctx.speed > cfg.overspeedKmh) {
        if (!rt.overspeeding)
          out = add(
            out,
            reported,
            'overspeed',
            JSON.stringify({ derived: true, speed: ctx.speed, limit: cfg.overspeedKmh }),
          );
        rt.overspeeding = true;
      } else rt.overspeeding = false;
    }
    const ignition = rec.ignition ?? rt.ignition;
    if (ignition === true) rt.towed = false;
    if (reported.includes('towing')) rt.towed = true;
    if (ignition === false && ctx.speed >= cfg.towingSpeedKmh) {
      rt.towFixes += 1;
      if (rt.towFixes >= 2 && !rt.towed) {
        out = add(out, reported, 'towing');
        rt.towed = true;
      }
    } else rt.towFixes = 0;
  }
  return out;
}
