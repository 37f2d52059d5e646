// Units with a rule alert pushed over the live socket that the user has not looked at yet (issue 11:
// "the live map marks a unit with a new alert"). A mark lasts until the user opens that alert or the
// alert list; it is kept for this visit only, since the icon's count is the lasting record.
import { create } from 'zustand';

interface MarksState {
  /** uid → the raids pushed for it, oldest first. */
  byUnit: Record<number, number[]>;
}

export const useNewAlertMarks = create<MarksState>(() => ({ byUnit: {} }));

/** Marks `uid` with the pushed alert `raid`. */
export function markNewAlert(uid: number, raid: number): void {
  useNewAlertMarks.setState((s) => {
    const raids = s.byUnit[uid] ?? [];
    if (raids.includes(raid)) return s;
    return { byUnit: { ...s.byUnit, [uid]: [...raids, raid] } };
  });
}

/** The user opened this alert: its unit keeps a mark only for other unopened alerts. */
export function clearAlertMark(raid: number): void {
  useNewAlertMarks.setState((s) => {
    let changed = false;
    const byUnit: Record<number, number[]> = {};
    for (const [uid, raids] of Object.entries(s.byUnit)) {
      const left = raids.filter((r) => r !== raid);
      if (left.length !== raids.length) changed = true;
      if (left.length) byUnit[Number(uid)] = left;
    }
    return changed ? { byUnit } : s;
  });
}

/** The user opened the alert list: every mark goes. */
export function clearAllAlertMarks(): void {
  useNewAlertMarks.setState((s) => (Object.keys(s.byUnit).length ? { byUnit: {} } : s));
}

/** How many unopened pushed alerts `uid` has (0: no mark). */
export function useNewAlertCount(uid: number): number {
  return useNewAlertMarks((s) => s.byUnit[uid]?.length ?? 0);
}
