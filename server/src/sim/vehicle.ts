// One simulated vehicle: a behaviour model advanced in fixed 10-second steps of simulation time,
// so a seed replays the same day whatever the wall clock does. It drives local trips around its
// home town or long trips along the national roads, stops, idles, parks overnight by
// Africa/Johannesburg local time, and now and then brakes hard, speeds, presses panic or is towed
// (moving with its ignition off: sim/tow.ts). The demo's incident plan adds panics, battery cuts
// and tows of parked vehicles for the recovery desk (sim/incidents.ts).
import { haversineMeters, type Random } from '@fleet/common';
import { between, pick } from './random';
import {
  altitudeAt,
  localPath,
  nearestTown,
  offsetPoint,
  Path,
  roadPath,
  roadRoute,
  townsWithin,
  type Point,
} from './route';
import { RouteRunner, type SimRoutePlan } from './route-run';
import { INCIDENT_EXPIRY_MS, type SimIncident } from './incidents';
import { TowModel } from './tow';
import { SUBURBS, townByName, type Town } from './towns';

export const STEP_MS = 10_000;
/** South Africa keeps UTC+2 all year. */
const SAST_OFFSET_MS = 2 * 3600_000;

export type SimEvent =
  | 'panic'
  | 'harsh_braking'
  | 'harsh_acceleration'
  | 'overspeed'
  | 'ignition_on'
  | 'ignition_off'
  // The recovery desk's incidents (sim/incidents.ts) and tows.
  | 'power_cut'
  | 'power_restored'
  | 'towing';

export interface SimReport {
  time: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  course: number;
  altitude: number;
  satellites: number;
  ignition: boolean;
  moving: boolean;
  /** Total distance driven, metres. */
  odometer: number;
  /** Vehicle supply, V (about 0 while the battery is cut). */
  power: number;
  /** Tracker's own battery, V. */
  battery: number;
  event?: SimEvent;
  /** The driver's iButton key, read while the ignition is on (a vehicle with a tag reader). */
  driverTag?: string;
  /** The tracker's first digital output, the starter-cut relay (1: immobilised). */
  dout1?: 0 | 1;
}

export interface VehicleSpec {
  deviceId: string;
  lat: number;
  lon: number;
  homeTown?: string;
  /** A long-haul truck that also drives through the night (otherwise decided by the seed). */
  nightShift?: boolean;
  /** Drives this route out and back during working hours instead of trips of its own. */
  route?: SimRoutePlan;
  /**
   * Places of the home town (customers, depots): a local trip to a suburb near one of them ends
   * inside it, within `radius` metres of its centre.
   */
  stops?: SimStop[];
  /** The driver's iButton key (hex): its tracker reports it while the ignition is on. */
  driverTag?: string;
}

export interface SimStop {
  lat: number;
  lon: number;
  /** metres: trips end within 60 % of this from the centre */
  radius: number;
}

/** An immobilised vehicle's driver tries to start it again this much later. */
const IMMOBILISED_RETRY_MS = 10 * 60_000;

/** A stop takes the trips to a suburb at most this far from it (metres). */
const STOP_CATCHMENT_M = 2_000;

type Mode = 'parked' | 'idle' | 'driving' | 'towed';
const REPORT_MS: Record<Mode, number> = {
  parked: 300_000,
  idle: 60_000,
  driving: STEP_MS,
  towed: STEP_MS,
};

/** Per-step odds, tuned for a demo that shows a few events per vehicle per day. */
const ODDS = {
  panicPerStep: 1 / (8640 * 5),
  harshBrakePerStep: 1 / 900,
  harshAccelPerStep: 1 / 120,
  trafficStopPerStep: 1 / 80,
  speedingPerTrip: 0.35,
};

export function localHour(time: number): number {
  return ((time + SAST_OFFSET_MS) % 86_400_000) / 3600_000;
}

export class Vehicle {
  readonly home: Town;
  readonly longHaul: boolean;
  /** The route it drives, for a route vehicle. */
  readonly runner: RouteRunner | null;
  clock: number;
  private pos: Point;
  private course = 0;
  private speed = 0;
  private odometer: number;
  private mode: Mode = 'parked';
  private until = 0;
  private lastReport = -Infinity;
  private path: Path | null = null;
  private along = 0;
  private cruise = 60;
  private slowZones: number[] = [];
  private speeding: [number, number, number] | null = null;
  private speedingReported = false;
  private stopUntil = 0;
  private nightDriver: boolean;
  /** On a national road (few traffic stops) rather than in town. */
  private highway = false;
  private readonly stops: SimStop[];
  private readonly tow: TowModel;
  private readonly driverTag: string | undefined;
  /** The starter is cut (issue 13): a parked vehicle stays parked until it is mobilised. */
  private immobilised = false;
  /** The demo's incidents given to this vehicle, oldest first (sim/incidents.ts). */
  private readonly incidents: SimIncident[] = [];
  /** While its battery is cut: when it is reconnected. */
  private powerCutUntil: number | null = null;

