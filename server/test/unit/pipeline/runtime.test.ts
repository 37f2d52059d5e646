import { describe, expect, it } from 'vitest';
import { pipelineConfig } from '../../../src/pipeline/config';
import {
  displayAttributes,
  newRuntime,
  runtimeFromRow,
  type UnitStateRow,
} from '../../../src/pipeline/runtime';
import { INFO, T0 } from './records';

const cfg = pipelineConfig();
const row = (over: Partial<UnitStateRow>): UnitStateRow => ({
  unit_id: INFO.uid,
  client_id: INFO.clientId,
  fix_time: T0,
  server_time: T0 + 5000,
  lat: -26.1,
  lon: 28.05,
  speed: 0,
  course: 90,
  ignition: 0,
  motion: 0,
  park_state: 1,
  park_since: T0 - 60_000,
  odometer: 1234.5,
  engine_hours: 3600,
  power: 12.6,
  battery: 4.1,
  gsm: 4,
  driver_id: 9,
  attributes: '{}',
  ...over,
});

describe('runtime from unit_state', () => {
  it('takes the live state from the columns', () => {
    const rt = runtimeFromRow(INFO, row({}), null, cfg);
    expect(rt).toMatchObject({
      hasFix: true,
      fixTime: T0,
      serverTime: T0 + 5000,
      ignition: false,
      parkState: 1,
      odometer: 1234.5,
      engineSeconds: 3600,
      driverPid: 9,
    });
    expect(rt.seg.last).toEqual({ time: T0, lat: -26.1, lon: 28.05, speed: 0 });
  });

  it('re-derives the event memory, so a restart raises no transition twice', () => {
    expect(runtimeFromRow(INFO, row({ power: 0.2 }), null, cfg).powerOk).toBe(false);
    expect(runtimeFromRow(INFO, row({ power: 13 }), null, cfg).powerOk).toBe(true);
    expect(runtimeFromRow(INFO, row({ power: 7.5 }), null, cfg).powerOk).toBe(null);
    expect(runtimeFromRow(INFO, row({ battery: 3.2 }), null, cfg).lowBattery).toBe(true);
    expect(
      runtimeFromRow(INFO, row({ battery: null, attributes: '{"batteryLevel":80}' }), null, cfg)
        .lowBattery,
    ).toBe(false);
  });

  it('round-trips the values kept in unit_state.attributes', () => {
    const rt = newRuntime(INFO);
    rt.batteryLevel = 55;
    rt.inputs = 5;
    rt.satellites = 11;
    rt.driverTag = '01A2';
    const back = runtimeFromRow(INFO, row({ attributes: displayAttributes(rt) }), null, cfg);
    expect([back.batteryLevel, back.inputs, back.outputs, back.satellites, back.driverTag]).toEqual(
      [55, 5, null, 11, '01A2'],
    );
    expect(displayAttributes(newRuntime(INFO))).toBe('{}');
    expect(runtimeFromRow(INFO, row({ attributes: 'not json' }), null, cfg).batteryLevel).toBe(
      null,
    );
  });

  it('reads the rule memory back from its unit_rule_memory row', () => {
    const memory = '{"12":{"s":1000,"o":1,"e":0,"m":{"since":1000,"peak":131}}}';
    const rt = runtimeFromRow(INFO, row({}), memory, cfg);
    expect(rt.rules?.get(12)).toMatchObject({ s: 1000, open: true, e: 0, m: { peak: 131 } });
    // Remembered as written: the store writes the row again only when the memory differs.
    expect(rt.rulesWritten).toBe(memory);
    const none = runtimeFromRow(INFO, row({}), null, cfg);
    expect([none.rules, none.rulesWritten]).toEqual([null, '{}']);
    expect(runtimeFromRow(INFO, row({}), '[oops', cfg).rules).toBe(null);
  });

  it('has no position for a unit that only sent status records', () => {
    const rt = runtimeFromRow(INFO, row({ fix_time: 0, lat: 0, lon: 0 }), null, cfg);
    expect(rt.hasFix).toBe(false);
    expect(rt.seg.last).toBe(null);
  });
});
