// Incidents for the recovery desk's demo (issue 16 item 9): now and then a demo vehicle's driver
// presses the panic button, a parked vehicle's battery is cut, or a parked vehicle is towed away.
// The vehicle's tracker reports it over its real protocol (panic, unplug / power cut, towing), so a
// fresh install shows chase-ups arriving.
//
// The plan is the fleet's, drawn from the simulator's seed: about one incident every 10 to 20
// minutes of simulation time across the demo fleet of 45 vehicles (a smaller fleet sees
// proportionally fewer), each given to a vehicle picked by the draw. It depends on nothing but the
// seed, the start and the fleet's size, so history and live replay the same incidents. A vehicle
// takes its incident at its first step at or after the incident's time where it can: a panic at
// once, a battery cut or a tow once it is parked (sim/vehicle.ts).
import { seededRandom, type Random } from '@fleet/common';
import { between, seedFor } from './random';

export type IncidentKind = 'panic' | 'power_cut' | 'tow';

export interface SimIncident {
  /** Simulation time, epoch ms. */
  time: number;
  kind: IncidentKind;
  /** How long the battery stays cut (a power cut). */
  cutMs: number;
  /** The tow (a tow): how long the vehicle is on the truck, its course and speed. */
  tow: { durationMs: number; course: number; speed: number };
}

/** The demo fleet the incident rate is set for (45 demo units), and the gap between incidents. */
export const INCIDENT_FLEET = 45;
export const INCIDENT_GAP_MIN: readonly [number, number] = [10, 20];
/** An incident a vehicle could not take this long (it never parked) is dropped. */
export const INCIDENT_EXPIRY_MS = 6 * 3600_000;

const KINDS: readonly IncidentKind[] = ['panic', 'power_cut', 'tow'];

export class IncidentPlan {
  private readonly rand: Random;
  private readonly gapScale: number;
  private next: { index: number; incident: SimIncident };

  /** `vehicles`: the fleet's size; incidents start after `start`. */
  constructor(
    seed: number,
    start: number,
    private readonly vehicles: number,
  ) {
    this.rand = seededRandom(seedFor(seed, 'recovery-incidents'));
    this.gapScale = INCIDENT_FLEET / Math.max(1, vehicles);
    this.next = this.draw(start);
  }

  /** Every incident due up to `until`, with the index of its vehicle, oldest first. */
  due(until: number): { index: number; incident: SimIncident }[] {
    const out: { index: number; incident: SimIncident }[] = [];
    if (this.vehicles < 1) return out;
    while (this.next.incident.time <= until) {
      out.push(this.next);
      this.next = this.draw(this.next.incident.time);
    }
    return out;
  }

  /** The incident after `after`: always the same seven draws, whatever it turns out to be. */
  private draw(after: number): { index: number; incident: SimIncident } {
    const r = this.rand;
    const gap = between(r, INCIDENT_GAP_MIN[0], INCIDENT_GAP_MIN[1]) * 60_000 * this.gapScale;
    const index = Math.min(this.vehicles - 1, Math.floor(r() * this.vehicles));
    const kind = KINDS[Math.min(KINDS.length - 1, Math.floor(r() * KINDS.length))];
    const cutMs = Math.round(between(r, 20, 60) * 60_000);
    const durationMs = Math.round(between(r, 120, 300) * 1000);
    const course = r() * 360;
    const speed = between(r, 28, 36);
    return {
      index: Math.max(0, index),
      incident: {
        time: after + Math.round(gap),
        kind,
        cutMs,
        tow: { durationMs, course, speed },
      },
    };
  }
}
