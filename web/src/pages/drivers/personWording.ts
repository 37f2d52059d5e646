// How person roles and contact roles read (SPEC §6, §3). Role 11 (DELETED) is never shown: it is
// not in these lists, and the people it marks are not listed at all. "Don't contact" and the
// no_afterhours_contact contact role mean the same thing (SPEC-CHECKLIST decision): no calls after
// hours or at weekends.
import {
  CONTACT_ROLES,
  PERSON_ROLE_DELETED,
  PERSON_ROLE_DRIVER,
  PERSON_ROLES,
} from '@fleet/common';

export const NO_AFTER_HOURS = 'No calls after hours or at weekends';
export const DONT_CONTACT_ROLE = 10;

/** The role codes a person may be given, in code order: every one but 11. */
export const ROLE_CODES: number[] = Object.keys(PERSON_ROLES)
  .map(Number)
  .filter((code) => code !== PERSON_ROLE_DELETED)
  .sort((a, b) => a - b);

/** The SPEC §6 words a role code carries beyond its name. */
const ROLE_NOTES: Record<number, string> = {
  2: 'contact for installations',
  [DONT_CONTACT_ROLE]: 'no emergency calls after hours or at weekends',
};

/** A role's name with its SPEC §6 note, for checkboxes and filters: "Fleet manager (contact…)". */
export function roleLabel(code: number): string {
  const note = ROLE_NOTES[code];
  return note ? `${PERSON_ROLES[code]} (${note})` : (PERSON_ROLES[code] ?? `Role ${code}`);
}

/** A role as a tag in a list: its name, or for Don't contact what it asks of the caller. */
export function roleTag(code: number): string {
  return code === DONT_CONTACT_ROLE ? NO_AFTER_HOURS : (PERSON_ROLES[code] ?? `Role ${code}`);
}

/** The roles of a person that may be shown, in code order (never 11). */
export function shownRoles(roles: readonly number[]): number[] {
  return ROLE_CODES.filter((code) => roles.includes(code));
}

export type ContactRole = (typeof CONTACT_ROLES)[number];

export const CONTACT_ROLE_LABELS: Record<ContactRole, string> = {
  business_owner: 'Business owner',
  fleet_manager: 'Fleet manager',
  billing_accounts: 'Billing',
  emergency_contact: 'Emergency contact',
  no_afterhours_contact: NO_AFTER_HOURS,
};

export const CONTACT_ROLE_COLOURS: Record<ContactRole, string> = {
  business_owner: 'purple',
  fleet_manager: 'blue',
  billing_accounts: 'cyan',
  emergency_contact: 'red',
  no_afterhours_contact: 'default',
};

export function contactRoleLabel(role: string): string {
  return CONTACT_ROLE_LABELS[role as ContactRole] ?? role;
}

export const DRIVER_ROLE = PERSON_ROLE_DRIVER;

export function fullName(p: { title?: string; first_name: string; surname: string }): string {
  return [p.first_name, p.surname].filter(Boolean).join(' ');
}

/** The letters an avatar shows when there is no photo (the list carries none). */
export function initials(p: { first_name: string; surname: string }): string {
  return `${p.first_name.charAt(0)}${p.surname.charAt(0)}`.toUpperCase() || '?';
}
