import { describe, expect, it } from 'vitest';
import type { TripPoint } from '@fleet/common';
import { ReplayController, REPLAY_SPEEDS, type FrameClock } from './replayController';

/** Frames run only when the test steps the clock. */
function manualClock() {
  let now = 0;
  let pending: (() => void) | null = null;
  const clock: FrameClock & { step(ms: number): void } = {
    now: () => now,
    request: (cb) => {
      pending = cb;
      return 1;
    },
    cancel: () => {
      pending = null;
    },
    step(ms: number) {
      now += ms;
      const cb = pending;
      pending = null;
      cb?.();
    },
  };
  return clock;
}

// A 10-minute trip due east.
const start = Date.UTC(2025, 0, 1, 8, 0, 0);
const points: TripPoint[] = Array.from({ length: 11 }, (_, i) => ({
  lat: -26,
  lon: 28 + i * 0.01,
  speed: 60,
  direction: 90,
  datetime: new Date(start + i * 60_000).toISOString(),
}));

describe('ReplayController', () => {
  it('advances trip time by wall time × speed on each frame', () => {
    const clock = manualClock();
    const replay = new ReplayController(points, { clock, speed: 10 });
    replay.play();
    clock.step(1000);
    expect(replay.getState().time - start).toBe(10_000);
    clock.step(500);
    expect(replay.getState().time - start).toBe(15_000);
    expect(replay.getState().position!.lon).toBeCloseTo(28.0025, 6);
  });

  it('plays a 10-minute trip in 2 s at 300× and stops at the last fix', () => {
    const clock = manualClock();
    const replay = new ReplayController(points, { clock, speed: 300 });
    replay.play();
    for (let i = 0; i < 10; i++) clock.step(250);
    const state = replay.getState();
    expect(state.playing).toBe(false);
    expect(state.progress).toBe(1);
    expect(state.position!.lon).toBeCloseTo(28.1, 9);
  });

  it('stands still while paused and resumes where it was', () => {
    const clock = manualClock();
    const replay = new ReplayController(points, { clock, speed: 1 });
    replay.play();
    clock.step(2000);
    replay.pause();
    clock.step(5000);
    expect(replay.getState().time - start).toBe(2000);
    replay.play();
    clock.step(1000);
    expect(replay.getState().time - start).toBe(3000);
  });

  it('seeks within the trip and tells subscribers', () => {
    const replay = new ReplayController(points, { clock: manualClock() });
    let calls = 0;
    replay.subscribe(() => calls++);
    replay.seekFraction(0.5);
    expect(replay.getState().time - start).toBe(300_000);
    expect(replay.getState().position!.lon).toBeCloseTo(28.05, 9);
    replay.seek(start - 1e9);
    expect(replay.getState().progress).toBe(0);
    expect(calls).toBe(2);
  });

  it('offers 1× to 300× and keeps speeds within them', () => {
    expect(REPLAY_SPEEDS[0]).toBe(1);
    expect(REPLAY_SPEEDS[REPLAY_SPEEDS.length - 1]).toBe(300);
    const replay = new ReplayController(points, { clock: manualClock() });
    replay.setSpeed(1000);
    expect(replay.getState().speed).toBe(300);
    replay.setSpeed(0);
    expect(replay.getState().speed).toBe(1);
  });

  it('starts over when play is pressed at the end', () => {
    const clock = manualClock();
    const replay = new ReplayController(points, { clock });
    replay.seekFraction(1);
    replay.play();
    expect(replay.getState().time).toBe(start);
    expect(replay.getState().playing).toBe(true);
  });
});

describe('ReplayController notifications', () => {
  it('does not notify when a seek lands where the replay already is', () => {
    const replay = new ReplayController(points, {
      clock: { now: () => 0, request: () => 0, cancel: () => undefined },
    });
    replay.seekFraction(0.25);
    let calls = 0;
    replay.subscribe(() => calls++);
    const before = replay.getState();
    replay.seekFraction(0.25);
    expect(calls).toBe(0);
    expect(replay.getState()).toBe(before);
  });
});
