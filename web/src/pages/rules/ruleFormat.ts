// How a rule reads in the list and on the form: its days and hours ("Mon–Fri 0:00–24:00") and the
// units it applies to (SPEC §9: at most 3 names, then "... and N more").
import {
  AFFECTED_UNITS_SHOWN,
  RULE_DAYS,
  serviceTypeSupportsRule,
  summarizeNames,
  type UnitListItem,
} from '@fleet/common';

/** Days 1 (Monday) … 7 (Sunday) as runs: "Mon–Fri", "Mon, Wed, Sat–Sun", "Every day". */
export function formatDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  if (sorted.length === 0) return 'No days';
  const short = (d: number) => RULE_DAYS[d - 1]!.short;
  const runs: string[] = [];
  let from = sorted[0]!;
  let prev = from;
  for (const d of [...sorted.slice(1), Infinity]) {
    if (d === prev + 1) {
      prev = d;
      continue;
    }
    runs.push(from === prev ? short(from) : `${short(from)}–${short(prev)}`);
    from = d;
    prev = d;
  }
  return runs.join(', ');
}

export function formatWindow(rule: { days: readonly number[]; start: string; end: string }) {
  return `${formatDays(rule.days)} ${rule.start}–${rule.end}`;
}

/** Names of the given units (in the order of `units`), "... and N more" past 3. */
export function unitNames(uids: readonly number[], units: readonly UnitListItem[]): string {
  const wanted = new Set(uids);
  const names = units.filter((u) => wanted.has(u.uid)).map((u) => u.name);
  // Units not in the user's list (not loaded yet, or not visible to this user) still count.
  const unknown = uids.length - names.length;
  if (unknown <= 0 || names.length >= AFFECTED_UNITS_SHOWN)
    return unknown <= 0
      ? summarizeNames(names)
      : `${names.slice(0, AFFECTED_UNITS_SHOWN).join(', ')} ... and ${uids.length - AFFECTED_UNITS_SHOWN} more`;
  const others = `${unknown} other unit${unknown === 1 ? '' : 's'}`;
  return names.length
    ? `${names.join(', ')} and ${others}`
    : `${unknown} unit${unknown === 1 ? '' : 's'}`;
}

/** Units that cannot trigger a rule of this type (SPEC §6 account types, by service type). */
export function unsupportedUnits(units: readonly UnitListItem[], type: string): UnitListItem[] {
  return units.filter((u) => !serviceTypeSupportsRule(u.service_type, type));
}
