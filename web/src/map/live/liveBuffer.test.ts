import { describe, expect, it } from 'vitest';
import { LiveBuffer, type BufferClock } from './liveBuffer';

interface Update {
  uid: number;
  speed?: number;
  lat?: number;
}

/** A clock the test moves by hand, running due timers in order. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const clock: BufferClock & { advance(ms: number): void } = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
  };
  return clock;
}

function setup(options: { msPerUpdate?: number } = {}) {
  const clock = fakeClock();
  const batches: Update[][] = [];
  const buffer = new LiveBuffer<Update>({
    clock,
    msPerUpdate: options.msPerUpdate,
    onFlush: (batch) => batches.push(batch),
  });
  return { clock, batches, buffer };
}

describe('LiveBuffer', () => {
  it('delivers the first update at once and merges later ones by uid, later fields winning', () => {
    const { clock, batches, buffer } = setup();
    buffer.push([{ uid: 1, speed: 10, lat: -26 }]);
    clock.advance(0);
    expect(batches).toEqual([[{ uid: 1, speed: 10, lat: -26 }]]);

    buffer.push([
      { uid: 1, speed: 20 },
      { uid: 2, speed: 5 },
    ]);
    buffer.push([{ uid: 1, speed: 30 }]);
    expect(buffer.pending).toBe(2);
    clock.advance(249);
    expect(batches).toHaveLength(1);
    clock.advance(1);
    expect(batches[1]).toEqual([
      { uid: 1, speed: 30 },
      { uid: 2, speed: 5 },
    ]);
  });

  it('flushes at most four times a second however fast updates arrive', () => {
    const clock = fakeClock();
    const times: number[] = [];
    const buffer = new LiveBuffer<Update>({ clock, onFlush: () => times.push(clock.now()) });
    for (let t = 0; t < 2000; t += 10) {
      buffer.push([{ uid: t % 7, speed: t }]);
      clock.advance(10);
    }
    // 0, 250, ... 2000 ms: nine flushes in two seconds, never two within 250 ms.
    expect(times.length).toBe(9);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(250);
  });

  it('slows its tick for big batches, up to once a second', () => {
    const { clock, batches, buffer } = setup();
    const fleet = Array.from({ length: 5000 }, (_, i) => ({ uid: i, speed: 1 }));
    buffer.push(fleet);
    clock.advance(0);
    expect(buffer.intervalMs).toBe(1000);
    buffer.push([{ uid: 1, speed: 2 }]);
    clock.advance(999);
    expect(batches).toHaveLength(1);
    clock.advance(1);
    expect(batches).toHaveLength(2);
    expect(buffer.intervalMs).toBe(250);
  });

  it('paces itself by the fleet on the map when updates arrive a few at a time', () => {
    const clock = fakeClock();
    const times: number[] = [];
    const buffer = new LiveBuffer<Update>({
      clock,
      fleetSize: () => 5000,
      onFlush: () => times.push(clock.now()),
    });
    // 5,000 units reporting once a second, in slices of 50 every 10 ms.
    for (let t = 0; t < 3000; t += 10) {
      buffer.push(Array.from({ length: 50 }, (_, i) => ({ uid: (t / 10) * 50 + i, speed: 1 })));
      clock.advance(10);
    }
    expect(times).toEqual([0, 1000, 2000, 3000]);
  });

  it('slows its tick when a flush costs main-thread time', () => {
    const clock = fakeClock();
    let spent = 0;
    const buffer = new LiveBuffer<Update>({
      clock: { ...clock, now: () => clock.now() + spent },
      onFlush: () => {
        spent += 60;
      },
    });
    buffer.push([{ uid: 1 }]);
    clock.advance(0);
    expect(buffer.intervalMs).toBe(600);
  });

  it('drops what is pending once disposed', () => {
    const { clock, batches, buffer } = setup();
    buffer.push([{ uid: 1 }]);
    buffer.dispose();
    clock.advance(1000);
    buffer.push([{ uid: 2 }]);
    clock.advance(1000);
    expect(batches).toEqual([]);
  });
});
