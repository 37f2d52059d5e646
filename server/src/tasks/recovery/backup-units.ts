// Backup units (issue 16 item 6; SPEC §3 backup units, §7 get_backup_unit_data): a vehicle's
// second, hidden tracker (service type Backup) that names the vehicle's main unit (units.backup_of),
// so the desk can follow a vehicle whose main tracker was ripped out. Stealth units keep their own
// task (get_stealth_unit_data in tasks/units.ts).
import { haversineMeters, type BackupUnit } from '@fleet/common';
import { clock } from '../../clock';
import { defineTask } from '../registry';
import { TaskError } from '../errors';
import { iso } from '../paging';
import { toUnitItem, withUnitState, type UnitRow } from '../unit-view';
import type { TaskContext } from '../context';
import { recoveryUnit } from './rows';
import { RECOVERY_ROLES, assertSupport } from './support';

/** The service type (SERVICE_TYPES api_name) of a backup tracker. */
export const BACKUP_SERVICE_TYPE = 'backup';

type Row = UnitRow & { backup_of: number | null };

const fixOf = (r: Row) =>
  r.fix_time && r.lat !== null && r.lon !== null ? { lat: r.lat, lon: r.lon } : null;

/**
 * The backup units of these units: of a main unit, the Backup service type units naming it; a
 * paired backup unit answers itself. In the order asked, each main unit's backups by name; a uid
 * that is neither (or that does not exist) answers nothing.
 */
export async function backupUnitsOf(ctx: TaskContext, uids: number[]): Promise<BackupUnit[]> {
  if (!uids.length) return [];
  const withBackup = () => withUnitState(ctx.tenant.units()).select('units.backup_of');
  const asked = (await withBackup().where('units.uid', 'in', uids).execute()) as Row[];
  const isBackup = (r: Row) => r.service_type === BACKUP_SERVICE_TYPE && r.backup_of !== null;
  const mainIds = asked.filter((r) => !isBackup(r)).map((r) => r.uid);
  const backups = mainIds.length
    ? ((await withBackup()
        .where('units.backup_of', 'in', mainIds)
        .where('units.service_type', '=', BACKUP_SERVICE_TYPE)
        .orderBy('units.name')
        .orderBy('units.uid')
        .execute()) as Row[])
    : [];
  // The main units of the backup units asked for themselves.
  const knownMains = new Map(asked.map((r) => [r.uid, r]));
  const missing = [
    ...new Set(
      asked.filter(isBackup).flatMap((r) => (knownMains.has(r.backup_of!) ? [] : [r.backup_of!])),
    ),
  ];
  if (missing.length)
    for (const r of (await withBackup().where('units.uid', 'in', missing).execute()) as Row[])
      knownMains.set(r.uid, r);

  const now = clock().now();
  const toBackup = (r: Row): BackupUnit => {
    const main = knownMains.get(r.backup_of!);
    const { client_id, ...item } = toUnitItem(r, now);
    const a = fixOf(r);
    const b = main ? fixOf(main) : null;
    return {
      ...item,
      cid: client_id,
      backup_of: r.backup_of!,
      main_name: main?.name ?? '',
      last_data: iso(r.server_time),
      battery: r.battery,
      power: r.power,
      distance_from_main: a && b ? Math.round(haversineMeters(a.lat, a.lon, b.lat, b.lon)) : null,
    };
  };
  const byUid = new Map(asked.map((r) => [r.uid, r]));
  const out: BackupUnit[] = [];
  const seen = new Set<number>();
  for (const uid of uids) {
    const r = byUid.get(uid);
    if (!r) continue;
    const list = isBackup(r) ? [r] : backups.filter((b) => b.backup_of === uid);
    for (const b of list) {
      if (seen.has(b.uid)) continue;
      seen.add(b.uid);
      out.push(toBackup(b));
    }
  }
  return out;
}

const getBackupUnitData = defineTask({
  name: 'get_backup_unit_data',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ uids: [f.uid] }),
  async handler(ctx, p) {
    assertSupport(ctx);
    return { backup_units: await backupUnitsOf(ctx, p.uids) };
  },
});

const setBackupUnit = defineTask({
  name: 'set_backup_unit',
  roles: RECOVERY_ROLES,
  entityType: 'Backup Unit',
  probe: (f) => ({ uid: f.uid, backup_of: null }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const unitOf = (uid: number) =>
      ctx.tenant
        .units()
        .select([
          'units.uid',
          'units.client_id',
          'units.name',
          'units.service_type',
          'units.backup_of',
        ])
        .where('units.uid', '=', uid)
        .executeTakeFirst();
    const unit = await unitOf(p.uid);
    if (!unit) throw new TaskError('Unit not found');
    let description: string;
    if (p.backup_of === null) {
      const old = unit.backup_of === null ? null : await unitOf(unit.backup_of);
      description = old
        ? `${unit.name} is no longer the backup unit of ${old.name}`
        : `${unit.name} is not the backup unit of any vehicle`;
    } else {
      // Unpairing is always allowed (a unit whose service type changed keeps no stale pairing).
      if (unit.service_type !== BACKUP_SERVICE_TYPE)
        throw new TaskError(`uid: ${unit.name} is not a Backup service type unit`);
      if (p.backup_of === p.uid) throw new TaskError('backup_of: a unit cannot back itself up');
      const main = await unitOf(p.backup_of);
      if (!main) throw new TaskError('backup_of: Unit not found');
      if (main.client_id !== unit.client_id)
        throw new TaskError(`backup_of: ${main.name} is a unit of another client`);
      if (main.service_type === BACKUP_SERVICE_TYPE || main.backup_of !== null)
        throw new TaskError(`backup_of: ${main.name} is itself a backup unit`);
      description = `${unit.name} is the backup unit of ${main.name}`;
    }
    await ctx.tenant
      .updateTable('units')
      .set({ backup_of: p.backup_of, updated: clock().now() })
      .where('uid', '=', p.uid)
      .execute();
    ctx.changeLog({ action: 'E', entityType: 'Backup Unit', entityId: p.uid, description });
    return { unit: await recoveryUnit(ctx, p.uid) };
  },
});

export const backupUnitsTasks = [getBackupUnitData, setBackupUnit];
