// The events and alerts report (issue 14 item 1): what one vehicle's tracker reported (and the
// pipeline derived: location and route crossings, driver changes) and the alerts the client's
// rules raised for it, in one table in time order, with the count of each kind and per day.
import { eventLabel, type ReportColumn, type ReportRow } from '@fleet/common';
import { iso } from '../../tasks/paging';
import type { ReportBuilder } from '../model';
import {
  alertsInRange,
  capRows,
  dayBounds,
  dayIndexOf,
  eventsInRange,
  locationAreas,
  placeNamer,
  type EventRow,
} from './read';
import { nothingIn, periodOf } from './single-parts';

export const TRACKER_EVENT = 'Tracker event';
export const RULE_ALERT = 'Rule alert';

const COLUMNS: ReportColumn[] = [
  { key: 'time', title: 'Time', kind: 'datetime' },
  { key: 'kind', title: 'Kind', kind: 'text' },
  { key: 'what', title: 'What', kind: 'text' },
  { key: 'speed', title: 'Speed (km/h)', kind: 'speed' },
  { key: 'where', title: 'Where', kind: 'text' },
];

/** An event in words: its type, and the location or route it concerns when it names one. */
export function eventWords(e: Pick<EventRow, 'type' | 'attributes'>): string {
  const name = e.attributes.name;
  return typeof name === 'string' && name ? `${eventLabel(e.type)}: ${name}` : eventLabel(e.type);
}

const speedOf = (v: number | null) => (v === null ? null : Math.round(Number(v)));

export const eventsReport: ReportBuilder = async (scope) => {
  const { ctx, days, zone } = scope;
  const unit = scope.units[0];
  const range = periodOf(scope);
  scope.progress(0.1, 'Reading events');
  const events = await eventsInRange(ctx, [unit.uid], range);
  scope.signal.throwIfAborted();
  scope.progress(0.4, 'Reading alerts');
  const alerts = await alertsInRange(ctx, [unit.uid], range);
  if (!events.length && !alerts.length) return nothingIn('events or alerts', COLUMNS);

  scope.progress(0.6, 'Naming places');
  const place = placeNamer(await locationAreas(ctx, unit.client_id));
  const items = [
    ...events.map((e) => ({
      at: e.time,
      order: 0,
      id: e.id,
      row: {
        time: iso(e.time),
        kind: TRACKER_EVENT,
        what: eventWords(e),
        speed: speedOf(e.speed),
        where: place(e.lat, e.lon),
      },
    })),
    ...alerts.map((a) => ({
      at: a.time,
      order: 1,
      id: a.raid,
      row: {
        time: iso(a.time),
        kind: RULE_ALERT,
        what: `${a.rule_name}: ${a.text}`,
        speed: speedOf(a.speed),
        where: place(a.lat, a.lon),
      },
    })),
  ].sort((a, b) => a.at - b.at || a.order - b.order || a.id - b.id);

  const bounds = dayBounds(zone, days, range);
  const perDay = { events: days.map(() => 0), alerts: days.map(() => 0) };
  const rows: ReportRow[] = items.map((i) => {
    perDay[i.order === 0 ? 'events' : 'alerts'][dayIndexOf(bounds, i.at)]++;
    return i.row;
  });
  // The tracker's events by type, most first: what a fleet manager scans for.
  const byType = new Map<string, number>();
  for (const e of events) byType.set(eventLabel(e.type), (byType.get(eventLabel(e.type)) ?? 0) + 1);
  const types = [...byType].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

  scope.progress(1, 'Done');
  return {
    sections: [
      {
        kind: 'summary',
        items: [
          { label: 'Tracker events', value: events.length, kind: 'number' },
          { label: 'Rule alerts', value: alerts.length, kind: 'number' },
          ...types.slice(0, 6).map(([label, n]) => ({ label, value: n, kind: 'number' as const })),
        ],
      },
      {
        kind: 'table',
        title: 'Events and alerts',
        primary: true,
        columns: COLUMNS,
        ...capRows(rows, scope.rowCap),
      },
      {
        kind: 'chart',
        title: 'Events per day',
        chart: 'bar',
        categories: days,
        series: [
          { name: 'Tracker events', values: perDay.events },
          { name: 'Rule alerts', values: perDay.alerts },
        ],
        unit: 'events',
      },
    ],
    empty: false,
  };
};
