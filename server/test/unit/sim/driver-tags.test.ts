// Simulated drivers (issue 12): a demo vehicle with an iButton reader reports its driver's key
// while the ignition is on (Teltonika IO 78), without drawing anything its seed did not draw.
import { seededRandom } from '@fleet/common';
import { describe, expect, it } from 'vitest';
import { DEMO_DRIVER_TAGS, DEMO_PEOPLE, DEMO_UNITS } from '../../../src/demo/data';
import { recordsOf } from '../../../src/sim/history';
import { seedFor } from '../../../src/sim/random';
import { STEP_MS, Vehicle, type SimReport } from '../../../src/sim/vehicle';

const START = Date.UTC(2026, 10, 23, 4, 0, 0);
const HOME = { deviceId: '356307042440001', lat: -26.2041, lon: 28.0473 };

function run(driverTag?: string): SimReport[] {
  const v = new Vehicle({ ...HOME, driverTag }, seededRandom(seedFor(1, HOME.deviceId)), START);
  const out: SimReport[] = [];
  for (let i = 0; i < 86_400_000 / STEP_MS; i++) {
    const r = v.step();
    if (r) out.push(r);
  }
  return out;
}

describe('simulated drivers', () => {
  it('report the key while the ignition is on, and drive exactly as without it', () => {
    const plain = run();
    const tagged = run('0000A1B2C305');
    expect(tagged.map(({ driverTag: _t, ...r }) => r)).toEqual(plain);
    expect(tagged.some((r) => r.ignition)).toBe(true);
    for (const r of tagged) expect(r.driverTag).toBe(r.ignition ? '0000A1B2C305' : undefined);
  });

  it('reach the pipeline as the driver id a Teltonika gateway decodes from IO 78', () => {
    const reports = run('0000A1B2C305').filter((r) => r.ignition);
    const records = recordsOf(HOME.deviceId, 'teltonika', reports.slice(0, 3));
    expect(records.map((r) => r.driverId)).toEqual(Array(3).fill('00000000A1B2C305'));
  });

  it('are the tags of demo drivers on Teltonika units, and one tag that is nobody’s', () => {
    const tags = new Set(DEMO_PEOPLE.map((p) => p.driver_tag));
    const units = Object.entries(DEMO_DRIVER_TAGS);
    expect(units.every(([i]) => DEMO_UNITS[Number(i)].protocol === 'teltonika')).toBe(true);
    expect(units.filter(([, tag]) => !tags.has(tag))).toHaveLength(1);
  });
});
