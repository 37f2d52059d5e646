// SPEC §4: each trip item's display flag, toggled one by one or set for all of a unit. The flags
// are kept per unit while the page is open, so going to another unit and back keeps its choices.
// A hidden entry stays in the list (and in the totals); only the map leaves it out.
import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

export interface TripDisplay {
  /** Ids of the current unit's entries not drawn on the map. */
  hidden: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Shows (or hides) every entry of `ids` at once. */
  setAll: (ids: readonly number[], shown: boolean) => void;
}

export function useTripDisplay(uid: number | null): TripDisplay {
  const [byUnit, setByUnit] = useState<ReadonlyMap<number, ReadonlySet<number>>>(new Map());
  const change = useCallback(
    (next: (hidden: ReadonlySet<number>) => ReadonlySet<number>) => {
      if (uid === null) return;
      setByUnit((current) => new Map(current).set(uid, next(current.get(uid) ?? NONE)));
    },
    [uid],
  );
  const toggle = useCallback(
    (id: number) =>
      change((hidden) => {
        const next = new Set(hidden);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [change],
  );
  const setAll = useCallback(
    (ids: readonly number[], shown: boolean) =>
      change((hidden) => {
        const next = new Set(hidden);
        for (const id of ids) {
          if (shown) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
    [change],
  );
  return { hidden: (uid !== null && byUnit.get(uid)) || NONE, toggle, setAll };
}
