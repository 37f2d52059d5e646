import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_ROLES,
  DEFAULT_ROLES,
  USER_TYPES,
  checkPermission,
  routeAllowed,
  serviceTypeAllowed,
  userTypeAllowed,
} from './roles';
import { ruleTypesForAccount } from './rules';
import { SERVICE_TYPES } from './enums';

afterEach(() => vi.restoreAllMocks());

describe('permission check (SPEC §6)', () => {
  it('passes when the user holds at least one required role', () => {
    expect(checkPermission(['feature_trips'], ['feature_realtime', 'feature_trips'])).toBe(true);
    expect(checkPermission(['feature_trips'], ['feature_reports'])).toBe(false);
  });
  it("treats an empty or missing list as the developer error 'need roles!' and denies", () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(checkPermission(['feature_trips'], [])).toBe(false);
    expect(checkPermission(['feature_trips'], undefined)).toBe(false);
    expect(err).toHaveBeenCalledWith('need roles!');
  });
  it('routes without roles are open; with roles need one of them', () => {
    expect(routeAllowed(['feature_trips'])).toBe(true);
    expect(routeAllowed(['feature_trips'], ['user_support'])).toBe(false);
  });
  it('type and service-type lists match api names', () => {
    expect(userTypeAllowed('lite', ['lite', 'full'])).toBe(true);
    expect(userTypeAllowed('recovery', ['lite', 'full'])).toBe(false);
    expect(
      serviceTypeAllowed(
        'old_lite',
        SERVICE_TYPES.map((s) => s.api_name),
      ),
    ).toBe(true);
  });
});

describe('user types and default roles', () => {
  it('has every SPEC user type with an api_name and a non-empty default role set', () => {
    expect(USER_TYPES.map((t) => t.name)).toEqual([
      'Old User',
      'Support',
      'Track',
      'Recovery',
      'Lite',
      'Full',
      'Track All',
      'Sign Up',
      'Stealth',
    ]);
    for (const t of USER_TYPES) expect(DEFAULT_ROLES[t.api_name].length).toBeGreaterThan(0);
  });
  it('Full gets every client feature, Lite a subset, Recovery a smaller one, Support the support role', () => {
    expect(DEFAULT_ROLES.full).not.toContain('user_support');
    expect(DEFAULT_ROLES.full.length).toBe(ALL_ROLES.length - 2);
    for (const r of DEFAULT_ROLES.lite) expect(DEFAULT_ROLES.full).toContain(r);
    for (const r of DEFAULT_ROLES.recovery) expect(DEFAULT_ROLES.lite).toContain(r);
    expect(DEFAULT_ROLES.lite).not.toContain('feature_stealth_units');
    expect(DEFAULT_ROLES.support).toContain('user_support');
  });
  it('rule types by account follow SPEC §6', () => {
    expect(ruleTypesForAccount('recovery').map((r) => r.name)).toEqual([
      'Location',
      'Vehicle Moving',
      'Border crossing (South Africa)',
    ]);
    expect(ruleTypesForAccount('lite')).toHaveLength(7);
    expect(ruleTypesForAccount('full')).toHaveLength(18);
  });
});
