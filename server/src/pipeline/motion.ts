// Stage 5: motion, ignition, engine hours and park state. Status values (ignition, voltages, GSM,
// inputs) are applied only from records at least as new as the last applied ones, so a late
// record never moves the live state backwards.
import { PARK_STATE } from '@fleet/common';
import { engineSecondsBetween, parkStateOf } from '../domain/motion';
import type { DeviceRecord } from '../ingest/types';
import type { PipelineConfig } from './config';
import type { UnitRuntime } from './runtime';
import { hasUsableLocation } from './validate';

const num = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

/** Applies a record's status values at time `t` (≥ rt.statusTime). */
export function applyStatus(
  rt: UnitRuntime,
  rec: DeviceRecord,
  t: number,
  driverPid: number | null | undefined,
  cfg: PipelineConfig,
): void {
  if (rt.statusTime > 0) {
    rt.engineSeconds += engineSecondsBetween(rt.ignition, rt.statusTime, t, cfg.trips.maxGapS);
  }
  rt.statusTime = t;
  if (rec.ignition !== undefined) rt.ignition = rec.ignition;
  if (num(rec.power)) rt.power = rec.power;
  if (num(rec.battery)) rt.battery = rec.battery;
  if (num(rec.batteryLevel)) rt.batteryLevel = rec.batteryLevel;
  if (num(rec.gsm)) rt.gsm = rec.gsm;
  if (num(rec.inputs)) rt.inputs = rec.inputs;
  if (num(rec.outputs)) rt.outputs = rec.outputs;
  if (typeof rec.attributes.charge === 'boolean') rt.charging = rec.attributes.charge;
  // A location part without a usable fix (unit issues: "No GPS fix"); a status record has none.
  if (rec.hasLocation) {
    rt.noFix = !hasUsableLocation(rec);
    if (num(rec.satellites)) rt.satellites = rec.satellites;
  }
  if (rec.driverId !== undefined) {
    const tag = driverTag(rec.driverId);
    rt.driverTag = tag;
    rt.driverPid = tag === null ? null : (driverPid ?? null);
  }
}

/** An iButton/RFID reading; empty or all zeros means the key was removed. */
export function driverTag(raw: string): string | null {
  const tag = raw.trim();
  return tag === '' || /^0+$/.test(tag) ? null : tag;
}

/** Recomputes park state (SPEC §4: 0 Moving, 1 Parked, 2 Unknown) after a record at time `t`. */
export function updateParkState(rt: UnitRuntime, t: number): void {
  const ps = parkStateOf({
    hasFix: rt.hasFix,
    moving: rt.moving,
    ignition: rt.ignition,
    phase: rt.seg.phase,
  });
  if (ps === rt.parkState) return;
  rt.parkState = ps;
  const stop = rt.seg.current;
  rt.parkSince = ps === PARK_STATE.PARKED && stop?.type === 1 ? Math.min(stop.startTime, t) : t;
}