  constructor(
    spec: VehicleSpec,
    private readonly rand: Random,
    start: number,
  ) {
    this.clock = start;
    this.pos = { lat: spec.lat, lon: spec.lon };
    const named = spec.homeTown ? townByName(spec.homeTown) : undefined;
    this.home = named ?? nearestTown(this.pos);
    // Both draws are made either way, so a unit's other choices stay those of its seed.
    const longHaul = rand() < 0.25;
    const nightDriver = rand() < 0.3;
    this.runner = spec.route ? new RouteRunner(spec.route) : null;
    this.stops = spec.stops ?? [];
    this.tow = new TowModel(spec.deviceId);
    // No draw: a vehicle with a driver tag makes every choice of its seed as before.
    this.driverTag = spec.driverTag;
    // A route vehicle keeps to its route by day: no long hauls of its own, no night driving.
    this.longHaul = !this.runner && (spec.nightShift || longHaul);
    this.nightDriver = !this.runner && (spec.nightShift || (longHaul && nightDriver));
    this.odometer = Math.round(between(rand, 20_000, 250_000)) * 1000;
    const night = this.isNight(start);
    let goNow = night ? this.nightDriver || rand() < 0.1 : rand() < (this.longHaul ? 0.7 : 0.5);
    if (this.runner) goNow = !night && this.runner.mayStart(this.pos, localHour(start));
    if (goNow) this.startTrip();
    else this.until = night ? this.nextMorning(start) : start + between(rand, 0, 45) * 60_000;
  }

  /** The tracker switched its starter-cut relay (a command from the portal). */
  setImmobilised(on: boolean): void {
    this.immobilised = on;
  }

  get isImmobilised(): boolean {
    return this.immobilised;
  }

  /** Gives the vehicle an incident of the demo's plan: it takes it when it can. */
  schedule(incident: SimIncident): void {
    this.incidents.push(incident);
  }

  get state(): { mode: Mode; lat: number; lon: number; speed: number } {
    return { mode: this.mode, lat: this.pos.lat, lon: this.pos.lon, speed: this.speed };
  }

  private isNight(t: number): boolean {
    const h = localHour(t);
    return h < 6 || h >= 20;
  }

  private nextMorning(t: number): number {
    const h = localHour(t);
    const hoursToSix = (24 + 6 - h) % 24 || 24;
    return t + hoursToSix * 3600_000 + between(this.rand, 0, 150) * 60_000;
  }

  /** Advances one step; returns the report the tracker sends for it, if any. */
  step(): SimReport | null {
    this.clock += STEP_MS;
    const t = this.clock;
    let event: SimEvent | undefined;
    if (this.rand() < ODDS.panicPerStep) event = 'panic';

    // Route vehicles are not towed: their corridor alerts mean straying.
    if (this.mode === 'parked' && !this.runner && t < this.until && this.tow.maybeStart(t)) {
      this.mode = 'towed';
      event ??= 'towing';
    }
    if (this.powerCutUntil !== null && t >= this.powerCutUntil && !event) {
      this.powerCutUntil = null;
      event = 'power_restored';
    }
    if (this.mode === 'towed') this.towStep(t);
    else if (this.mode === 'parked') {
      if (t >= this.until) {
        // No battery, no start: it leaves once the battery is back (no draw either way).
        if (this.powerCutUntil !== null) this.until = this.powerCutUntil + STEP_MS;
        // The starter is cut: the driver tries again later (no draw, so the seed's choices stay).
        else if (this.immobilised) this.until = t + IMMOBILISED_RETRY_MS;
        else if (this.isNight(t) && !this.nightDriver) this.until = this.nextMorning(t);
        else if (this.runner && !this.runner.mayStart(this.pos, localHour(t))) {
          this.until = this.nextMorning(t);
        } else {
          this.startTrip();
          event ??= 'ignition_on';
        }
      }
    } else if (this.mode === 'idle') {
      if (t >= this.until) {
        if (this.path) this.mode = 'driving';
        else {
          this.park(t);
          event ??= 'ignition_off';
        }
      }
    } else {
      event = this.drive(t) ?? event;
    }
    event ??= this.takeIncident(t);

    const interval = REPORT_MS[this.mode];
    if (!event && t - this.lastReport < interval) return null;
    this.lastReport = t;
    const ignition = this.mode === 'idle' || this.mode === 'driving';
    return {
      time: t,
      lat: this.pos.lat,
      lon: this.pos.lon,
      speed: Math.round(this.speed),
      course: Math.round(this.course) % 360,
      altitude: altitudeAt(this.pos),
      satellites: 7 + Math.floor(this.rand() * 7),
      ignition,
      moving: this.speed > 0,
      odometer: Math.round(this.odometer),
      power: this.supply(ignition),
      battery: between(this.rand, 4.0, 4.15),
      event,
      ...(ignition && this.driverTag ? { driverTag: this.driverTag } : {}),
      dout1: this.immobilised ? 1 : 0,
    };
  }

