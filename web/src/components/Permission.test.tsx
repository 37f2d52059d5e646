import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { useSession } from '../auth/session';
import { userOf } from '../test/fixtures';
import { Permission, usePermission } from './Permission';

afterEach(() => {
  useSession.setState({ user: null });
  vi.restoreAllMocks();
});

describe('permission gate (SPEC §6)', () => {
  it('renders for a user holding one of the roles', () => {
    useSession.setState({ user: userOf('lite') });
    render(
      <>
        <Permission roles={['feature_reports', 'user_support']}>reports</Permission>
        <Permission roles={['general_manage_all_users']} fallback={<span>read only</span>}>
          manage
        </Permission>
      </>,
    );
    expect(screen.getByText('reports')).toBeTruthy();
    expect(screen.queryByText('manage')).toBeNull();
    expect(screen.getByText('read only')).toBeTruthy();
  });

  it('denies an empty role list as a developer error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    useSession.setState({ user: userOf('full') });
    const { result } = renderHook(() => usePermission([]));
    expect(result.current).toBe(false);
    expect(error).toHaveBeenCalledWith('need roles!');
  });

  it('denies everything without a user', () => {
    const { result } = renderHook(() => usePermission(['feature_reports']));
    expect(result.current).toBe(false);
  });
});
