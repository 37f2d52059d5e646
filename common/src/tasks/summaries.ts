// Fleet-wide trip reads: trip summaries per unit, fleet and driver trips, coverage.
import { z } from 'zod';
import type { TripItem } from '../api';
import { idSchema, isoDate, uidList, type PersonRef } from './shared';

/** The most coverage cells one answer carries (a heat map of this many points still draws smoothly). */
export const MAX_COVERAGE_CELLS = 20000;

export const summaryParams = {
  get_trip_summary: z.object({ from: isoDate, to: isoDate, uids: uidList }),
  get_fleet_trips: z.object({ from: isoDate, to: isoDate, uids: uidList }),
  get_driver_trips: z.object({
    from: isoDate,
    to: isoDate,
    pids: z.array(idSchema).min(1).max(500),
  }),
  get_coverage: z.object({
    from: isoDate,
    to: isoDate,
    uids: uidList,
    max_cells: z.number().int().min(1).max(MAX_COVERAGE_CELLS).default(MAX_COVERAGE_CELLS),
  }),
};

/** One unit's totals over a range; only the part of a trip or stop inside the range counts. */
export interface TripSummaryRow {
  id: number;
  uid: number;
  name: string;
  reg: string;
  trips: number;
  /** km */
  distance: number;
  /** seconds */
  driving_time: number;
  /** seconds */
  parked_time: number;
  max_speed: number;
  first_start: string | null;
  last_end: string | null;
  speed_histogram: Record<string, number>;
}

/** A trip of a fleet or driver list, with the unit it belongs to. */
export interface FleetTripRow extends Omit<TripItem, 'speed_histogram'> {
  uid: number;
  unit_name: string;
  reg: string;
  open: boolean;
}

/** Where the units drove: moving positions counted into grid cells, busiest first. */
export interface CoverageAnswer {
  /** [lat, lon, moving positions] of each cell's centre. */
  cells: [number, number, number][];
  /** degrees */
  cell_size: number;
  /** moving positions in the range, drawn or not */
  points: number;
  units: number;
  /** more cells than max_cells: the quietest were left out */
  truncated: boolean;
  left_out: { cells: number; points: number };
}

export interface SummaryAnswers {
  get_trip_summary: { trips: TripSummaryRow[]; count: number };
  get_fleet_trips: { trips: FleetTripRow[]; oversized: boolean };
  get_driver_trips: { trips: FleetTripRow[]; people: PersonRef[] };
  get_coverage: CoverageAnswer;
}
