// The fuel report (issue 14 item 1; report_10): one vehicle's imported fuel fills in the period, as
// the fuel usage page reads them (tasks/fuel-usage.ts): litres, the card's odometer, the distance
// (or engine hours, for machines) since the previous fill, consumption in L/100 km (L/h), and the
// fills that look wrong.
import { FUEL_FLAGS, type FuelFill, type ReportColumn, type ReportRow } from '@fleet/common';
import { fuelUsage } from '../../tasks/fuel-usage';
import type { ReportBuilder } from '../model';
import { capRows, dayBounds, dayIndexOf, perDayChart } from './read';
import { nothingIn, periodOf } from './single-parts';

function columns(machine: boolean): ReportColumn[] {
  return [
    { key: 'time', title: 'Time', kind: 'datetime' },
    { key: 'litres', title: 'Litres', kind: 'litres', decimals: 2 },
    machine
      ? { key: 'hours', title: 'Engine hours (card)', kind: 'number', decimals: 1 }
      : { key: 'odometer', title: 'Odometer (card, km)', kind: 'number', decimals: 0 },
    machine
      ? { key: 'used', title: 'Hours since last fill', kind: 'number', decimals: 1 }
      : { key: 'used', title: 'Distance since last fill (km)', kind: 'number', decimals: 1 },
    machine
      ? { key: 'consumption', title: 'L/h', kind: 'number', decimals: 1 }
      : { key: 'consumption', title: 'L/100 km', kind: 'number', decimals: 1 },
    { key: 'source', title: 'Measured by', kind: 'text' },
    { key: 'flags', title: 'Flags', kind: 'text' },
  ];
}

/** A fill's flags in words, and whether it stands far above the vehicle's usual consumption. */
export function fillFlagText(f: Pick<FuelFill, 'flags' | 'above_usual'>): string {
  const words: string[] = f.flags.map((k) => FUEL_FLAGS[k]);
  if (f.above_usual) words.push('Far above the usual consumption');
  return words.join('; ');
}

const SOURCE_WORDS = { tracker: 'Tracker', card: 'Fuel card' } as const;

export const fuelReport: ReportBuilder = async (scope) => {
  const { ctx, days, zone } = scope;
  const unit = scope.units[0];
  const range = periodOf(scope);
  scope.progress(0.1, 'Reading fuel fills');
  const usage = await fuelUsage(ctx, range.from, range.to, [unit.uid]);
  const vehicle = usage.vehicles.find((v) => v.uid === unit.uid);
  // The fills come newest first; the report reads forward in time.
  const fills = usage.fills.filter((f) => f.uid === unit.uid).reverse();
  if (!vehicle || !fills.length)
    return nothingIn('fuel fills', columns(vehicle?.basis === 'hours'));

  scope.progress(0.8, 'Adding up the fills');
  const machine = vehicle.basis === 'hours';
  const rows: ReportRow[] = fills.map((f) => ({
    time: f.datetimestamp,
    litres: f.litres,
    odometer: f.odometer,
    hours: f.hours,
    used: f.used,
    consumption: f.consumption,
    source: f.used_source ? SOURCE_WORDS[f.used_source] : '',
    flags: fillFlagText(f),
  }));
  const bounds = dayBounds(zone, days, range);
  const perDay = days.map(() => 0);
  for (const f of fills) perDay[dayIndexOf(bounds, Date.parse(f.datetimestamp))] += f.litres;
  const per = machine ? 'L/h' : 'L/100 km';
  scope.progress(1, 'Done');
  return {
    sections: [
      {
        kind: 'summary',
        items: [
          { label: 'Fills', value: vehicle.fills, kind: 'number' },
          { label: 'Litres', value: vehicle.litres, kind: 'litres' },
          {
            label: machine ? 'Engine hours' : 'Distance (km)',
            value: vehicle.used,
            kind: 'number',
          },
          { label: `Average ${per}`, value: vehicle.consumption, kind: 'number' },
          {
            label: `Usual ${per}`,
            value: vehicle.usual === null ? null : Math.round(vehicle.usual * 10) / 10,
            kind: 'number',
          },
          { label: 'Flagged fills', value: vehicle.flagged, kind: 'number' },
        ],
      },
      {
        kind: 'table',
        title: 'Fuel fills',
        primary: true,
        columns: columns(machine),
        ...capRows(rows, scope.rowCap),
        totals: {
          time: `${vehicle.fills} fills`,
          litres: vehicle.litres,
          used: vehicle.used,
          consumption: vehicle.consumption,
        },
      },
      perDayChart(
        'Litres per day',
        days,
        perDay.map((l) => Math.round(l * 100) / 100),
        'L',
      ),
    ],
    empty: false,
  };
};
