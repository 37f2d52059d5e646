// The evidence page of one rule alert against a fake of get_rule_alert: the facts in words, the
// map's marks and limit (the map itself is a stand-in: no WebGL), and the links to trip and rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';
import { mockApi } from '../../../test/mockApi';
import { userOf } from '../../../test/fixtures';
import type { AlertMark } from './evidenceText';
import { markNewAlert, useNewAlertMarks } from './newAlertMarks';
import { ruleAlertDetailOf } from './testAlerts';

vi.mock('./EvidenceMap', () => ({
  default: (p: { limit: number | null; marks: AlertMark[]; points: unknown[] }) => (
    <output data-testid="evidence-map" data-limit={String(p.limit)} data-points={p.points.length}>
      {p.marks.map((m) => `${m.kind}@${m.lat},${m.lon}:${m.label}`).join(' | ')}
    </output>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const zoneUser = (type: 'full' | 'lite' = 'full') =>
  userOf(type, { settings: { timezone: 'Africa/Johannesburg' } });

describe('rule alert evidence page', () => {
  it('shows the summary, the facts and evidence in words, the marks and the links', async () => {
    const api = mockApi({
      get_rule_alert: () => ({ data: { rule_alert: ruleAlertDetailOf(12) } }),
    });
    markNewAlert(7, 12);
    renderApp('/portal/alerts/unit_alert/12', { user: zoneUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Speeding: Truck 7' }),
    ).toBeTruthy();
    expect(api.requestsOf('get_rule_alert')[0].parameters).toEqual({ raid: 12 });
    expect(screen.getByTestId('rule-alert-summary').textContent).toBe(
      'Peak 132 km/h over the 120 km/h limit for 4 min 10 s',
    );
    const term = (label: string) =>
      [...document.querySelectorAll('th.ant-descriptions-item-label')].find(
        (th) => th.textContent === label,
      )?.nextElementSibling?.textContent;
    expect(term('Unit')).toBe('Truck 7 (JOH-12)');
    expect(term('Started')).toBe('2026-11-20 10:00');
    expect(term('Ended')).toBe('2026-11-20 10:04');
    expect(term('Duration')).toBe('4 min 10 s');
    expect(term('Speed limit')).toBe('120 km/h');
    expect(term('Peak speed')).toBe('132 km/h');
    expect(term('Lasted')).toBe('4 min 10 s');
    expect(term('Grace time')).toBe('30 s');

    // The start at the alert's position, the peak at the fastest fix, the limit as a line.
    const map = screen.getByTestId('evidence-map');
    expect(map.getAttribute('data-limit')).toBe('120');
    expect(map.getAttribute('data-points')).toBe('5');
    expect(map.textContent).toBe('start@-26.1,28:Alert start | peak@-26.1,28.02:Peak 132 km/h');

    const links = within(screen.getByRole('region', { name: 'See also' }));
    expect(
      links.getByRole('link', { name: 'Trips of Truck 7 that day' }).getAttribute('href'),
    ).toBe('/portal/trip/7/2026-11-20T10:00');
    expect(links.getByRole('link', { name: 'The rule “Highway limit”' }).getAttribute('href')).toBe(
      '/portal/rules/edit/4',
    );
    // Opening the alert takes its unit's mark off the live map.
    expect(useNewAlertMarks.getState().byUnit[7]).toBeUndefined();
  });

  it('says when the rule was deleted, draws no limit for other types, and still links the trip', async () => {
    mockApi({
      get_rule_alert: () => ({
        data: {
          rule_alert: ruleAlertDetailOf(13, {
            type: 'location',
            type_name: 'Location',
            summary: 'Left Main Depot',
            evidence: { lid: 3, location_name: 'Main Depot', trigger: 'exit' },
            end: null,
            open: true,
            rule: null,
          }),
        },
      }),
    });
    renderApp('/portal/alerts/unit_alert/13', { user: zoneUser() });
    expect(await screen.findByText('Left Main Depot')).toBeTruthy();
    expect(screen.getByText('This incident is still going on.')).toBeTruthy();
    expect(screen.getByText('Main Depot')).toBeTruthy();
    expect(screen.getByText('Left the location')).toBeTruthy();
    expect(screen.getByText('Highway limit (deleted)')).toBeTruthy();
    expect(screen.getByText('The rule was deleted.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /The rule/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Trips of Truck 7 that day' })).toBeTruthy();
    const map = screen.getByTestId('evidence-map');
    expect(map.getAttribute('data-limit')).toBe('null');
    expect(map.textContent).toBe('start@-26.1,28:Alert start');
  });

  it('answers an unknown alert with a way back to the list', async () => {
    mockApi({ get_rule_alert: () => ({ result: 1, message: 'Rule alert not found' }) });
    renderApp('/portal/alerts/unit_alert/99', { user: zoneUser() });
    expect(await screen.findByText('No such alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All rule alerts' }).getAttribute('href')).toBe(
      '/portal/alerts/unit_alert',
    );
  });
});
