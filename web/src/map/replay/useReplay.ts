import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { TripPoint } from '@fleet/common';
import { ReplayController, type FrameClock, type ReplayState } from './replayController';

/**
 * A ReplayController for `points` (rebuilt when the array changes) and its state, re-rendering the
 * caller on every frame while playing. Pass `state` to ReplayLayer and the controller to
 * ReplayControls. `speed` is the starting speed; change it with controller.setSpeed.
 */
export function useReplay(
  points: readonly TripPoint[],
  options: { clock?: FrameClock; speed?: number } = {},
): { controller: ReplayController; state: ReplayState } {
  const { clock } = options;
  const initialSpeed = useRef(options.speed);
  const controller = useMemo(
    () => new ReplayController(points, { clock, speed: initialSpeed.current }),
    [points, clock],
  );
  useEffect(() => () => controller.destroy(), [controller]);
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getState,
    controller.getState,
  );
  return { controller, state };
}
