// OsmAnd protocol over HTTP (Traccar Client, OsmAnd, many trackers): pure decoding of one request.
//
// Query/form style:  GET|POST /?id=123&lat=..&lon=..&timestamp=..&speed=<knots>&bearing=..&batt=..
// JSON style (Traccar Client 9+): {"device_id": "..", "location": {timestamp, coords: {..}, battery,
//   is_moving, odometer, event, activity, extras}} where `location` may also be an array (a batch).
import { blankRecord, type DeviceEventType, type DeviceRecord } from '../types';
import { addAlarmName, addEvent, REPORTABLE_EVENTS, settleAccidents } from './events';

export interface OsmandRequest {
  method: string;
  /** Path and query string as received, e.g. `/?id=1&lat=..`. */
  url: string;
  contentType?: string;
  body?: string;
}

export type OsmandResult = { ok: true; records: DeviceRecord[] } | { ok: false; error: string };

const KNOTS_TO_KMH = 1.852;
const MPS_TO_KMH = 3.6;
/**
 * Alarm names kept per record. A device sends one or two; without a bound, a request listing
 * thousands of distinct names costs quadratic time (each is checked against those before it).
 */
const MAX_ALARMS = 16;

/**
 * Traccar's alarm names (`alarm=sos`) → our events (docs/protocols.md, "Chase-up events").
 * `jamming` does not say which: it is taken as GPS jamming. `fallDown` is settled by the
 * ignition (settleAccidents). Our own event names are taken too (`alarm=house_alarm`).
 */
const EVENT_BY_ALARM = new Map<string, DeviceEventType>([
  ['sos', 'panic'],
  ['powerCut', 'power_cut'],
  ['powerRestored', 'power_restored'],
  ['lowBattery', 'low_battery'],
  ['lowPower', 'low_battery'],
  ['tampering', 'tamper'],
  ['vibration', 'tamper'],
  ['accident', 'crash'],
  ['tow', 'towing'],
  ['jamming', 'gps_jamming'],
  ['gpsAntennaCut', 'gps_fault'],
  ['removing', 'harness_unplugged'],
  ['hardBraking', 'harsh_braking'],
  ['hardAcceleration', 'harsh_acceleration'],
  ['hardCornering', 'harsh_cornering'],
  ['overspeed', 'overspeed'],
  ...[...REPORTABLE_EVENTS].map((type) => [type, type] as [string, DeviceEventType]),
]);

export function decodeOsmand(req: OsmandRequest, now: number): OsmandResult {
  const qs = req.url.indexOf('?');
  const params = new URLSearchParams(qs >= 0 ? req.url.slice(qs + 1) : '');
  const body = req.body?.trim() ?? '';
  const type = (req.contentType ?? '').toLowerCase();
  if (body && (type.includes('json') || body[0] === '{' || body[0] === '[')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, error: 'body is not valid JSON' };
    }
    return decodeJson(json, params, now);
  }
  if (body && req.method === 'POST') {
    for (const [k, v] of new URLSearchParams(body)) params.append(k, v);
  }
  return decodeParams(params, now);
}

function parseTime(value: string): number {
  if (/^\d+(\.\d+)?$/.test(value)) {
    const n = Number(value);
    // Seconds below 2^31, milliseconds above (both are sent by different apps).
    const t = n < 2147483648 ? Math.round(n * 1000) : Math.round(n);
    // Hundreds of digits overflow to Infinity: as unreadable as a malformed date.
    return Number.isFinite(t) ? t : NaN;
  }
  let iso = value.trim().replace(' ', 'T');
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(iso)) iso += 'Z';
  return Date.parse(iso);
}

function num(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function scalar(value: string): number | string | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : value;
}

function blank(deviceId: string, now: number): DeviceRecord {
  return blankRecord('osmand', deviceId, now);
}

function setLocation(rec: DeviceRecord, lat: number, lon: number): boolean {
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return false;
  rec.lat = lat;
  rec.lon = lon;
  rec.hasLocation = true;
  rec.valid = true;
  return true;
}

/** A unit conversion that stays finite (1e308 knots is no speed). */
function scaled(v: number, factor: number): number | undefined {
  const x = v * factor;
  return Number.isFinite(x) ? x : undefined;
}

function applyAlarm(rec: DeviceRecord, value: string): void {
  for (const raw of value.split(',', MAX_ALARMS)) {
    const name = raw.trim();
    const type = EVENT_BY_ALARM.get(name);
    // The alarm name is kept as the device sent it (`vibration` is our tamper).
    if (type) addEvent(rec, type, name);
    else if (name) addAlarmName(rec, name);
  }
}

