// A simulated phone running an OsmAnd-protocol app: one GET per fix, a JSON batch for a backlog,
// and the same fixes again until the server answers 200.
import type { IngestLog } from '../ingest/log';
import {
  encodeOsmandJson,
  encodeOsmandQuery,
  type OsmandFix,
} from '../ingest/protocols/osmand-encode';
import { DEFAULT_TIMINGS, type DeviceTimings, type SimDevice } from './device';
import type { SimEvent, SimReport } from './vehicle';

const ALARMS: Partial<Record<SimEvent, string>> = {
  panic: 'sos',
  harsh_braking: 'hardBraking',
  harsh_acceleration: 'hardAcceleration',
  overspeed: 'overspeed',
  power_cut: 'powerCut',
  power_restored: 'powerRestored',
  towing: 'tow',
};
const MAX_BATCH = 50;

/** The fix an OsmAnd-protocol app sends for a report. */
export function osmandFix(id: string, r: SimReport): OsmandFix {
  return {
    id,
    time: r.time,
    lat: r.lat,
    lon: r.lon,
    speed: r.speed,
    course: r.course,
    altitude: r.altitude,
    accuracy: 5,
    batt: 60 + (r.odometer % 40),
    ignition: r.ignition,
    alarm: r.event ? ALARMS[r.event] : undefined,
  };
}

export class OsmandDevice implements SimDevice {
  private readonly queue: SimReport[] = [];
  private busy = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private controller = new AbortController();
  delivered = 0;
  resends = 0;
  private readonly timings: DeviceTimings;

  constructor(
    private readonly id: string,
    private readonly url: string,
    private readonly log: IngestLog,
    timings?: Partial<DeviceTimings>,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  get pending(): number {
    return this.queue.length;
  }

  push(report: SimReport): void {
    this.queue.push(report);
    if (this.queue.length > this.timings.maxQueue)
      this.queue.splice(0, this.queue.length - this.timings.maxQueue);
    if (!this.busy && !this.retryTimer) void this.flush();
  }

  private fix(r: SimReport): OsmandFix {
    return osmandFix(this.id, r);
  }

  private async flush(): Promise<void> {
    if (this.stopped || this.busy || !this.queue.length) return;
    this.busy = true;
    const batch = this.queue.slice(0, MAX_BATCH);
    let ok = false;
    let status = 0;
    try {
      const signal = AbortSignal.any([
        this.controller.signal,
        AbortSignal.timeout(this.timings.ackTimeoutMs),
      ]);
      const res =
        batch.length === 1
          ? await fetch(`${this.url}/?${encodeOsmandQuery(this.fix(batch[0]))}`, {
              method: 'POST',
              signal,
            })
          : await fetch(this.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: encodeOsmandJson(batch.map((r) => this.fix(r))),
              signal,
            });
      status = res.status;
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch (err) {
      if (!this.stopped) this.log.debug({ deviceId: this.id, err }, 'sim: osmand request failed');
    }
    this.busy = false;
    if (this.stopped) return;
    if (ok) {
      this.queue.splice(0, batch.length);
      this.delivered += batch.length;
      void this.flush();
      return;
    }
    this.resends++;
    if (status === 403)
      this.log.warn({ deviceId: this.id }, 'sim: the gateway refused this device');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, this.timings.reconnectMs);
    this.retryTimer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.controller.abort();
  }
}
