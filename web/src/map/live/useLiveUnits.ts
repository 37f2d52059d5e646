import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnitListItem } from '@fleet/common';
import { LiveBuffer, type LiveBufferOptions } from './liveBuffer';
import { mergeUnitUpdates, type UnitUpdate } from './mergeUnitUpdates';

export interface LiveUnits {
  /** The unit list with every flushed update applied; feed it to UnitsLayer. */
  units: UnitListItem[];
  /** Hand the `units` array of each /api/live message here; it reaches `units` on the next tick. */
  push: (updates: readonly UnitUpdate[]) => void;
}

/**
 * Holds the realtime unit list: `initial` is the HTTP list (get_unit_list_full) and replaces the
 * state whenever it changes (first load, re-sync after the socket closed); socket updates go
 * through a LiveBuffer so the map sees at most a few merged batches a second.
 */
export function useLiveUnits(
  initial: UnitListItem[],
  options: Omit<LiveBufferOptions<UnitUpdate>, 'onFlush' | 'fleetSize'> = {},
): LiveUnits {
  const [units, setUnits] = useState<UnitListItem[]>(initial);
  const bufferRef = useRef<LiveBuffer<UnitUpdate> | null>(null);
  // The buffer paces itself by the fleet on the map, not only by the batch it holds.
  const sizeRef = useRef(units.length);
  sizeRef.current = units.length;
  const { minIntervalMs, maxIntervalMs, budget, msPerUpdate, clock } = options;

  useEffect(() => {
    setUnits(initial);
  }, [initial]);

  useEffect(() => {
    const buffer = new LiveBuffer<UnitUpdate>({
      onFlush: (batch) => setUnits((previous) => mergeUnitUpdates(previous, batch)),
      minIntervalMs,
      maxIntervalMs,
      budget,
      msPerUpdate,
      fleetSize: () => sizeRef.current,
      clock,
    });
    bufferRef.current = buffer;
    return () => {
      buffer.dispose();
      bufferRef.current = null;
    };
  }, [minIntervalMs, maxIntervalMs, budget, msPerUpdate, clock]);

  const push = useCallback((updates: readonly UnitUpdate[]) => {
    bufferRef.current?.push(updates);
  }, []);

  return { units, push };
}
