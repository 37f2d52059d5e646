// The alert e-mail and SMS texts: what happened, which vehicle, where (nearest town), when in the
// client's time zone, and the link to the alert page.
import { describe, expect, it } from 'vitest';
import {
  composePanic,
  composeRuleAlert,
  formatClientTime,
  type RuleAlertFacts,
} from '../../../src/notify/compose';

// Wed 25 Nov 2026 19:14 UTC: 21:14 in Johannesburg (UTC+2), 20:14 in Paris (UTC+1).
const T = Date.UTC(2026, 10, 25, 19, 14, 30);
const BASE = 'https://fleet.example.com';

const speeding: RuleAlertFacts = {
  raid: 4321,
  rule_name: 'Highway 120',
  type: 'speeding',
  evidence: { limit: 120, peak: 132, duration_s: 250, grace_s: 30 },
  unit: { uid: 7, name: 'Truck 7', reg: 'CA 123-456' },
  time: T,
  // 0.1° north of Beaufort West: 11 km N of it.
  lat: -32.2566,
  lon: 22.583,
  timezone: 'Africa/Johannesburg',
};

describe('formatClientTime', () => {
  it("shows the time in the client's zone with the zone's name", () => {
    expect(formatClientTime(T, 'Africa/Johannesburg')).toBe('Wed 25 Nov 2026 21:14 SAST');
    expect(formatClientTime(T, 'Europe/Paris')).toBe('Wed 25 Nov 2026 20:14 CET');
    expect(formatClientTime(T, 'UTC')).toBe('Wed 25 Nov 2026 19:14 UTC');
  });

  it('crosses midnight into the next day where the zone is ahead', () => {
    const late = Date.UTC(2026, 10, 25, 23, 30);
    expect(formatClientTime(late, 'Africa/Johannesburg')).toBe('Thu 26 Nov 2026 01:30 SAST');
  });

  it('falls back to South African time for a zone the machine does not know', () => {
    expect(formatClientTime(T, 'Mars/Olympus')).toBe('Wed 25 Nov 2026 21:14 SAST');
  });
});

describe('composeRuleAlert', () => {
  const m = composeRuleAlert(speeding, BASE);

  it('says what happened, to which vehicle, where and when, and links to the alert', () => {
    expect(m.subject).toBe('Speeding: Truck 7 (Highway 120)');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Highway 120');
      expect(part).toMatch(/132 km\/h/);
      expect(part).toMatch(/120 km\/h/);
      expect(part).toContain('Truck 7 (CA 123-456)');
      expect(part).toContain('11 km N of Beaufort West');
      expect(part).toContain('-32.2566, 22.5830');
      expect(part).toContain('Wed 25 Nov 2026 21:14 SAST');
      expect(part).toContain(`${BASE}/#/portal/alerts/unit_alert/4321`);
    }
  });

  it('makes the SMS one short line with the vehicle, place, time and what happened', () => {
    expect(m.sms).not.toContain('\n');
    expect(m.sms.length).toBeLessThanOrEqual(160);
    expect(m.sms).toMatch(
      /^Speeding: Truck 7, 11 km N of Beaufort West, Wed 25 Nov 2026 21:14 SAST\./,
    );
    expect(m.sms).toMatch(/132 km\/h/);
  });

  it('keeps the SMS under 160 characters when the names are long', () => {
    const long = composeRuleAlert(
      { ...speeding, unit: { uid: 7, name: 'Refrigerated Truck '.repeat(6), reg: '' } },
      BASE,
    );
    expect(long.sms.length).toBeLessThanOrEqual(160);
    expect(long.sms).toMatch(/132 km\/h/);
  });

  it("never lets a user's names become markup in the HTML", () => {
    const evil = composeRuleAlert(
      {
        ...speeding,
        rule_name: '<script>alert(1)</script>',
        unit: { uid: 7, name: '<b onmouseover=x>', reg: '' },
      },
      BASE,
    );
    expect(evil.html).not.toContain('<script>');
    expect(evil.html).not.toContain('<b onmouseover');
    expect(evil.html).toContain('&lt;script&gt;');
  });

  it('says the position is unknown when the alert has none, in the client zone still', () => {
    const noFix = composeRuleAlert(
      { ...speeding, lat: null, lon: null, timezone: 'Europe/Paris' },
      BASE,
    );
    expect(noFix.text).toContain('Where: position unknown');
    expect(noFix.text).toContain('Wed 25 Nov 2026 20:14 CET');
  });
});

describe('composePanic', () => {
  it('says "Panic button pressed on <unit> near <town> at <time>" and links to the live map', () => {
    const m = composePanic(
      {
        id: 99,
        unit: speeding.unit,
        time: T,
        lat: speeding.lat,
        lon: speeding.lon,
        timezone: 'Africa/Johannesburg',
      },
      BASE,
    );
    expect(m.text.split('\n')[0]).toBe(
      'Panic button pressed on Truck 7 near Beaufort West at Wed 25 Nov 2026 21:14 SAST',
    );
    expect(m.text).toContain('11 km N of Beaufort West');
    expect(m.text).toContain(`${BASE}/#/portal/viewrealtime/unit/7`);
    expect(m.sms).toMatch(/^Panic button pressed on Truck 7 near Beaufort West at .*SAST\./);
    expect(m.sms.length).toBeLessThanOrEqual(160);
  });

  it('names the panic remote when the press came from one', () => {
    const m = composePanic(
      {
        id: 100,
        unit: speeding.unit,
        time: T,
        lat: null,
        lon: null,
        timezone: 'Africa/Johannesburg',
        remote: true,
      },
      BASE,
    );
    expect(m.subject).toBe('Panic remote pressed on Truck 7');
    expect(m.sms).toMatch(/^Panic remote pressed on Truck 7 at .*SAST\./);
  });
});
