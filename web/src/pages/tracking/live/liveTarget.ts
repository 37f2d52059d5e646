// The /{type}/{id} of realtime and viewrealtime (SPEC §2): `unit` (or `uid`) selects one unit,
// `fleet` focuses a set of units given as a list of uids ("3,7,12"; any non-digit separates).
export interface LiveTarget {
  kind: 'unit' | 'fleet';
  uids: number[];
}

export function parseUidList(text: string | undefined): number[] {
  if (!text) return [];
  const uids = text
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(uids)];
}

export function parseLiveTarget(
  type: string | undefined,
  id: string | undefined,
): LiveTarget | null {
  const kind = type?.toLowerCase();
  const uids = parseUidList(id);
  if (!uids.length) return null;
  if (kind === 'unit' || kind === 'uid') return { kind: 'unit', uids: uids.slice(0, 1) };
  if (kind === 'fleet') return { kind: 'fleet', uids };
  return null;
}
