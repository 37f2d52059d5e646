// The server's one clock: a settable start and rate, timers in clock time, and settings that
// refuse bad text before the server writes anything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock, now, parseClockSettings, resetClock, setClock } from '../../../src/clock';
import { loadConfig, REPO_ROOT } from '../../../src/config';

const SCENE = Date.parse('2026-03-02T10:00:00+02:00');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => resetClock());

describe('clock', () => {
  it('starts at the set instant and flows at the set rate', async () => {
    const still = createClock({ start: SCENE, rate: 0 });
    const fast = createClock({ start: SCENE, rate: 1000 });
    await sleep(50);
    expect(still.now()).toBe(SCENE);
    // 50 ms of real time at 1000× is 50 s of clock time (timers are never early).
    expect(fast.now() - SCENE).toBeGreaterThanOrEqual(49_000);
    expect(fast.now() - SCENE).toBeLessThan(5 * 60_000);
  });

  it('is the machine clock when nothing is set', () => {
    const before = Date.now();
    const t = createClock().now();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });

  it('is what now() reads once set, for every module', () => {
    setClock({ start: SCENE, rate: 0 });
    expect(now()).toBe(SCENE);
    resetClock();
    expect(Math.abs(now() - Date.now())).toBeLessThan(1000);
  });

  it('runs timers in clock time: a minute at 600× fires after about 100 ms', async () => {
    const clock = createClock({ start: SCENE, rate: 600 });
    let ticks = 0;
    const every = clock.every(60_000, () => ticks++);
    let fired = false;
    clock.after(60_000, () => (fired = true));
    await sleep(450);
    every.cancel();
    expect(fired).toBe(true);
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(ticks).toBeLessThanOrEqual(5);
    // A stopped clock never fires.
    const still = createClock({ start: SCENE, rate: 0 });
    let stillFired = false;
    still.after(1, () => (stillFired = true));
    await sleep(30);
    expect(stillFired).toBe(false);
  });
});

describe('CLOCK_START and CLOCK_RATE', () => {
  it('take ISO-8601 instants and positive rates', () => {
    expect(parseClockSettings('2026-03-02T10:00:00+02:00', '60')).toEqual({
      start: SCENE,
      rate: 60,
    });
    expect(parseClockSettings('2026-03-02T08:00:00Z', undefined)).toEqual({ start: SCENE });
    expect(parseClockSettings(undefined, '0.5')).toEqual({ rate: 0.5 });
    expect(parseClockSettings('', '')).toEqual({});
    expect(loadConfig({ CLOCK_START: '2026-03-02T10:00:00+02:00' }).clock).toEqual({
      start: SCENE,
    });
  });

  it.each(['yesterday', '2026-13-45T10:00:00Z', '1', 'March 7'])(
    'refuse CLOCK_START=%s, naming the variable',
    (text) => {
      expect(() => loadConfig({ CLOCK_START: text })).toThrow(
        `CLOCK_START must be a date and time such as 2026-03-02T10:00:00+02:00, got "${text}"`,
      );
    },
  );

  it.each(['0', '-2', 'fast', 'Infinity'])('refuse CLOCK_RATE=%s, naming the variable', (text) => {
    expect(() => loadConfig({ CLOCK_RATE: text })).toThrow(
      `CLOCK_RATE must be a positive number, got "${text}"`,
    );
  });

  it('stop the server at start with the message, before anything is written', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-clock-'));
    try {
      const run = spawnSync(
        path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
        ['--conditions=source', path.join(REPO_ROOT, 'server/src/main.ts')],
        {
          env: { ...process.env, DATA_DIR: dataDir, CLOCK_START: 'tomorrow', PORT: '0' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('CLOCK_START must be a date and time');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
