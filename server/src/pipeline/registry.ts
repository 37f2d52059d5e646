// Device identifiers → provisioned units, and driver tags → people, cached so the hot path does
// not query per record. A miss is asked of the database again after a short negative TTL, so a
// unit provisioned later is found without a restart; invalidate() forgets at once (called when a
// support user attaches or moves a device). Unknown identifiers are refused and listed in
// unit_issues for the provider to provision (API.md §6).
// Identifications that miss the cache at the same time (every device reconnecting after a restart)
// share one query: a query each would queue a thousand waiters on the single SQLite connection,
// whose lock wakes every waiter on each release.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Protocol } from '../ingest/types';
import type { PipelineConfig } from './config';
import type { UnitInfo } from './runtime';
import { now as clockNow } from '../clock';

interface Entry<T> {
  value: T;
  expires: number;
}

interface Waiter {
  resolve(info: UnitInfo | null): void;
  reject(err: unknown): void;
}

const IN_CHUNK = 500;

export class UnitRegistry {
  private readonly devices = new Map<string, Entry<UnitInfo | null>>();
  private readonly drivers = new Map<string, Entry<number | null>>();
  /** Identifications waiting for the next shared lookup, by device id. */
  private waiting = new Map<string, Waiter[]>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cfg: PipelineConfig,
    private readonly clock: () => number = clockNow,
  ) {}

  invalidate(deviceId?: string): void {
    if (deviceId === undefined) {
      this.devices.clear();
      this.drivers.clear();
    } else this.devices.delete(deviceId);
  }

  /** The cached unit of a device, without asking the database (undefined: not cached or stale). */
  cached(deviceId: string): UnitInfo | null | undefined {
    const e = this.devices.get(deviceId);
    return e && e.expires > this.clock() ? e.value : undefined;
  }

  /** Units of many devices: cached ones at once, the rest in one query per chunk. */
  async lookupMany(deviceIds: Iterable<string>): Promise<Map<string, UnitInfo | null>> {
    const out = new Map<string, UnitInfo | null>();
    const missing: string[] = [];
    for (const id of deviceIds) {
      const hit = this.cached(id);
      if (hit === undefined) missing.push(id);
      else out.set(id, hit);
    }
    for (let i = 0; i < missing.length; i += IN_CHUNK) {
      const chunk = missing.slice(i, i + IN_CHUNK);
      const rows = await this.db
        .selectFrom('units')
        .select(['uid', 'client_id', 'service_type', 'driver_id', 'device_id'])
        .where('device_id', 'in', chunk)
        .execute();
      const now = this.clock();
      const found = new Map(rows.map((r) => [r.device_id!, r]));
      for (const id of chunk) {
        const r = found.get(id);
        const info: UnitInfo | null = r
          ? {
              uid: r.uid,
              clientId: r.client_id,
              serviceType: r.service_type,
              driverId: r.driver_id,
            }
          : null;
        const ttl = info ? this.cfg.unitCacheTtlMs : this.cfg.unknownCacheTtlMs;
        this.devices.set(id, { value: info, expires: now + ttl });
        out.set(id, info);
      }
    }
    return out;
  }

  /** The unit of one device; misses of the same moment are looked up together. */
  lookup(deviceId: string): Promise<UnitInfo | null> {
    const hit = this.cached(deviceId);
    if (hit !== undefined) return Promise.resolve(hit);
    return new Promise((resolve, reject) => {
      if (!this.waiting.size) queueMicrotask(() => void this.lookupWaiting());
      const list = this.waiting.get(deviceId);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(deviceId, [{ resolve, reject }]);
    });
  }

  private async lookupWaiting(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.lookupMany(waiting.keys());
      for (const [id, list] of waiting) for (const w of list) w.resolve(found.get(id) ?? null);
    } catch (err) {
      for (const list of waiting.values()) for (const w of list) w.reject(err);
    }
  }

  async identify(protocol: Protocol, deviceId: string, remoteAddress: string): Promise<boolean> {
    if (await this.lookup(deviceId)) return true;
    const now = this.clock();
    await this.db
      .insertInto('unit_issues')
      .values({
        device_id: deviceId,
        protocol,
        remote_address: remoteAddress,
        first_seen: now,
        last_seen: now,
        count: 1,
      })
      .onConflict((oc) =>
        oc.columns(['device_id', 'protocol']).doUpdateSet((eb) => ({
          last_seen: now,
          remote_address: remoteAddress,
          count: eb('unit_issues.count', '+', 1),
        })),
      )
      .execute();
    return false;
  }

  private driverKey(clientId: number, tag: string): string {
    return `${clientId}:${tag}`;
  }

  /** people.pid of a driver tag within a client: undefined when not looked up yet (see loadDrivers). */
  driverPid(clientId: number, tag: string): number | null | undefined {
    const e = this.drivers.get(this.driverKey(clientId, tag));
    return e && e.expires > this.clock() ? e.value : undefined;
  }

  /** Looks up the tags not cached, one query per client. */
  async loadDrivers(wanted: Map<number, Set<string>>): Promise<void> {
    for (const [clientId, tags] of wanted) {
      const missing = [...tags].filter((t) => this.driverPid(clientId, t) === undefined);
      if (!missing.length) continue;
      const rows = await this.db
        .selectFrom('people')
        .select(['pid', 'driver_tag'])
        .where('client_id', '=', clientId)
        .where('driver_tag', 'in', missing)
        .execute();
      const now = this.clock();
      const found = new Map(rows.map((r) => [r.driver_tag!, r.pid]));
      for (const tag of missing) {
        const pid = found.get(tag) ?? null;
        const ttl = pid === null ? this.cfg.unknownCacheTtlMs : this.cfg.unitCacheTtlMs;
        this.drivers.set(this.driverKey(clientId, tag), { value: pid, expires: now + ttl });
      }
    }
  }
}