function decodeParams(params: URLSearchParams, now: number): OsmandResult {
  const deviceId = params.get('id') ?? params.get('deviceid');
  if (!deviceId) return { ok: false, error: 'missing id' };
  const rec = blank(deviceId, now);
  const a = rec.attributes;
  let lat: number | undefined;
  let lon: number | undefined;
  for (const [key, value] of params) {
    switch (key) {
      case 'id':
      case 'deviceid':
        break;
      case 'valid':
        rec.valid = value === 'true' || value === '1';
        a.valid = rec.valid;
        break;
      case 'timestamp': {
        const t = parseTime(value);
        if (Number.isNaN(t)) return { ok: false, error: 'bad timestamp' };
        rec.fixTime = t;
        break;
      }
      case 'lat':
        lat = num(value);
        if (lat === undefined) return { ok: false, error: 'bad lat' };
        break;
      case 'lon':
        lon = num(value);
        if (lon === undefined) return { ok: false, error: 'bad lon' };
        break;
      case 'location': {
        const [la, lo] = value.split(',').map((s) => num(s));
        if (la === undefined || lo === undefined) return { ok: false, error: 'bad location' };
        lat = la;
        lon = lo;
        break;
      }
      case 'speed': {
        const v = num(value);
        const kmh = v === undefined ? undefined : scaled(Math.max(0, v), KNOTS_TO_KMH);
        if (kmh !== undefined) rec.speed = kmh;
        break;
      }
      case 'bearing':
      case 'heading': {
        const v = num(value);
        if (v !== undefined && v >= 0) rec.course = v % 360;
        break;
      }
      case 'altitude':
        rec.altitude = num(value);
        break;
      case 'accuracy':
        rec.accuracy = num(value);
        break;
      case 'hdop':
        a.hdop = num(value) ?? value;
        break;
      case 'batt':
        rec.batteryLevel = num(value);
        break;
      case 'ignition':
        rec.ignition = value === 'true' || value === '1';
        break;
      case 'motion':
        rec.motion = value === 'true' || value === '1';
        break;
      case 'driverUniqueId':
        rec.driverId = value;
        break;
      case 'alarm':
        applyAlarm(rec, value);
        break;
      case 'cell':
      case 'wifi':
        // Network data for a geolocation service; several may repeat, keep them joined.
        a[key] = typeof a[key] === 'string' ? `${a[key]};${value}` : value;
        break;
      default:
        a[key] = scalar(value);
    }
  }
  if (lat !== undefined || lon !== undefined) {
    const valid = rec.valid;
    if (lat === undefined || lon === undefined || !setLocation(rec, lat, lon)) {
      return { ok: false, error: 'bad coordinates' };
    }
    if (params.has('valid')) rec.valid = valid;
  }
  settleAccidents(rec);
  return { ok: true, records: [rec] };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const jnum = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

function decodeJson(json: unknown, params: URLSearchParams, now: number): OsmandResult {
  if (!isObject(json)) return { ok: false, error: 'JSON body must be an object' };
  const outerId = json.device_id ?? json.deviceId ?? json.id ?? params.get('id');
  const locations = Array.isArray(json.location) ? json.location : [json.location];
  const records: DeviceRecord[] = [];
  for (const loc of locations) {
    if (!isObject(loc)) return { ok: false, error: 'missing location' };
    const id = loc.device_id ?? outerId;
    if ((typeof id !== 'string' && typeof id !== 'number') || id === '') {
      return { ok: false, error: 'missing device_id' };
    }
    const rec = blank(String(id), now);
    if (!decodeJsonLocation(rec, loc)) return { ok: false, error: 'bad location' };
    records.push(rec);
  }
  return records.length ? { ok: true, records } : { ok: false, error: 'no location' };
}

function decodeJsonLocation(rec: DeviceRecord, loc: Json): boolean {
  const a = rec.attributes;
  if (typeof loc.timestamp === 'string' || typeof loc.timestamp === 'number') {
    const t = parseTime(String(loc.timestamp));
    if (Number.isNaN(t)) return false;
    rec.fixTime = t;
  }
  const c = loc.coords;
  if (isObject(c)) {
    const lat = jnum(c.latitude);
    const lon = jnum(c.longitude);
    if (lat === undefined || lon === undefined || !setLocation(rec, lat, lon)) return false;
    const speed = jnum(c.speed);
    if (speed !== undefined && speed > 0) rec.speed = scaled(speed, MPS_TO_KMH) ?? 0;
    const heading = jnum(c.heading);
    if (heading !== undefined && heading >= 0) rec.course = heading % 360;
    rec.altitude = jnum(c.altitude);
    const accuracy = jnum(c.accuracy);
    if (accuracy !== undefined && accuracy >= 0) rec.accuracy = accuracy;
  }
  if (isObject(loc.battery)) {
    const level = jnum(loc.battery.level);
    const percent = level !== undefined && level >= 0 ? scaled(level, 100) : undefined;
    if (percent !== undefined) rec.batteryLevel = Math.round(percent);
    if (typeof loc.battery.is_charging === 'boolean') a.charge = loc.battery.is_charging;
  }
  if (typeof loc.is_moving === 'boolean') rec.motion = loc.is_moving;
  const odometer = jnum(loc.odometer);
  if (odometer !== undefined) rec.odometer = odometer;
  if (typeof loc.event === 'string') a.event = loc.event;
  if (isObject(loc.activity) && typeof loc.activity.type === 'string') {
    a.activity = loc.activity.type;
  }
  if (typeof loc.alarm === 'string') applyAlarm(rec, loc.alarm);
  if (isObject(loc.extras)) {
    for (const [k, v] of Object.entries(loc.extras)) {
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') a[k] = v;
    }
    if (typeof loc.extras.ignition === 'boolean') rec.ignition = loc.extras.ignition;
  }
  settleAccidents(rec);
  return true;
}
