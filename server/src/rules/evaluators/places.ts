// Evaluators of where a vehicle is (SPEC §3): Location (enter, exit, inside for too long), Abnormal
// Park (parked outside every chosen location), Route Violation and Border crossing. They read the
// place events and memory of the pipeline's places stage (pipeline/places.ts): its hysteresis
// already makes GPS jitter on a border one enter and one exit, so these add none of their own.
import { PARK_STATE } from '@fleet/common';
import { insideSouthAfrica } from '../border';
import type { CompiledRule, EvalInput, Evaluator } from '../types';
import { endHeld, facts, findEvent, holdFor, memNum } from './util';

const ENTER = ['location_enter'] as const;
const EXIT = ['location_exit'] as const;
const VIOLATION = ['route_violation'] as const;
const RETURN = ['route_return'] as const;

function locationName(x: EvalInput, lid: number, attributes?: Record<string, unknown>): string {
  const name = attributes?.name;
  if (typeof name === 'string') return name;
  return x.places?.byLid.get(lid)?.name ?? `Location ${lid}`;
}

/**
 * enter / exit: the record's location_enter / location_exit event of the rule's location, an
 * incident of its own. inside: the unit has been inside the location for `minutes` without a
 * break; the incident starts at the entry (or when the unit was first seen inside) and ends when
 * it leaves.
 */
export const location: Evaluator<'location'> = (rule, mem, x, sink) => {
  const { lid, trigger } = rule.param;
  if (trigger !== 'inside') {
    const e = findEvent(x, trigger === 'enter' ? ENTER : EXIT, lid);
    if (e) {
      sink.instant(
        x.time,
        facts(x, { lid, location_name: locationName(x, lid, e.attributes), trigger }),
      );
    }
    return;
  }
  const inside = x.rt.insideLids;
  if (inside === null) return; // not known yet: the places stage has not seen a fix
  const since = memNum(mem, 'since');
  if (inside.has(lid)) {
    const start = since ?? x.time;
    mem.since = start;
    holdFor(rule, x, sink, start, (rule.param.minutes ?? 0) * 60_000, insideEvidence);
  } else if (since !== null) {
    endHeld(rule, x, sink, since, insideEvidence);
    mem.since = undefined;
  }
};

function insideEvidence(rule: CompiledRule<'location'>, x: EvalInput, duration_s: number) {
  const { lid, trigger } = rule.param;
  return {
    lid,
    location_name: locationName(x, lid),
    trigger,
    minutes: rule.param.minutes ?? 0,
    duration_s,
  };
}

/** Whether the unit is inside none of `lids` (none chosen: inside no location at all). */
function outsideAll(inside: ReadonlySet<number> | null, lids: readonly number[]): boolean {
  if (inside === null || inside.size === 0) return true;
  if (lids.length === 0) return false;
  for (let i = 0; i < lids.length; i++) if (inside.has(lids[i])) return false;
  return true;
}

function parkEvidence(rule: CompiledRule<'abnormal_park'>, _x: EvalInput, duration_s: number) {
  return { minutes: rule.param.minutes, duration_s };
}

/**
 * Parked for at least `minutes` inside none of the chosen locations (none chosen: none of the
 * client's locations). The incident starts when the unit parked and ends when it moves. A unit
 * whose client has no places compiled is inside no location.
 */
export const abnormalPark: Evaluator<'abnormal_park'> = (rule, mem, x, sink) => {
  const rt = x.rt;
  if (
    rt.parkState === PARK_STATE.PARKED &&
    rt.parkSince !== null &&
    outsideAll(rt.insideLids, rule.param.lids)
  ) {
    mem.since = rt.parkSince;
    holdFor(rule, x, sink, rt.parkSince, rule.param.minutes * 60_000, parkEvidence);
    return;
  }
  const since = memNum(mem, 'since');
  if (since !== null) {
    endHeld(rule, x, sink, since, parkEvidence);
    mem.since = undefined;
  }
};

/**
 * The unit leaves the corridor of the rule's route (of any route assigned to it when none is
 * chosen): the pipeline's route_violation event starts the incident, its route_return with the
 * same route ends it. A route unassigned meanwhile ends it too (no return will come).
 */
export const routeViolation: Evaluator<'route_violation'> = (rule, mem, x, sink) => {
  if (memNum(mem, 'roid') === null) {
    const e = findEvent(x, VIOLATION, rule.param.roid);
    if (!e) return;
    const off = e.attributes.off_route;
    mem.roid = e.ref;
    mem.since = x.time;
    mem.name = typeof e.attributes.name === 'string' ? e.attributes.name : `Route ${e.ref}`;
    mem.off = typeof off === 'number' ? off : null;
  }
  const roid = memNum(mem, 'roid')!;
  const back = findEvent(x, RETURN, roid);
  if (back || (x.places !== undefined && !assigned(x, roid))) {
    if (sink.open) sink.end(x.time, facts(x, routeEvidence(mem, roid)));
    mem.roid = undefined;
    mem.since = undefined;
    mem.name = undefined;
    mem.off = undefined;
    return;
  }
  // Asked again while off the route: an excursion that began before the window opens counts.
  if (!sink.open) sink.start(memNum(mem, 'since') ?? x.time, facts(x, routeEvidence(mem, roid)));
};

function routeEvidence(mem: Record<string, unknown>, roid: number) {
  return { roid, route_name: mem.name, off_route_m: mem.off ?? null };
}

/** Whether route `roid` is (still) assigned to the unit. */
function assigned(x: EvalInput, roid: number): boolean {
  const routes = x.places?.routesByUnit.get(x.rt.uid);
  if (routes === undefined) return false;
  for (let i = 0; i < routes.length; i++) if (routes[i].roid === roid) return true;
  return false;
}

/**
 * A new fix outside South Africa after one inside (border.ts): one incident per exit. The unit's
 * first fix only sets the memory, so a rule created for a vehicle already abroad raises nothing.
 */
export const borderCrossing: Evaluator<'border_crossing'> = (rule, mem, x, sink) => {
  if (!x.newFix) return;
  const inside = insideSouthAfrica(x.rec.lat, x.rec.lon);
  if (mem.inside === true && !inside) sink.instant(x.time, facts(x, { direction: 'out' }));
  mem.inside = inside;
};
