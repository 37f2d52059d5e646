// The demo's maintenance records (issue 13 item 8): a year of service history for several Demo
// Fleet vehicles, odometer readings, and reminders of all five types in each state (ok, due soon,
// overdue), computed against each vehicle's odometer and engine hours at seeding time, with wide
// margins so that the simulator's driving does not move them to another state during a demo.
// Added only when Demo Fleet has no reminders yet, so an existing demo gets them once.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { now } from '../clock';
import { addMissingToDemoFleet } from './seed-missing';
import { engineHours, odometerKm } from '../domain/readings';

const DAY_MS = 86_400_000;
const FLEET_MAIL = 'fleet@demofleet.co.za';

/** UTC midnight of the calendar day `days` from now (how days are stored). */
const dayFromNow = (days: number) => {
  const d = new Date(now() + days * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

interface DemoVehicle {
  uid: number;
  name: string;
  cls: string;
  km: number;
  hours: number;
}

async function vehiclesOf(db: Kysely<Database>, cid: number): Promise<DemoVehicle[]> {
  const rows = await db
    .selectFrom('units')
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .select([
      'units.uid',
      'units.name',
      'units.vehicle_class_ref',
      'units.active',
      'units.odometer_offset',
      'units.engine_hours_offset',
      'unit_state.odometer',
      'unit_state.engine_hours',
    ])
    .where('units.client_id', '=', cid)
    .orderBy('units.uid')
    .execute();
  return rows
    .filter((r) => r.active === 1)
    .map((r) => ({
      uid: r.uid,
      name: r.name,
      cls: r.vehicle_class_ref,
      km: odometerKm(r.odometer, r.odometer_offset) ?? 0,
      hours: engineHours(r.engine_hours, r.engine_hours_offset) ?? 0,
    }));
}

const WORKSHOPS = ['Midas Centurion', 'Toyota Sandton', 'Bosch Car Service Durban', 'Fleet Yard'];

async function addServiceHistory(db: Kysely<Database>, cid: number, v: DemoVehicle, n: number) {
  const at = now();
  // Every ~90 days back, about 4,000 km apart; the latest a full service.
  const plan = ['service', 'tyres', 'major_service', 'brakes', 'service'] as const;
  for (let i = 0; i < n; i++) {
    const daysAgo = 20 + i * 90 + (v.uid % 7);
    const work = plan[i % plan.length];
    await db
      .insertInto('service_logs')
      .values({
        client_id: cid,
        unit_id: v.uid,
        datetimestamp: at - daysAgo * DAY_MS,
        odometer: Math.max(0, Math.round(v.km - 900 - i * 4_000)),
        engine_hours: null,
        work_type: work,
        cost_cents: [245_000, 389_900, 612_450, 178_500, 255_000][i % 5],
        workshop: WORKSHOPS[(v.uid + i) % WORKSHOPS.length],
        notes: work === 'tyres' ? 'Four tyres and alignment' : '',
        attachments: JSON.stringify(i === 0 ? [`invoice-${v.uid}-${i + 1}.pdf`] : []),
        created_by: 'demo',
        created: at,
        updated: at,
      })
      .execute();
  }
}

async function addReminder(
  db: Kysely<Database>,
  cid: number,
  r: {
    type: string;
    unit_id?: number;
    person_id?: number;
    interval?: number;
    last_done?: number;
    due_date?: number;
    advance: number;
    notes?: string;
  },
) {
  const at = now();
  await db
    .insertInto('reminders')
    .values({
      client_id: cid,
      type: r.type,
      unit_id: r.unit_id ?? null,
      person_id: r.person_id ?? null,
      interval: r.interval ?? null,
      last_done: r.last_done ?? null,
      due_date: r.due_date ?? null,
      advance: r.advance,
      recipients: JSON.stringify([FLEET_MAIL]),
      notes: r.notes ?? '',
      notified_due: null,
      notified_at: null,
      created: at,
      updated: at,
    })
    .execute();
}

export async function seedMaintenance(db: Kysely<Database>, cid: number): Promise<void> {
  const vehicles = await vehiclesOf(db, cid);
  if (vehicles.length < 8) return;
  const at = now();
  const machines = vehicles.filter((v) => ['tractor', 'construction'].includes(v.cls));
  const road = vehicles.filter((v) => !machines.includes(v));
  const [okCar, dueCar, lateCar, licenceSoon, licenceLate, licenceOk] = road;

  for (const [i, v] of [okCar, dueCar, lateCar, licenceSoon].entries()) {
    await addServiceHistory(db, cid, v, 4 - (i % 2));
  }
  // Odometer readings noted from the dashboard, beside the tracker's.
  for (const [i, daysAgo] of [40, 12].entries()) {
    await db
      .insertInto('odometer_logs')
      .values({
        client_id: cid,
        unit_id: okCar.uid,
        datetimestamp: at - daysAgo * DAY_MS,
        odometer: Math.round(okCar.km - daysAgo * 60),
        kind: 'reading',
        tracked: Math.round(okCar.km - daysAgo * 60 - (i + 1) * 3),
        notes: 'Read off the dashboard at the fuel stop',
        created_by: 'demo',
        created: at,
      })
      .execute();
  }

  // Service by km: ok (9,000 km left), due soon (600 km left of a 1,000 km advance), overdue.
  const kmReminder = (v: DemoVehicle, interval: number, left: number, advance: number) =>
    addReminder(db, cid, {
      type: 'service_km',
      unit_id: v.uid,
      interval,
      last_done: v.km + left - interval,
      advance,
    });
  await kmReminder(okCar, 15_000, 9_000, 1_000);
  await kmReminder(dueCar, 15_000, 600, 1_000);
  await kmReminder(lateCar, 10_000, -1_200, 1_000);

  // Service by hours: a machine due soon (12 h of a 25 h advance) and one ok.
  const [digger, tractor] = machines;
  if (digger) {
    await addReminder(db, cid, {
      type: 'service_hours',
      unit_id: digger.uid,
      interval: 250,
      last_done: digger.hours + 12 - 250,
      advance: 25,
    });
  }
  if (tractor) {
    await addReminder(db, cid, {
      type: 'service_hours',
      unit_id: tractor.uid,
      interval: 500,
      last_done: tractor.hours - 100,
      advance: 25,
    });
  }

  // Vehicle licences: due in 10 days (30-day advance), 5 days overdue, and one far off.
  await addReminder(db, cid, {
    type: 'vehicle_licence',
    unit_id: licenceSoon.uid,
    due_date: dayFromNow(10),
    advance: 30,
    notes: 'Renew at the licensing office in Randburg',
  });
  await addReminder(db, cid, {
    type: 'vehicle_licence',
    unit_id: licenceLate.uid,
    due_date: dayFromNow(-5),
    advance: 30,
  });
  await addReminder(db, cid, {
    type: 'vehicle_licence',
    unit_id: licenceOk.uid,
    due_date: dayFromNow(200),
    advance: 30,
  });

  // Drivers: the dates are the people's own; the advance decides the state. A licence that has
  // already expired is overdue; of those still valid, the soonest is due soon, the next ok.
  const people = await db
    .selectFrom('people')
    .select(['pid', 'licence_expiry', 'prdp_expiry'])
    .where('client_id', '=', cid)
    .where('licence_expiry', 'is not', null)
    .orderBy('licence_expiry')
    .execute();
  const daysTo = (ms: number | null) => Math.floor((Number(ms) - at) / DAY_MS);
  const expired = people.find((p) => daysTo(p.licence_expiry) < -1);
  const valid = people.filter((p) => daysTo(p.licence_expiry) > 2);
  if (expired) {
    await addReminder(db, cid, { type: 'driver_licence', person_id: expired.pid, advance: 30 });
  }
  const [soon, later] = valid;
  if (soon) {
    await addReminder(db, cid, {
      type: 'driver_licence',
      person_id: soon.pid,
      advance: daysTo(soon.licence_expiry) + 15,
    });
  }
  if (later && daysTo(later.licence_expiry) > 40) {
    await addReminder(db, cid, { type: 'driver_licence', person_id: later.pid, advance: 30 });
  }
  const prdp = valid.find((p) => p.prdp_expiry !== null && daysTo(p.prdp_expiry) > 30);
  if (prdp) await addReminder(db, cid, { type: 'driver_prdp', person_id: prdp.pid, advance: 14 });
}

/** An existing demo gets the maintenance records once, when Demo Fleet has no reminders. */
export function addMissingDemoMaintenance(db: Kysely<Database>): Promise<void> {
  return addMissingToDemoFleet(db, 'reminders', seedMaintenance);
}
