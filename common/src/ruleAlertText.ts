// One plain sentence per rule alert, from the evidence the evaluators store (the evidence keys are
// listed per type in the issue 11 brief): read by the alert list, the alert page, the e-mail and
// the SMS, so every channel words an incident the same way.
import { ruleTypeName } from './rules';

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** A duration as 'N s', 'N min N s' (under an hour) or 'N h N min'; zero parts are left out. */
export function formatAlertDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const m = Math.floor(s / 60);
    const r = s % 60;
    return r ? `${m} min ${r} s` : `${m} min`;
  }
  const totalMin = Math.floor(s / 60);
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

function kmh(v: unknown): string | null {
  const n = num(v);
  return n === null ? null : `${Math.round(n)} km/h`;
}

function volts(v: unknown): string | null {
  const n = num(v);
  return n === null ? null : `${n.toFixed(1)} V`;
}

/** ' for <duration>' when the evidence has a duration, else ''. */
function forDuration(e: Record<string, unknown>): string {
  const d = num(e.duration_s);
  return d === null ? '' : ` for ${formatAlertDuration(d)}`;
}

/** ' (limit N min)' when the rule's minutes are known. */
function limitMinutes(e: Record<string, unknown>): string {
  const m = num(e.minutes);
  return m === null ? '' : ` (limit ${formatAlertDuration(m * 60)})`;
}

type Summary = (e: Record<string, unknown>) => string;

const SUMMARIES: Record<string, Summary> = {
  location: (e) => {
    const name = str(e.location_name) ?? (num(e.lid) !== null ? `location ${e.lid}` : 'a location');
    if (e.trigger === 'exit') return `Left ${name}`;
    if (e.trigger === 'inside') {
      const d = num(e.duration_s);
      const stay = d !== null ? ` for ${formatAlertDuration(d)}` : '';
      return `Stayed inside ${name}${stay}${limitMinutes(e)}`;
    }
    return `Entered ${name}`;
  },
  speeding: (e) => {
    const peak = kmh(e.peak);
    const limit = kmh(e.limit);
    const head = peak ? `Peak ${peak}` : 'Speeding';
    return `${head} over the ${limit ?? 'speed'} limit${forDuration(e)}`;
  },
  harsh_driving: (e) => {
    const kind = str(e.kind) ?? 'driving';
    const head = `Harsh ${kind}`;
    if (e.derived !== true) return `${head} reported by the tracker`;
    const delta = num(e.delta_kmh);
    const secs = num(e.seconds);
    if (delta === null) return `${head} worked out from the change in speed`;
    const over = secs === null ? '' : ` in ${formatAlertDuration(secs)}`;
    return `${head}: speed changed by ${Math.round(Math.abs(delta))} km/h${over}`;
  },
  vehicle_moving: (e) => {
    const peak = kmh(e.peak);
    return `Moving${peak ? ` at up to ${peak}` : ''}${forDuration(e)}`;
  },
  battery_tampering: (e) => {
    const p = volts(e.power);
    if (e.event === 'tamper') return 'The tracker reported tampering';
    return `Power cut: the battery was disconnected${p ? ` (${p})` : ''}`;
  },
  battery_low: (e) => {
    const p = volts(e.power);
    const v = volts(e.volts);
    if (!p) return `Battery low${v ? ` (below ${v})` : ''}`;
    return `Battery at ${p}${v ? `, below ${v}` : ''}`;
  },
  abnormal_park: (e) => `Parked outside the chosen locations${forDuration(e)}${limitMinutes(e)}`,
  excessive_idling: (e) => `Idling with the ignition on${forDuration(e)}${limitMinutes(e)}`,
  excessive_park: (e) => `Parked${forDuration(e)}${limitMinutes(e)}`,
  excessive_ignition: (e) => `Ignition on${forDuration(e)}${limitMinutes(e)}`,
  towing: (e) => {
    const peak = kmh(e.peak);
    return `Moved with the ignition off${peak ? ` at up to ${peak}` : ''}${forDuration(e)}`;
  },
  border_crossing: () => 'Left South Africa',
  route_violation: (e) => {
    const name = str(e.route_name) ?? (num(e.roid) !== null ? `route ${e.roid}` : 'its route');
    const off = num(e.off_route_m);
    return `Left ${name}${off !== null ? ` by ${Math.round(off)} m` : ''}`;
  },
  driver_id_timeout: (e) => {
    const m = num(e.minutes);
    const within = m === null ? '' : ` within ${formatAlertDuration(m * 60)}`;
    return `No driver identified${within} of the trip start`;
  },
  immobiliser_bypass: () => 'Immobiliser bypass or push start reported',
  power_restored: (e) => {
    const p = volts(e.power);
    return `Power restored${p ? ` (${p})` : ''}`;
  },
  speed_buzzer: (e) => {
    const limit = kmh(e.limit);
    const secs = num(e.seconds);
    const peak = kmh(e.peak);
    const d = num(e.duration_s);
    const facts = [peak ? `peak ${peak}` : null, d !== null ? formatAlertDuration(d) : null].filter(
      Boolean,
    );
    const more = secs === null ? '' : ` for more than ${formatAlertDuration(secs)}`;
    const tail = facts.length ? ` (${facts.join(', ')})` : '';
    return `Over the ${limit ?? 'speed'} limit${more}, buzzer ignored${tail}`;
  },
  generic_input: (e) => {
    const input = num(e.input);
    const state = e.state === 'off' ? 'off' : 'on';
    return `Input ${input ?? '?'} switched ${state}`;
  },
};

/** One sentence saying what happened, e.g. 'Peak 132 km/h over the 120 km/h limit for 4 min 10 s'. */
export function alertSummary(type: string, evidence: Record<string, unknown>): string {
  const f = SUMMARIES[type];
  return f ? f(evidence ?? {}) : ruleTypeName(type);
}
