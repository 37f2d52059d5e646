import { describe, expect, it } from 'vitest';
import { userOf } from '../test/fixtures';
import { userMenuItems } from './userMenuModel';
import { alertIconsFor } from './alerts/alertRules';

const labels = (type: Parameters<typeof userOf>[0], roles?: string[]) =>
  userMenuItems(userOf(type, roles ? { roles: roles as never } : {})).map((i) => i.label);

describe('user dropdown (SPEC §2, §6)', () => {
  it('gives a Full user every item', () => {
    expect(labels('full')).toEqual([
      'Home',
      'User Settings',
      'Panic Notifications',
      'Change Password',
      'Active Sessions',
      'Connection Logs',
      'Change Logs',
      'Log Out',
    ]);
  });

  it('gives User Settings only to recovery, lite and full types', () => {
    expect(labels('recovery')).toContain('User Settings');
    expect(labels('lite')).toContain('User Settings');
    expect(labels('support')).not.toContain('User Settings');
    expect(labels('track')).not.toContain('User Settings');
  });

  it('follows the roles for the other items', () => {
    expect(labels('full', ['feature_realtime'])).toEqual(['Home', 'User Settings', 'Log Out']);
    expect(labels('track', ['user_support'])).toEqual(['Home', 'Change Password', 'Log Out']);
    expect(labels('track', ['feature_users_view'])).toEqual([
      'Home',
      'Active Sessions',
      'Connection Logs',
      'Change Logs',
      'Log Out',
    ]);
  });
});

describe('alert icons (SPEC §6)', () => {
  it('shows support users the chase-up icon only', () => {
    expect(
      alertIconsFor(
        userOf('support', {
          roles: ['user_support', 'general_site_alerts', 'feature_notices', 'feature_rule_alerts'],
        }),
      ),
    ).toEqual({
      chaseups: true,
      siteAlerts: false,
      notices: false,
      ruleAlerts: false,
    });
  });

  it('shows other types each icon by its role', () => {
    expect(alertIconsFor(userOf('full'))).toEqual({
      chaseups: false,
      siteAlerts: true,
      notices: true,
      ruleAlerts: true,
    });
    expect(alertIconsFor(userOf('track', { roles: ['user_support'] }))).toEqual({
      chaseups: false,
      siteAlerts: false,
      notices: true,
      ruleAlerts: false,
    });
    expect(alertIconsFor(userOf('track'))).toEqual({
      chaseups: false,
      siteAlerts: false,
      notices: false,
      ruleAlerts: false,
    });
  });
});
