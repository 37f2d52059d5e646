// How a unit issue reads on the unit issues page: its severity (the tag's colour), and what was
// seen and what to do when the server leaves those words empty. GPS satellite counts are shown with
// what they mean for a fix.
import type { UnitIssueKind } from '@fleet/common';

export type Severity = 'error' | 'warning' | 'info';

export const SEVERITY_COLOURS: Record<Severity, string> = {
  error: 'red',
  warning: 'orange',
  info: 'blue',
};
const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'info'];

interface KindWording {
  severity: Severity;
  action: string;
}

export const ISSUE_WORDING: Record<UnitIssueKind, KindWording> = {
  'Not connecting': {
    severity: 'error',
    action:
      'Check that the vehicle still has its battery connected and has been driven lately; if it does not report within a day, ask support to check the tracker.',
  },
  'No data received': {
    severity: 'error',
    action:
      'The tracker has never reported: check that it is installed and powered, or ask support to attach the right device.',
  },
  'No GPS fix': {
    severity: 'warning',
    action:
      'Park in the open for a few minutes; if it persists, the GPS antenna may be covered or damaged.',
  },
  'Low battery': {
    severity: 'warning',
    action: 'Drive the vehicle or charge its battery: a flat battery stops the tracker reporting.',
  },
  'Battery unplugged': {
    severity: 'error',
    action: 'The tracker lost the vehicle’s power: check for tampering or a blown fuse.',
  },
  'battery charging': {
    severity: 'info',
    action: 'Nothing to do: the backup battery is charging.',
  },
  'battery level 1': {
    severity: 'warning',
    action: 'The backup battery is nearly empty: keep the vehicle powered so that it charges.',
  },
  'battery level 2': { severity: 'info', action: 'Nothing to do yet: the backup battery is low.' },
  'battery level 3': { severity: 'info', action: 'Nothing to do: the backup battery is fine.' },
  'not charging': {
    severity: 'warning',
    action: 'The backup battery is not charging: ask support to check the tracker.',
  },
  'Unknown driver tag': {
    severity: 'warning',
    action: 'Give the tag to a driver on the Drivers page, so that their trips carry their name.',
  },
};

export function severityOf(kind: string): Severity {
  return ISSUE_WORDING[kind as UnitIssueKind]?.severity ?? 'warning';
}

export function severityRank(kind: string): number {
  return SEVERITY_ORDER.indexOf(severityOf(kind));
}

export function actionFor(kind: string, given: string): string {
  return given.trim() || ISSUE_WORDING[kind as UnitIssueKind]?.action || '';
}

/**
 * Satellites in view at the last fix. Devices report a count, not the SPEC §9 signal strength
 * (0-127, whose bands would call 12 satellites "very bad"): under three there is no fix at all,
 * under five it is weak, otherwise good.
 */
export function satelliteQuality(count: number | null): { label: string; colour: string } | null {
  if (count === null || !Number.isFinite(count)) return null;
  if (count < 3) return { label: 'no fix', colour: 'red' };
  if (count < 5) return { label: 'weak', colour: 'orange' };
  return { label: 'good', colour: 'green' };
}
