// The fuel ledger of one vehicle (issue 13 item 5), pure: each fill refills what was used since
// the previous one (full to full), so a fill's consumption is its litres over the distance (or
// engine hours) driven since that fill. The distance comes from the tracker's odometer at both
// fill times when the tracker has positions there, otherwise from the fuel card's readings.
import {
  FILL_STOP_RADIUS_KM,
  consumptionOf,
  haversineMeters,
  isAboveUsual,
  usualConsumption,
  type FuelFlag,
} from '@fleet/common';

export interface LedgerFill {
  id: number;
  at: number;
  litres: number;
  /** the fuel card's readings */
  odometer: number | null;
  hours: number | null;
  /** the tracker's odometer (km) at the fill time, null without a position near it */
  trackerKm: number | null;
}

export interface LedgerEntry {
  used: number | null;
  usedSource: 'tracker' | 'card' | null;
  consumption: number | null;
  usual: number | null;
  aboveUsual: boolean;
}

/** Entries for fills in time order; `machine`: engine hours instead of km (L/hour). */
export function fuelLedger(fills: readonly LedgerFill[], machine: boolean): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  const seen: (number | null)[] = [];
  fills.forEach((fill, i) => {
    const prev = i > 0 ? fills[i - 1] : null;
    let used: number | null = null;
    let usedSource: LedgerEntry['usedSource'] = null;
    if (prev && machine) {
      if (fill.hours !== null && prev.hours !== null && fill.hours >= prev.hours) {
        used = fill.hours - prev.hours;
        usedSource = 'card';
      }
    } else if (prev) {
      if (fill.trackerKm !== null && prev.trackerKm !== null && fill.trackerKm >= prev.trackerKm) {
        used = fill.trackerKm - prev.trackerKm;
        usedSource = 'tracker';
      } else if (
        fill.odometer !== null &&
        prev.odometer !== null &&
        fill.odometer >= prev.odometer
      ) {
        used = fill.odometer - prev.odometer;
        usedSource = 'card';
      }
    }
    const consumption = consumptionOf(fill.litres, used, machine);
    const usual = usualConsumption(seen);
    out.push({
      used,
      usedSource,
      consumption,
      usual,
      aboveUsual: isAboveUsual(consumption, usual),
    });
    seen.push(consumption);
  });
  return out;
}

/**
 * The fraud flags of a fill: more litres than the tank holds; and the tracker's position at the
 * fill time more than FILL_STOP_RADIUS_KM from every stop around it (null position: not judged).
 */
export function fillFlags(
  litres: number,
  tankSize: number | null,
  position: { lat: number; lon: number } | null,
  stops: readonly { lat: number; lon: number }[],
): FuelFlag[] {
  const flags: FuelFlag[] = [];
  if (position) {
    const near = stops.some(
      (s) =>
        haversineMeters(position.lat, position.lon, s.lat, s.lon) <= FILL_STOP_RADIUS_KM * 1000,
    );
    if (!near) flags.push('away');
  }
  if (tankSize !== null && tankSize > 0 && litres > tankSize) flags.push('tank');
  return flags;
}
