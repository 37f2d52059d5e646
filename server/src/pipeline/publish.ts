// Stage 9: publish, after commit only. A `unit` message per unit whose live state a reader would
// see change (position, park state, ignition, or coming back online), with the fields of
// get_unit_list_full items (API.md §3); a `device_event` message per newly stored event.
import type { Bus, UnitUpdateMessage } from '../live/bus';
import type { DeviceEventType } from '../ingest/types';
import { isConnected, lastReport, liveState } from '../domain/connection';
import type { UnitInfo, UnitRuntime } from './runtime';
import type { StoredEvent } from './columns';
import type { LiveView } from './process';

const iso = (ms: number) => new Date(ms).toISOString();

export function unitMessage(info: UnitInfo, rt: UnitRuntime, now: number): UnitUpdateMessage {
  // Replayed or buffered history arrives now but is old: shown disconnected, not moving.
  const live = liveState(
    {
      serviceType: info.serviceType,
      fixTime: rt.hasFix ? rt.fixTime : null,
      serverTime: rt.serverTime,
      parkState: rt.parkState,
      speed: rt.speed,
    },
    now,
  );
  return {
    client_id: info.clientId,
    uid: info.uid,
    position: rt.hasFix
      ? {
          lat: rt.lat,
          lon: rt.lon,
          speed: Math.round(live.speed),
          direction: Math.round(rt.course),
          datetime: iso(rt.fixTime),
          ignition: rt.ignition,
        }
      : null,
    park_state: live.parkState,
    connected: live.connected,
  };
}

/** Whether a reader of the unit list would notice the change from `before` to `after`. */
export function unitChanged(
  info: UnitInfo,
  before: LiveView,
  after: UnitRuntime,
  now: number,
): boolean {
  return (
    before.fixTime !== after.fixTime ||
    before.hasFix !== after.hasFix ||
    before.parkState !== after.parkState ||
    before.ignition !== after.ignition ||
    !isConnected(
      info.serviceType,
      lastReport(before.hasFix ? before.fixTime : null, before.serverTime),
      now,
    )
  );
}

export function publishEvents(bus: Bus, events: StoredEvent[]): void {
  for (const e of events) {
    bus.publish('device_event', {
      client_id: Number(e.client_id),
      uid: Number(e.unit_id),
      id: Number(e.id),
      type: e.type as DeviceEventType,
      time: iso(Number(e.time)),
      lat: e.lat,
      lon: e.lon,
      speed: e.speed,
      ref: Number(e.ref),
    });
  }
}
