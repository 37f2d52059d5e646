// Device identifiers → provisioned units, and driver tags → people, cached so the hot path does
// not query per record. A client's driver tags are read at once (one query a client, compared by
// tagKey: trackers and records spell a key differently) and dropped when its people change
// (people_changed on the bus) or after the unit TTL. A miss is asked of the database again after a short negative TTL, so a
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
import { PERSON_ROLE_DELETED } from '@fleet/common';
import { tagKey } from '../domain/driver-tags';

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
  /** Per client: people.pid by tagKey of their driver tag. */
  private readonly drivers = new Map<number, Entry<Map<string, number>>>();
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

  /**
   * A client's people changed (a driver tag, a person deleted, a unit's default driver): its tags
   * are read again, and so are its units (UnitInfo carries the default driver).
   */
  invalidateClient(clientId: number): void {
    this.drivers.delete(clientId);
    this.invalidateUnitsOf(clientId);
  }

  /** A client's units are read again (UnitInfo carries the client's chase_up flag). */
  invalidateUnitsOf(clientId: number): void {
    for (const [id, e] of this.devices) if (e.value?.clientId === clientId) this.devices.delete(id);
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
        .leftJoin('clients', 'clients.cid', 'units.client_id')
        .select([
          'units.uid',
          'units.client_id',
          'units.service_type',
          'units.driver_id',
          'units.device_id',
          'units.device_model',
          'clients.chase_up',
        ])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('remotes')
                .select('remotes.id')
                .whereRef('remotes.unit_id', '=', 'units.uid'),
            )
            .as('remote'),
        )
        .where('units.device_id', 'in', chunk)
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
              remote: Boolean(r.remote),
              chaseUp: r.chase_up !== 0,
              model: r.device_model,
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

  /**
   * people.pid of a driver tag within a client: null when no person of the client has it,
   * undefined when the client's tags are not loaded (see loadDrivers).
   */
  driverPid(clientId: number, tag: string): number | null | undefined {
    const e = this.drivers.get(clientId);
    if (!e || e.expires <= this.clock()) return undefined;
    return e.value.get(tagKey(tag)) ?? null;
  }

  /** Reads the driver tags of the clients not loaded, one query a client. */
  async loadDrivers(clients: Iterable<number>): Promise<void> {
    for (const clientId of clients) {
      const e = this.drivers.get(clientId);
      if (e && e.expires > this.clock()) continue;
      const rows = await this.db
        .selectFrom('people')
        .select(['pid', 'driver_tag', 'roles'])
        .where('client_id', '=', clientId)
        .where('driver_tag', 'is not', null)
        .orderBy('pid')
        .execute();
      const byKey = new Map<string, number>();
      for (const r of rows) {
        // A deleted person (role 11) identifies no one; the first of a (legacy) duplicate wins.
        if (!r.driver_tag || hasRole(r.roles, PERSON_ROLE_DELETED)) continue;
        const key = tagKey(r.driver_tag);
        if (!byKey.has(key)) byKey.set(key, r.pid);
      }
      this.drivers.set(clientId, { value: byKey, expires: this.clock() + this.cfg.unitCacheTtlMs });
    }
  }
}

function hasRole(roles: string, code: number): boolean {
  try {
    const list: unknown = JSON.parse(roles);
    return Array.isArray(list) && list.includes(code);
  } catch {
    return false;
  }
}
