// Trip tasks: stored trips and stops, the raw points of a range, device events, trip labels.
import { z } from 'zod';
import type { TripItem, TripPoint } from '../api';
import { TRIP_LABELS, type TripLabel } from '../enums';
import { idSchema, isoDate, pagingSchema, plainText, type ListAnswer } from './shared';
import type { UnitEvent } from './units';

export const tripParams = {
  get_trips: z.object({
    uid: idSchema,
    from: isoDate,
    to: isoDate,
    max_speed: z.union([z.number().min(0).max(400), z.literal('Off')]).optional(),
    kind: z.enum(['all', 'trips', 'parked']).default('all'),
  }),
  get_trip_points: z.object({ uid: idSchema, from: isoDate, to: isoDate }),
  get_unit_events: z.object({
    uid: idSchema,
    from: isoDate.optional(),
    to: isoDate.optional(),
    types: z.array(plainText().max(40)).max(30).optional(),
    ...pagingSchema,
  }),
  set_trip_label: z.object({ id: idSchema, label: z.enum(TRIP_LABELS) }),
};

/** A trip or stop of one unit; `speeding` when a trip went past the asked max_speed. */
export interface TripRow extends TripItem {
  open: boolean;
  speeding: boolean;
}

/** A device event with its unit and raw attributes (get_unit_events). */
export interface DeviceEvent extends UnitEvent {
  uid: number;
  attributes: Record<string, unknown>;
}

export interface TripAnswers {
  /** Newest first; `oversized` when the list reached its cap (SPEC §4). */
  get_trips: { trips: TripRow[]; oversized: boolean };
  /** In time order; `thinned` when a long range was thinned evenly. */
  get_trip_points: { motions: TripPoint[]; thinned: boolean };
  get_unit_events: ListAnswer<'events', DeviceEvent>;
  set_trip_label: { id: number; label: TripLabel };
}
