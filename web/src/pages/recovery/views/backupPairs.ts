// Backup units beside their main units (issue 16 item 6): which main unit each backup belongs to,
// how far apart the two last fixes are, and when that distance means the main tracker may have been
// ripped out.
import { haversineMeters, type BackupUnit, type UnitListItem } from '@fleet/common';

/** Further apart than this (metres), the backup's vehicle and the main tracker have parted. */
export const FAR_FROM_MAIN_M = 1000;

export const isFarFromMain = (metres: number | null | undefined) =>
  typeof metres === 'number' && metres > FAR_FROM_MAIN_M;

export function formatDistance(metres: number | null | undefined): string {
  if (typeof metres !== 'number' || !Number.isFinite(metres)) return 'Unknown';
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(metres < 10_000 ? 1 : 0)} km`;
}

/** Metres between two units' last fixes, or null when either has none. */
export function distanceBetween(
  a: Pick<UnitListItem, 'position'> | undefined,
  b: Pick<UnitListItem, 'position'> | undefined,
): number | null {
  if (!a?.position || !b?.position) return null;
  return haversineMeters(a.position.lat, a.position.lon, b.position.lat, b.position.lon);
}

export interface BackupPair {
  /** the main unit's uid */
  main: number;
  main_name: string;
  backups: BackupUnit[];
}

/**
 * The main units the page shows, in the order asked: each uid of the address is a main unit, or a
 * backup unit standing for its main unit; a main unit the answer pairs with nothing still shows.
 */
export function backupPairs(asked: readonly number[], answer: readonly BackupUnit[]): BackupPair[] {
  const pairs = new Map<number, BackupPair>();
  const add = (main: number, name: string) => {
    if (!pairs.has(main)) pairs.set(main, { main, main_name: name, backups: [] });
    return pairs.get(main)!;
  };
  const backupOf = new Map(answer.map((b) => [b.uid, b]));
  for (const uid of asked) {
    const asBackup = backupOf.get(uid);
    if (asBackup) add(asBackup.backup_of, asBackup.main_name);
    else add(uid, '');
  }
  for (const b of answer) {
    const pair = add(b.backup_of, b.main_name);
    if (!pair.main_name) pair.main_name = b.main_name;
    if (!pair.backups.some((x) => x.uid === b.uid)) pair.backups.push(b);
  }
  return [...pairs.values()];
}
