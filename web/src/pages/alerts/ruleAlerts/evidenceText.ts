// Each evidence field of a rule alert in words (issue 11 item 4; the evidence keys are those the
// evaluators store, listed in the common brief), and the marks and links of the evidence page.
import { formatDuration, type RuleAlert, type RuleAlertPoint } from '@fleet/common';
import { zoned } from '../../../components/zone';

export interface Fact {
  label: string;
  value: string;
}

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

const kmh = (v: number) => `${Math.round(v)} km/h`;
const volts = (v: number) => `${v.toFixed(1)} V`;
const minutes = (v: number) => `${v} min`;

/** Exact below an hour ("4 min 10 s"), in the wording of SPEC §9 above it. */
export function preciseDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
  return formatDuration(s);
}

const TRIGGERS: Record<string, string> = {
  enter: 'Entered the location',
  exit: 'Left the location',
  inside: 'Stayed inside too long',
};
const HARSH: Record<string, string> = {
  braking: 'Harsh braking',
  acceleration: 'Harsh acceleration',
  cornering: 'Harsh cornering',
};
const EVENTS: Record<string, string> = {
  power_cut: 'Main power cut',
  tamper: 'Tampering',
  push_start: 'Push start',
  bypass: 'Immobiliser bypassed',
  immobiliser_bypass: 'Immobiliser bypassed',
};

/** "off_route_m" → "Off route m": the last resort for a key this page does not know. */
function humanKey(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function humanValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Reader = (value: unknown, evidence: Record<string, unknown>) => Fact | null;

const number =
  (label: string, format: (v: number) => string): Reader =>
  (v) => {
    const n = num(v);
    return n === null ? null : { label, value: format(n) };
  };
const words =
  (label: string, table: Record<string, string> = {}): Reader =>
  (v) =>
    v === null || v === undefined || v === ''
      ? null
      : { label, value: table[String(v)] ?? humanKey(String(v)) };

/** Evidence keys in words, by key; shared across types where the meaning is the same. */
const READERS: Record<string, Reader> = {
  location_name: (v) => (v ? { label: 'Location', value: String(v) } : null),
  trigger: words('What happened', TRIGGERS),
  limit: number('Speed limit', kmh),
  peak: number('Peak speed', kmh),
  min_speed: number('Moving above', kmh),
  grace_s: number('Grace time', preciseDuration),
  seconds: number('Allowed over the limit', preciseDuration),
  duration_s: number('Lasted', preciseDuration),
  minutes: number('Allowed time', minutes),
  kind: words('Kind', HARSH),
  derived: (v) =>
    typeof v === 'boolean'
      ? { label: 'Detected', value: v ? 'Worked out from the speed' : 'Reported by the device' }
      : null,
  delta_kmh: number('Speed change', kmh),
  event: words('Event', EVENTS),
  power: number('Power supply', volts),
  volts: number('Low battery level', volts),
  direction: (v) => (v === 'out' ? { label: 'Direction', value: 'Left South Africa' } : null),
  route_name: (v) => (v ? { label: 'Route', value: String(v) } : null),
  off_route_m: number('Off the route by', (m) => `${Math.round(m)} m`),
  trip_start: (v) =>
    typeof v === 'string' && v
      ? { label: 'Trip started', value: zoned(v).format('D MMM YYYY HH:mm') }
      : null,
  input: number('Input', (n) => `Digital input ${n}`),
  state: (v) =>
    v === null || v === undefined
      ? null
      : {
          label: 'Changed to',
          value: v === true || v === 1 || v === '1' || v === 'on' ? 'On' : 'Off',
        },
};

/** Ids the page shows by name elsewhere (the location's and route's names). */
const HIDDEN = new Set(['lid', 'roid']);

/** The speed a harsh event changed by, with its time when known: "42 km/h in 2 s". */
function harshDelta(evidence: Record<string, unknown>): Fact | null {
  const delta = num(evidence.delta_kmh);
  const secs = num(evidence.seconds);
  if (delta === null) return null;
  return {
    label: 'Speed change',
    value: secs === null ? kmh(delta) : `${kmh(delta)} in ${preciseDuration(secs)}`,
  };
}

/** Every evidence field of an alert, in words, in the order the evaluator wrote them. */
export function evidenceFacts(type: string, evidence: Record<string, unknown>): Fact[] {
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(evidence ?? {})) {
    if (HIDDEN.has(key)) continue;
    if (type === 'harsh_driving' && (key === 'delta_kmh' || key === 'seconds')) {
      if (key === 'delta_kmh') {
        const fact = harshDelta(evidence);
        if (fact) facts.push(fact);
      }
      continue;
    }
    if (type === 'speed_buzzer' && key === 'seconds') {
      const n = num(value);
      if (n !== null) facts.push({ label: 'Buzzer after', value: preciseDuration(n) });
      continue;
    }
    if (type === 'location' && key === 'minutes') {
      const n = num(value);
      if (n !== null) facts.push({ label: 'Allowed inside', value: minutes(n) });
      continue;
    }
    const reader = READERS[key];
    const fact = reader
      ? reader(value, evidence)
      : { label: humanKey(key), value: humanValue(value) };
    if (fact) facts.push(fact);
  }
  return facts;
}

