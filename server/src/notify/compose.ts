// The texts of the alert e-mails and SMS (issue 11 delivery): what happened, which vehicle, where
// (the nearest town and the coordinates), when in the client's time zone, and a link to the page
// that shows it. Pure: the outbox sender (outbox.ts) reads the facts and hands them here.
import { alertSummary, ruleTypeName } from '@fleet/common';
import { describeTown, nearestTown } from './towns';

export interface UnitFacts {
  uid: number;
  name: string;
  reg: string;
}

export interface RuleAlertFacts {
  raid: number;
  rule_name: string;
  /** a RuleTypeKey */
  type: string;
  /** rule_alerts.evidence, parsed */
  evidence: Record<string, unknown>;
  unit: UnitFacts;
  /** epoch ms: when the incident started */
  time: number;
  lat: number | null;
  lon: number | null;
  /** clients.timezone */
  timezone: string;
}

export interface PanicFacts {
  /** device_events.id */
  id: number;
  unit: UnitFacts;
  time: number;
  lat: number | null;
  lon: number | null;
  timezone: string;
  /** Pressed on the unit's panic remote (a panic_remote event), not its own button. */
  remote?: boolean;
}

export interface Composed {
  subject: string;
  text: string;
  html: string;
  /** One line, under 160 characters where the names allow. */
  sms: string;
}

const SMS_MAX = 160;

function zoneFormat(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(locale, { timeZone, ...opts });
}

/** The zone's short name at `t`: "SAST", "CET"; "GMT+2" where no locale knows a name. */
function zoneName(t: number, timeZone: string): string {
  let fallback = '';
  // en-ZA names South Africa's zone, en-GB Europe's, en-US America's.
  for (const locale of ['en-ZA', 'en-GB', 'en-US']) {
    const part = zoneFormat(locale, timeZone, { timeZoneName: 'short' })
      .formatToParts(t)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) continue;
    if (!/^(GMT|UTC)[+-]/.test(part)) return part;
    fallback ||= part;
  }
  return fallback || timeZone;
}

/** "Wed 25 Nov 2026 21:14 SAST": the time as the client reads it (clients.timezone). */
export function formatClientTime(t: number, timeZone: string): string {
  let zone = timeZone;
  try {
    zoneFormat('en-GB', zone, {});
  } catch {
    zone = 'Africa/Johannesburg'; // a zone this machine does not know: the default of SPEC §9
  }
  const parts = Object.fromEntries(
    zoneFormat('en-GB', zone, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(t)
      .map((p) => [p.type, p.value]),
  );
  const { weekday, day, month, year, hour, minute } = parts;
  return `${weekday} ${day} ${month} ${year} ${hour}:${minute} ${zoneName(t, zone)}`;
}

/** "12 km NE of Pretoria (-25.6630, 28.2900)", or just the coordinates, or "position unknown". */
function place(lat: number | null, lon: number | null) {
  if (lat === null || lon === null)
    return { nearest: null, town: null, full: 'position unknown' } as const;
  const coords = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  const nearest = nearestTown(lat, lon);
  const town = describeTown(nearest);
  return { nearest, town, full: town ? `${town} (${coords})` : coords };
}

function vehicle(u: UnitFacts): string {
  return u.reg && u.reg !== u.name ? `${u.name} (${u.reg})` : u.name;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Names come from users (rule and unit names): never markup in the mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Drops the middle words of an SMS that is too long, keeping its start and its end. */
function fitSms(head: string, tail: string): string {
  const line = `${head} ${tail}`.trim();
  if (line.length <= SMS_MAX) return line;
  const room = SMS_MAX - tail.length - 2;
  return room > 20 ? `${head.slice(0, room).trimEnd()}… ${tail}` : line.slice(0, SMS_MAX);
}

export function render(
  title: string,
  rows: [string, string][],
  link: { href: string; label: string },
) {
  const text = [
    title,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${link.label}: ${link.href}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="font-size:18px">${escapeHtml(title)}</h2>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(
      ([k, v]) =>
        `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** The rule alert mail and SMS; `baseUrl` is PUBLIC_URL (as in the password-reset mail). */
export function composeRuleAlert(a: RuleAlertFacts, baseUrl: string): Composed {
  const typeName = ruleTypeName(a.type);
  const summary = alertSummary(a.type, a.evidence);
  const where = place(a.lat, a.lon);
  const when = formatClientTime(a.time, a.timezone);
  const href = `${baseUrl}/#/portal/alerts/unit_alert/${a.raid}`;
  const title = `${typeName}: ${a.unit.name}`;
  const rows: [string, string][] = [
    ['Rule', `${a.rule_name} (${typeName})`],
    ['What happened', summary || typeName],
    ['Vehicle', vehicle(a.unit)],
    ['Where', where.full],
    ['When', when],
  ];
  const { text, html } = render(title, rows, { href, label: 'Open the alert' });
  const near = where.town ? `, ${where.town}` : '';
  const sms = fitSms(`${typeName}: ${a.unit.name}${near}, ${when}.`, summary ? `${summary}.` : '');
  return { subject: `${title} (${a.rule_name})`, text, html, sms };
}

/** The panic mail and SMS: "Panic button pressed on <unit> near <town> at <time>". */
export function composePanic(p: PanicFacts, baseUrl: string): Composed {
  const where = place(p.lat, p.lon);
  const when = formatClientTime(p.time, p.timezone);
  const href = `${baseUrl}/#/portal/viewrealtime/unit/${p.unit.uid}`;
  const town = where.nearest;
  const near = !town ? '' : town.distance_km < 1 ? ` in ${town.name}` : ` near ${town.name}`;
  const what = p.remote ? 'Panic remote' : 'Panic button';
  const title = `${what} pressed on ${p.unit.name}${near} at ${when}`;
  const rows: [string, string][] = [
    ['Vehicle', vehicle(p.unit)],
    ['Where', where.full],
    ['When', when],
  ];
  const { text, html } = render(title, rows, { href, label: 'Open the live map' });
  return {
    subject: `${what} pressed on ${p.unit.name}`,
    text,
    html,
    sms: fitSms(`${title}.`, href),
  };
}
