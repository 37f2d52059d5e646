import type { UnitListItem } from '@fleet/common';

/** A connected large truck in Johannesburg heading east at `speed` km/h. */
export function makeUnit(uid: number, over: Partial<UnitListItem> = {}, speed = 50): UnitListItem {
  return {
    uid,
    name: `Truck ${uid}`,
    reg: `CA ${uid}`,
    icon_colour: 'red',
    icon_type: 0,
    vehicle_class_ref: 'large_truck',
    service_type: 'full',
    unit_type: 'Wired',
    active: 1,
    display: true,
    driver: null,
    last_disconnect: null,
    connected: true,
    park_state: speed > 0 ? 0 : 1,
    position: {
      lat: -26.2,
      lon: 28.04,
      speed,
      direction: 90,
      datetime: '2025-01-01T10:00:00Z',
      ignition: true,
    },
    tags: [],
    ...over,
  };
}
