// The server's one clock (ARCHITECTURE.md §4). Logic reads the time here, never from Date.now():
// a start instant and a rate are settable (CLOCK_START, CLOCK_RATE), so tests run on a pinned
// scene and a demo can start anywhere in time; from that start, time flows at that rate.
//
// Timers that measure business time (trip expiry, jobs, the simulator's tick) go through
// `every`/`after`, so they keep pace with a clock that runs faster. Network timeouts (acks,
// idle sockets, retries) are about the machine's real seconds and stay on Node's own timers.

export interface ClockSettings {
  /** The instant the clock shows when it is set, epoch ms; the machine's time when undefined. */
  start?: number;
  /** Clock milliseconds per real millisecond (default 1; 0 stands still, for tests). */
  rate?: number;
}

export interface ClockTimer {
  cancel(): void;
}

export interface Clock {
  /** Epoch ms, UTC. */
  now(): number;
  readonly rate: number;
  /** Calls `fn` every `ms` of clock time. The timer does not keep the process alive. */
  every(ms: number, fn: () => void): ClockTimer;
  /** Calls `fn` once after `ms` of clock time. The timer does not keep the process alive. */
  after(ms: number, fn: () => void): ClockTimer;
}

/** Real-time source: the machine's clock at a reference point, then a monotonic timer. */
const realEpoch = Date.now();
const realOrigin = performance.now();
const realNow = () => realEpoch + (performance.now() - realOrigin);

/** Real milliseconds a timer of `ms` clock milliseconds waits; a stopped clock never fires. */
function realDelay(ms: number, rate: number): number | null {
  if (rate <= 0) return null;
  return Math.max(1, Math.round(ms / rate));
}

function timer(ms: number, fn: () => void, rate: number, repeat: boolean): ClockTimer {
  const delay = realDelay(ms, rate);
  if (delay === null) return { cancel() {} };
  const handle = repeat ? setInterval(fn, delay) : setTimeout(fn, delay);
  handle.unref();
  return { cancel: () => (repeat ? clearInterval(handle) : clearTimeout(handle)) };
}

export function createClock(settings: ClockSettings = {}): Clock {
  const rate = settings.rate ?? 1;
  if (!(Number.isFinite(rate) && rate >= 0)) throw new Error(`clock rate must be ≥ 0, got ${rate}`);
  const setAt = realNow();
  const start = settings.start ?? setAt;
  // Unset, it is the machine's clock itself, and follows it when the machine's time is corrected.
  const machine = settings.start === undefined && rate === 1;
  return {
    rate,
    now: machine ? () => Date.now() : () => Math.floor(start + (realNow() - setAt) * rate),
    every: (ms, fn) => timer(ms, fn, rate, true),
    after: (ms, fn) => timer(ms, fn, rate, false),
  };
}

let active: Clock = createClock();

/** The clock every part of the server reads. */
export function clock(): Clock {
  return active;
}

/** Now, epoch ms UTC, by the server's clock. */
export function now(): number {
  return active.now();
}

/** Sets the server's clock (at start from the configuration; tests pin their own scene). */
export function setClock(settings: ClockSettings): Clock {
  active = createClock(settings);
  return active;
}

/** Back to the machine's time at rate 1 (tests that set the clock undo it). */
export function resetClock(): void {
  active = createClock();
}

/**
 * CLOCK_START / CLOCK_RATE text → settings; throws a message naming the variable, so a server
 * with a bad setting stops before it writes anything.
 */
export function parseClockSettings(start: string | undefined, rate: string | undefined) {
  const settings: ClockSettings = {};
  if (start !== undefined && start.trim() !== '') {
    const text = start.trim();
    // ISO-8601 only: Date.parse also takes loose forms ("1", "March 7") that are surely typos.
    const iso =
      /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
    const at = iso.test(text) ? Date.parse(text.replace(' ', 'T')) : NaN;
    if (!Number.isFinite(at))
      throw new Error(
        `CLOCK_START must be a date and time such as 2026-03-02T10:00:00+02:00, got "${start}"`,
      );
    settings.start = at;
  }
  if (rate !== undefined && rate.trim() !== '') {
    const value = Number(rate.trim());
    if (!(Number.isFinite(value) && value > 0))
      throw new Error(`CLOCK_RATE must be a positive number, got "${rate}"`);
    settings.rate = value;
  }
  return settings;
}