  /** The supply voltage the tracker reads; drawn either way, so the seed's choices stay. */
  private supply(ignition: boolean): number {
    const v = ignition ? between(this.rand, 13.6, 14.2) : between(this.rand, 12.3, 12.7);
    return this.powerCutUntil !== null ? 0 : v;
  }

  /**
   * The next incident of the plan, if it is due and the vehicle can take it: a panic at once, a
   * battery cut or a tow once parked (a route vehicle is not towed: its battery is cut instead).
   */
  private takeIncident(t: number): SimEvent | undefined {
    const list = this.incidents;
    while (list.length && t - list[0].time > INCIDENT_EXPIRY_MS) list.shift();
    const next = list[0];
    if (!next || next.time > t) return undefined;
    if (next.kind === 'panic') {
      list.shift();
      return 'panic';
    }
    if (this.mode !== 'parked' || this.powerCutUntil !== null) return undefined;
    list.shift();
    if (next.kind === 'tow' && !this.runner) {
      this.tow.startWith(t, next.tow);
      this.mode = 'towed';
      return 'towing';
    }
    this.powerCutUntil = t + next.cutMs;
    return 'power_cut';
  }

  private startTrip(): void {
    if (this.runner) this.startRouteRun();
    else this.startOwnTrip();
    this.along = 0;
    this.speeding = null;
    this.speedingReported = false;
    const path = this.path!;
    if (path.length > 6_000 && this.rand() < ODDS.speedingPerTrip) {
      const from = between(this.rand, 0.2, 0.7) * path.length;
      this.speeding = [from, from + between(this.rand, 3_000, 9_000), between(this.rand, 124, 138)];
    }
    this.mode = 'idle';
    this.until = this.clock + between(this.rand, 40, 200) * 1000;
  }

  /** The next leg of the route: out from the depot, back from the destination, or to the depot. */
  private startRouteRun(): void {
    const run = this.runner!.next(this.pos, this.rand);
    this.path = run.path;
    this.slowZones = run.slowAt;
    this.highway = !run.local;
    this.cruise = between(this.rand, 82, 98);
  }

  private startOwnTrip(): void {
    const here = nearestTown(this.pos);
    const awayFromHome =
      haversineMeters(this.pos.lat, this.pos.lon, this.home.lat, this.home.lon) > 60_000;
    let towns: Town[] | null = null;
    if (this.longHaul || awayFromHome) {
      const target =
        awayFromHome && this.rand() < 0.6
          ? this.home
          : pick(this.rand, townsWithin(here.name, 80_000, 650_000).concat(this.home));
      towns = target.name === here.name ? null : roadRoute(here.name, target.name);
    }
    if (towns) {
      this.path = roadPath(this.pos, towns, this.rand);
      this.cruise = this.longHaul ? between(this.rand, 84, 96) : between(this.rand, 100, 116);
      this.slowZones = towns.map((town) => this.alongOf(town));
      this.highway = true;
    } else {
      const target = this.localDestination();
      // The same draws either way, so a unit's other choices stay those of its seed.
      const dest = offsetPoint(target, this.rand() * target.spread, this.rand() * 360);
      this.path = localPath(this.pos, dest, this.rand);
      this.cruise =
        this.path.length > 10_000 ? between(this.rand, 70, 95) : between(this.rand, 48, 62);
      this.slowZones = [];
      this.highway = false;
    }
  }

