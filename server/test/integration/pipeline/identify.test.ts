// Device identification: provisioned units are accepted, unknown identifiers refused and listed.
import { afterEach, describe, expect, it } from 'vitest';
import { count, createHarness, fix, T0, type Harness, MODES } from './harness';

const KNOWN = '356307042441031';
const NEW = '356307042441032';
let h: Harness;

afterEach(async () => {
  await h?.close();
});

describe.each(MODES)('identify (%s)', (mode) => {
  it('accepts provisioned devices and lists unknown ones in unit_issues', async () => {
    h = await createHarness([KNOWN], mode);
    expect(await h.pipeline.identify('teltonika', KNOWN, '10.0.0.5')).toBe(true);
    expect(await h.pipeline.identify('teltonika', NEW, '10.0.0.9')).toBe(false);
    h.now += 30_000;
    expect(await h.pipeline.identify('teltonika', NEW, '10.0.0.10')).toBe(false);
    expect(await h.pipeline.identify('gt06', NEW, '10.0.0.11')).toBe(false);
    const issues = await h.handle.db
      .selectFrom('unit_issues')
      .selectAll()
      .orderBy('protocol')
      .execute();
    expect(issues.map((i) => [i.device_id, i.protocol, i.count, i.remote_address])).toEqual([
      [NEW, 'gt06', 1, '10.0.0.11'],
      [NEW, 'teltonika', 2, '10.0.0.10'],
    ]);
    expect(issues[1].first_seen).toBe(T0);
    expect(issues[1].last_seen).toBe(T0 + 30_000);
  });

  it('learns about a unit provisioned later: at once after invalidate, or when the refusal expires', async () => {
    h = await createHarness([KNOWN], mode);
    expect(await h.pipeline.identify('teltonika', NEW, '10.0.0.9')).toBe(false);
    await h.addUnit(NEW);
    // Within the short negative cache the refusal stands (no query per connection attempt)...
    expect(await h.pipeline.identify('teltonika', NEW, '10.0.0.9')).toBe(false);
    // ...and ends with it.
    h.now += h.pipeline.config.unknownCacheTtlMs + 1;
    expect(await h.pipeline.identify('teltonika', NEW, '10.0.0.9')).toBe(true);

    const OTHER = '356307042441033';
    expect(await h.pipeline.identify('teltonika', OTHER, '10.0.0.9')).toBe(false);
    await h.addUnit(OTHER);
    h.pipeline.invalidate(OTHER);
    expect(await h.pipeline.identify('teltonika', OTHER, '10.0.0.9')).toBe(true);
  });

  it('acknowledges but does not store records of a device that is not provisioned', async () => {
    h = await createHarness([KNOWN], mode);
    await h.pipeline.submit([fix(NEW, T0, -26.1, 28.05, 0), fix(KNOWN, T0, -26.1, 28.05, 0)]);
    expect(await count(h, 'positions')).toBe(1);
    expect(h.pipeline.stats.unknown).toBe(1);
  });
});
