// Records and a processing context for the pipeline's pure stages.
import type { DeviceRecord } from '../../../src/ingest/types';
import { pipelineConfig, type PipelineConfigInput } from '../../../src/pipeline/config';
import {
  EVENT_COLUMNS,
  processRecords,
  type Batch,
  type ProcessContext,
} from '../../../src/pipeline/process';
import type { ClientPlaces } from '../../../src/pipeline/places-index';
import { newRuntime, type UnitInfo, type UnitRuntime } from '../../../src/pipeline/runtime';

export const DEV = '352093081452251';
export const T0 = Date.UTC(2025, 2, 3, 6, 0, 0);
export const INFO: UnitInfo = { uid: 7, clientId: 3, serviceType: 'full', driverId: null };

export function fix(
  time: number,
  lat: number,
  lon: number,
  speed: number,
  extra: Partial<DeviceRecord> = {},
): DeviceRecord {
  return {
    deviceId: DEV,
    protocol: 'teltonika',
    fixTime: time,
    hasLocation: true,
    valid: true,
    lat,
    lon,
    speed,
    course: 45,
    events: [],
    attributes: {},
    ...extra,
  };
}

export function status(time: number, extra: Partial<DeviceRecord> = {}): DeviceRecord {
  return { ...fix(time, 0, 0, 0), hasLocation: false, valid: false, ...extra };
}

/** Runs batches through processRecords, committing each batch's runtime as the pipeline does. */
export class Runner {
  rt: UnitRuntime = newRuntime(INFO);
  now = T0 + 3600_000;
  drivers = new Map<string, number>();
  /** The client's compiled places (pipeline/places-index.ts), when a test has some. */
  places: ClientPlaces | undefined;
  readonly cfg;
  constructor(config: PipelineConfigInput = {}) {
    this.cfg = pipelineConfig(config);
  }
  run(records: DeviceRecord[]): Batch {
    const ctx: ProcessContext = {
      now: this.now,
      cfg: this.cfg,
      unitOf: (id) => (id === DEV ? INFO : null),
      runtimeOf: () => this.rt,
      driverPid: (_c, tag) => this.drivers.get(tag) ?? null,
      placesOf: () => this.places,
    };
    const batch = processRecords(records, ctx);
    const w = batch.units.get(INFO.uid);
    if (w) this.rt = w.rt;
    return batch;
  }
  /** The event types of a batch (EVENT_COLUMNS rows: type is the 4th value). */
  static events(batch: Batch): string[] {
    const out: string[] = [];
    for (let i = 3; i < batch.events.length; i += EVENT_COLUMNS.length)
      out.push(batch.events[i] as string);
    return out;
  }
  static positions(batch: Batch): number[] {
    const out: number[] = [];
    for (let i = 1; i < batch.positions.length; i += 13) out.push(batch.positions[i] as number);
    return out;
  }
}

/** Longitude step for `metres` east at latitude -26.1. */
export const east = (metres: number) =>
  (metres / (6378137 * Math.cos((26.1 * Math.PI) / 180))) * (180 / Math.PI);
