// Settings of the position pipeline, with the defaults documented in docs/performance.md (## Ingest)
// and in each stage. Everything here has a default; callers pass only what they change.
import { DEFAULT_TRIP_CONFIG, type TripConfig } from '../domain/trips';

export interface PipelineConfig {
  /** A batch is written when this many records wait... */
  batchMaxRecords: number;
  /** ...or when the oldest has waited this long (ms). */
  batchMaxDelayMs: number;

  /** Fix times further in the future than this are refused (clock of the device wrong). */
  maxFutureMs: number;
  /** Fix times before this are refused (2005-01-01: a GPS week roll-over or an unset clock). */
  minFixTime: number;

  /** A fix implying a faster move from the last accepted one is a GPS jump (km/h). */
  maxJumpSpeedKmh: number;
  /** Moves shorter than this are never jumps, whatever the implied speed (fixes 1 s apart). */
  jumpToleranceM: number;
  /**
   * After this many consecutive rejected fixes that agree with each other, the latest is accepted:
   * it was the reference that was wrong (a bad first fix), and it must not poison the rest.
   */
  jumpReanchorCount: number;

  trips: TripConfig;

  /** External voltage below this is a power cut (V)... */
  powerCutV: number;
  /** ...and at or above this power is back (V). */
  powerRestoreV: number;
  /** Internal battery below this voltage (V) or level (%) is low... */
  lowBatteryV: number;
  lowBatteryPercent: number;
  /** ...and it is fine again at or above these. */
  batteryOkV: number;
  batteryOkPercent: number;
  /** Derive an overspeed event above this speed (km/h); null: only devices' own overspeed alarms. */
  overspeedKmh: number | null;
  /** Two consecutive fixes at this speed (km/h) with the ignition off are a tow. */
  towingSpeedKmh: number;

  /** How long a device → unit lookup is trusted before it is read again (ms). */
  unitCacheTtlMs: number;
  /** How long an unknown identifier stays refused without asking the database again (ms). */
  unknownCacheTtlMs: number;
  /** How often open trips of silent units are checked for the no-data gap (ms); 0 disables. */
  expireIntervalMs: number;
}

export const DEFAULT_PIPELINE_CONFIG: PipelineConfig = {
  batchMaxRecords: 1000,
  batchMaxDelayMs: 5,
  maxFutureMs: 10 * 60_000,
  minFixTime: Date.UTC(2005, 0, 1),
  maxJumpSpeedKmh: 300,
  jumpToleranceM: 200,
  jumpReanchorCount: 3,
  trips: DEFAULT_TRIP_CONFIG,
  powerCutV: 6,
  powerRestoreV: 9,
  lowBatteryV: 3.5,
  lowBatteryPercent: 20,
  batteryOkV: 3.7,
  batteryOkPercent: 30,
  overspeedKmh: null,
  towingSpeedKmh: 10,
  unitCacheTtlMs: 5 * 60_000,
  unknownCacheTtlMs: 10_000,
  expireIntervalMs: 60_000,
};

export type PipelineConfigInput = Partial<Omit<PipelineConfig, 'trips'>> & {
  trips?: Partial<TripConfig>;
};

export function pipelineConfig(input: PipelineConfigInput = {}): PipelineConfig {
  return {
    ...DEFAULT_PIPELINE_CONFIG,
    ...input,
    trips: { ...DEFAULT_PIPELINE_CONFIG.trips, ...input.trips },
  };
}
