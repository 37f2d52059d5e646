// The row layouts the pipeline's stages produce and its stores write: positions and device_events
// columns, and what the store returns of an inserted event. A leaf module: the stages, the stores
// and the rule engine (rules/) all read it, and it imports nothing of theirs, so the imports
// between the pipeline and the rules go one way.

/** positions columns, in the order of the rows in Batch.positions. */
export const POSITION_COLUMNS = [
  'unit_id',
  'fix_time',
  'server_time',
  'lat',
  'lon',
  'speed',
  'course',
  'altitude',
  'satellites',
  'valid',
  'ignition',
  'odometer',
  'attributes',
] as const;
export const POSITION_ODOMETER = POSITION_COLUMNS.indexOf('odometer');

/** device_events columns, in the order of the rows in Batch.events. */
export const EVENT_COLUMNS = [
  'unit_id',
  'client_id',
  'time',
  'type',
  'lat',
  'lon',
  'speed',
  'attributes',
  'ref',
] as const;

/** A device_events row the store inserted (a resent one is not). */
export interface StoredEvent {
  id: number;
  unit_id: number;
  client_id: number;
  time: number;
  type: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  /** The lid or roid the event concerns (place events), else 0. */
  ref: number;
}
