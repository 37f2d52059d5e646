// Last known position (issue 14, Multiple Vehicles): where every chosen vehicle is, or was last
// heard from, read from its live state as the tracking page shows it (domain/unit-view.ts), with
// the nearest town and how long ago. A report of now: no period.
import type { ReportColumn, ReportRow } from '@fleet/common';
import { now } from '../../clock';
import { describeTown, nearestTown } from '../../notify/towns';
import { toUnitItem, withUnitState } from '../../tasks/unit-view';
import type { BuiltSection, ReportBuilder } from '../model';
import { REG, VEHICLE, checkEvery, note, primaryTable, summary } from './fleet-table';

const COLUMNS: ReportColumn[] = [
  VEHICLE,
  REG,
  { key: 'time', title: 'Last fix', kind: 'datetime' },
  { key: 'ago', title: 'How long ago', kind: 'duration' },
  { key: 'lat', title: 'Latitude', kind: 'coordinate', decimals: 5 },
  { key: 'lon', title: 'Longitude', kind: 'coordinate', decimals: 5 },
  { key: 'speed', title: 'Speed', kind: 'speed', decimals: 0 },
  { key: 'ignition', title: 'Ignition', kind: 'text' },
  { key: 'town', title: 'Nearest town', kind: 'text' },
];

export const lastPosition: ReportBuilder = async (scope) => {
  const at = now();
  scope.progress(0.1, 'Reading positions');
  const states = await withUnitState(scope.ctx.tenant.units())
    .where(
      'units.uid',
      'in',
      scope.units.map((u) => u.uid),
    )
    .execute();
  scope.signal.throwIfAborted();
  const byUid = new Map(states.map((r) => [r.uid, toUnitItem(r, at)]));
  const rows: ReportRow[] = [];
  const markers: { lon: number; lat: number; label: string; kind: 'stop' }[] = [];
  scope.units.forEach((u, i) => {
    checkEvery(scope, i, 100);
    const p = byUid.get(u.uid)?.position ?? null;
    if (p) markers.push({ lon: p.lon, lat: p.lat, label: u.name, kind: 'stop' });
    rows.push({
      vehicle: u.name,
      reg: u.reg,
      time: p?.datetime ?? null,
      ago: p ? Math.max(0, Math.round((at - Date.parse(p.datetime)) / 1000)) : null,
      lat: p?.lat ?? null,
      lon: p?.lon ?? null,
      speed: p ? p.speed : null,
      ignition: p?.ignition === null || !p ? null : p.ignition ? 'on' : 'off',
      town: p ? describeTown(nearestTown(p.lat, p.lon)) : 'Never reported',
    });
  });
  const empty = !markers.length;
  const sections: BuiltSection[] = [
    summary(
      ['Vehicles', scope.units.length, 'number'],
      ['With a position', markers.length, 'number'],
      ['As of', new Date(at).toISOString(), 'datetime'],
    ),
  ];
  if (empty) sections.push(note('None of these vehicles has reported a position yet.'));
  else sections.push({ kind: 'map', title: 'Last known positions', paths: [], markers });
  sections.push(primaryTable(scope, COLUMNS, rows));
  scope.progress(1, 'Done');
  return { sections, empty };
};
