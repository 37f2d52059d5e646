// How a vehicle reads on the vehicle pages: its class in words (SPEC §3 vehicle classes), its fuel,
// its active state (SPEC §4: client view Active/Disabled, support view codes 0-13), its stock
// status (SPEC §3) and its readings.
import {
  FUEL_TYPES,
  STOCK_STATUS,
  UNIT_ACTIVE_CLIENT_VIEW,
  UNIT_ACTIVE_SUPPORT_VIEW,
  VEHICLE_CLASSES,
  type FuelType,
  type VehicleClass,
} from '@fleet/common';

export const VEHICLE_CLASS_LABELS: Record<VehicleClass, string> = {
  hatchback: 'Hatchback',
  sedan: 'Sedan',
  minibus: 'Minibus',
  large_truck: 'Large truck',
  small_truck: 'Small truck',
  van: 'Van',
  suv: 'SUV',
  bus: 'Bus',
  stationwagon: 'Station wagon',
  bakkie: 'Bakkie',
  motorcycle: 'Motorcycle',
  factory: 'Factory',
  tractor: 'Tractor',
  construction: 'Construction vehicle',
  machine: 'Machine',
  trailer: 'Trailer',
  truck_trailer: 'Truck and trailer',
  quad_bike: 'Quad bike',
  tow_truck: 'Tow truck',
  caravan: 'Caravan',
  '3-wheeler': '3-wheeler',
};

export const VEHICLE_CLASS_OPTIONS = VEHICLE_CLASSES.map((value) => ({
  value,
  label: VEHICLE_CLASS_LABELS[value],
}));

export function classLabel(ref: string | null | undefined): string {
  if (!ref) return '—';
  return VEHICLE_CLASS_LABELS[ref as VehicleClass] ?? ref;
}

/**
 * A class as a person types it in a CSV file: the api name ("large_truck") or its words ("Large
 * truck"), in any case. Anything else is passed on as typed, for the server to name the row.
 */
export function classFromText(text: string): string {
  const wanted = text.trim().toLowerCase();
  const found = VEHICLE_CLASSES.find(
    (c) => c === wanted || VEHICLE_CLASS_LABELS[c].toLowerCase() === wanted,
  );
  return found ?? text.trim();
}

export const FUEL_TYPE_LABELS: Record<FuelType, string> = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  electric: 'Electric',
  hybrid: 'Hybrid',
  lpg: 'LPG',
  other: 'Other',
};
export const FUEL_TYPE_OPTIONS = FUEL_TYPES.map((value) => ({
  value,
  label: FUEL_TYPE_LABELS[value],
}));

/** SPEC §4 active state: what a client user reads, or a support user's full wording. */
export function activeLabel(code: number, support: boolean): string {
  return support
    ? (UNIT_ACTIVE_SUPPORT_VIEW[code] ?? `State ${code}`)
    : UNIT_ACTIVE_CLIENT_VIEW(code);
}

export const SUPPORT_ACTIVE_OPTIONS = Object.entries(UNIT_ACTIVE_SUPPORT_VIEW).map(
  ([code, label]) => ({ value: Number(code), label: `${code} ${label}` }),
);

export const STOCK_STATUS_OPTIONS = Object.entries(STOCK_STATUS).map(([code, label]) => ({
  value: Number(code),
  label: `${code} ${label}`,
}));

const WHOLE = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const TENTHS = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export function formatOdometer(km: number | null | undefined): string {
  return km === null || km === undefined ? '—' : `${WHOLE.format(km)} km`;
}

export function formatEngineHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? '—' : `${TENTHS.format(hours)} h`;
}