  /**
   * A suburb of the home metro (the place of a stop near it, if any), or a spot a few km from a
   * smaller home town; `spread`: how far from it the trip may end.
   */
  private localDestination(): Point & { spread: number } {
    const suburbs = SUBURBS[this.home.name];
    if (suburbs) {
      const [lat, lon] = pick(this.rand, suburbs);
      let stop: SimStop | null = null;
      let nearest = STOP_CATCHMENT_M;
      for (const s of this.stops) {
        const d = haversineMeters(s.lat, s.lon, lat, lon);
        if (d < nearest) [stop, nearest] = [s, d];
      }
      if (stop) return { lat: stop.lat, lon: stop.lon, spread: stop.radius * 0.6 };
      return { lat, lon, spread: 1500 };
    }
    const spot = offsetPoint(this.home, between(this.rand, 1_500, 6_000), this.rand() * 360);
    return { ...spot, spread: 1500 };
  }

  private alongOf(town: Town): number {
    const path = this.path!;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < path.points.length; i++) {
      const p = path.points[i];
      const d = haversineMeters(p.lat, p.lon, town.lat, town.lon);
      if (d < bestD) [best, bestD] = [path.cum[i], d];
    }
    return best;
  }

  private targetSpeed(t: number): number {
    const path = this.path!;
    if (t < this.stopUntil) return 0;
    const left = path.length - this.along;
    if (left < 300) return 20;
    if (this.along < 600 || left < 1500) return Math.min(this.cruise, 45);
    if (this.slowZones.some((z) => Math.abs(z - this.along) < 2500))
      return Math.min(this.cruise, 60);
    if (this.speeding && this.along >= this.speeding[0] && this.along <= this.speeding[1]) {
      return this.speeding[2];
    }
    return this.cruise + between(this.rand, -4, 4);
  }

  private drive(t: number): SimEvent | undefined {
    const path = this.path!;
    let event: SimEvent | undefined;
    const local = !this.highway;
    if (
      t >= this.stopUntil &&
      this.speed > 20 &&
      this.rand() < ODDS.trafficStopPerStep * (local ? 1 : 0.1)
    ) {
      this.stopUntil = t + between(this.rand, 20, 90) * 1000;
    }
    const target = this.targetSpeed(t);
    const before = this.speed;
    let after: number;
    if (before > 50 && this.rand() < ODDS.harshBrakePerStep) {
      after = Math.max(0, before - between(this.rand, 35, 50));
      event = 'harsh_braking';
    } else if (before < 25 && target > 45 && this.rand() < ODDS.harshAccelPerStep) {
      after = before + between(this.rand, 32, 40);
      event = 'harsh_acceleration';
    } else if (target > before) {
      after = Math.min(target, before + 18);
    } else {
      after = Math.max(target, before - 30);
    }
    this.speed = Math.max(0, Math.min(140, after));
    if (this.speed > 120 && !this.speedingReported) {
      this.speedingReported = true;
      event ??= 'overspeed';
    }
    const metres = (((before + this.speed) / 2) * STEP_MS) / 3600;
    this.along += metres;
    this.odometer += metres;
    const at = path.at(this.along);
    this.pos = { lat: at.lat, lon: at.lon };
    if (metres > 0) this.course = at.course;
    if (this.along >= path.length) {
      this.speed = 0;
      this.path = null;
      this.mode = 'idle';
      this.until = t + between(this.rand, 30, 180) * 1000;
    }
    return event;
  }

  private towStep(t: number): void {
    const moved = this.tow.advance(t, this.pos, STEP_MS);
    if (moved) [this.pos, this.speed, this.course] = [moved.pos, moved.speed, moved.course];
    else [this.mode, this.speed] = ['parked', 0];
    this.odometer += moved?.metres ?? 0;
  }

  private park(t: number): void {
    this.mode = 'parked';
    this.speed = 0;
    if (this.runner) {
      // Loading at the destination; at the depot a break, or the night once the day's runs end.
      const where = this.runner.whereIs(this.pos);
      if (where === 'destination') this.until = t + between(this.rand, 20, 40) * 60_000;
      else if (localHour(t) >= 18.5 || this.isNight(t)) this.until = this.nextMorning(t);
      else this.until = t + between(this.rand, 30, 90) * 60_000;
      return;
    }
    const evening = localHour(t) >= 18.5;
    if (evening && !this.nightDriver) this.until = this.nextMorning(t);
    else
      this.until =
        t + between(this.rand, this.longHaul ? 30 : 10, this.longHaul ? 180 : 120) * 60_000;
  }
}