/** Rules whose chart shows the limit as a line (issue 11: speeding and speed buzzer). */
export function chartLimit(alert: Pick<RuleAlert, 'type' | 'evidence'>): number | null {
  if (alert.type !== 'speeding' && alert.type !== 'speed_buzzer') return null;
  return num(alert.evidence?.limit);
}

export interface AlertMark {
  kind: 'start' | 'peak';
  lat: number;
  lon: number;
  label: string;
}

const validPoint = (p: { lat: number; lon: number }) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lon);

/**
 * The start of the incident (the alert's position, else the first fix from its time) and, for an
 * alert carrying a peak speed, the fastest fix between its start and end.
 */
export function alertMarks(
  alert: Pick<RuleAlert, 'time' | 'end' | 'lat' | 'lon' | 'evidence'>,
  points: readonly RuleAlertPoint[],
): AlertMark[] {
  const marks: AlertMark[] = [];
  const start = Date.parse(alert.time);
  const end = alert.end ? Date.parse(alert.end) : Infinity;
  const during = points.filter((p) => {
    const t = Date.parse(p.datetime);
    return validPoint(p) && t >= start && t <= end;
  });
  const startAt =
    alert.lat !== null && alert.lon !== null && validPoint({ lat: alert.lat, lon: alert.lon })
      ? { lat: alert.lat, lon: alert.lon }
      : during[0];
  if (startAt)
    marks.push({ kind: 'start', lat: startAt.lat, lon: startAt.lon, label: 'Alert start' });
  if (num(alert.evidence?.peak) !== null && during.length) {
    const peak = during.reduce((best, p) => (p.speed > best.speed ? p : best));
    marks.push({ kind: 'peak', lat: peak.lat, lon: peak.lon, label: `Peak ${kmh(peak.speed)}` });
  }
  return marks;
}

/** How long the incident lasted, or null while it goes on. */
export function alertDuration(alert: Pick<RuleAlert, 'time' | 'end'>): number | null {
  if (!alert.end) return null;
  return Math.max(0, (Date.parse(alert.end) - Date.parse(alert.time)) / 1000);
}

/**
 * The trip page of the unit on the alert's day, opened at the alert's minute (tracking README:
 * trip/{id}/{datetime}, a moment in the user's zone opens the entry running then).
 */
export function alertTripPath(alert: Pick<RuleAlert, 'uid' | 'time'>): string {
  return `/portal/trip/${alert.uid}/${zoned(alert.time).format('YYYY-MM-DDTHH:mm')}`;
}

export const ruleEditPath = (rid: number) => `/portal/rules/edit/${rid}`;
