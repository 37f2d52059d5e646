import type { TripPoint } from '@fleet/common';
import { buildTrack, positionAt, type Track, type TrackPosition } from './track';

/** Replay speeds offered, from real time to 300 times faster. */
export const REPLAY_SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 300] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** Frame source; tests pass a fake one, the app uses requestAnimationFrame. */
export interface FrameClock {
  now(): number;
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrameClock: FrameClock = {
  now: () => performance.now(),
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export interface ReplayState {
  playing: boolean;
  speed: number;
  /** Trip time shown, epoch ms. */
  time: number;
  start: number;
  end: number;
  /** 0 at the first fix, 1 at the last. */
  progress: number;
  position: TrackPosition | null;
}

/**
 * Replays a trip by time, not by fix (STYLE.md: traccar-web stepped one point every 500 ms): each
 * frame advances trip time by the wall time elapsed × speed and interpolates between fixes, so
 * motion is smooth at any speed and a trip takes its real duration / speed to play.
 */
export class ReplayController {
  private readonly track: Track;
  private readonly clock: FrameClock;
  private readonly listeners = new Set<() => void>();
  private frame: number | null = null;
  private lastWall = 0;
  private state: ReplayState;

  constructor(points: readonly TripPoint[], options: { clock?: FrameClock; speed?: number } = {}) {
    this.track = buildTrack(points);
    this.clock = options.clock ?? animationFrameClock;
    const start = this.track.times[0] ?? 0;
    const end = this.track.times[this.track.times.length - 1] ?? 0;
    this.state = {
      playing: false,
      speed: clampSpeed(options.speed ?? 10),
      time: start,
      start,
      end,
      progress: 0,
      position: positionAt(this.track, start),
    };
  }

  getState = (): ReplayState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Fixes the replay runs over, sorted by time. */
  get points(): readonly TripPoint[] {
    return this.track.points;
  }

  play(): void {
    if (this.state.playing || this.track.points.length === 0) return;
    // Play at the end starts over, as a media player does.
    const time = this.state.time >= this.state.end ? this.state.start : this.state.time;
    this.set({ playing: true, time });
    this.lastWall = this.clock.now();
    this.schedule();
  }

  pause(): void {
    if (!this.state.playing) return;
    this.cancelFrame();
    this.set({ playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.set({ speed: clampSpeed(speed) });
  }

  /** Jumps to a trip time (epoch ms), clamped to the trip. */
  seek(time: number): void {
    this.set({ time: Math.min(this.state.end, Math.max(this.state.start, time)) });
  }

  /** Jumps to a share of the trip, 0 to 1. */
  seekFraction(fraction: number): void {
    this.seek(this.state.start + (this.state.end - this.state.start) * fraction);
  }

  destroy(): void {
    this.cancelFrame();
    this.listeners.clear();
  }

  private tick = (): void => {
    this.frame = null;
    if (!this.state.playing) return;
    const wall = this.clock.now();
    const elapsed = Math.max(0, wall - this.lastWall);
    this.lastWall = wall;
    const time = Math.min(this.state.end, this.state.time + elapsed * this.state.speed);
    const finished = time >= this.state.end;
    this.set({ time, playing: !finished });
    if (!finished) this.schedule();
  };

  private schedule(): void {
    this.frame = this.clock.request(this.tick);
  }

  private cancelFrame(): void {
    if (this.frame !== null) this.clock.cancel(this.frame);
    this.frame = null;
  }

  private set(patch: Partial<ReplayState>): void {
    // Nothing changed: no new state object, so subscribed components do not re-render.
    const keys = Object.keys(patch) as (keyof ReplayState)[];
    if (keys.every((key) => Object.is(patch[key], this.state[key]))) return;
    const next = { ...this.state, ...patch };
    const span = next.end - next.start;
    next.progress = span > 0 ? (next.time - next.start) / span : next.time >= next.end ? 1 : 0;
    next.position = positionAt(this.track, next.time);
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(REPLAY_SPEEDS[REPLAY_SPEEDS.length - 1], Math.max(REPLAY_SPEEDS[0], speed));
}
