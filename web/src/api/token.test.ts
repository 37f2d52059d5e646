import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearToken,
  clearTrackToken,
  getToken,
  getTrackToken,
  setCookiePolicy,
  setToken,
  setTrackToken,
} from './token';

afterEach(() => {
  vi.restoreAllMocks();
  setCookiePolicy('Lax');
  clearToken();
  clearTrackToken();
});

function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

describe('token cookie (SPEC §4)', () => {
  it('is named token and carries the theme’s SameSite', () => {
    const writes = spyCookieWrites();
    setCookiePolicy('Strict');
    setToken('t1');
    expect(writes[0]).toMatch(/^token=t1; Path=\/; Max-Age=\d+; SameSite=Strict$/);
    expect(getToken()).toBe('t1');
  });

  it('is Secure when SameSite is None', () => {
    const writes = spyCookieWrites();
    setCookiePolicy('None');
    setToken('t2');
    expect(writes[0]).toMatch(/SameSite=None; Secure$/);
  });

  it('is cleared on logout', () => {
    setToken('t3');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('track token cookie (SPEC §3, §4)', () => {
  it('is named track_token, on Path=/ for 30 days with the theme’s SameSite', () => {
    const writes = spyCookieWrites();
    setCookiePolicy('Strict');
    setTrackToken('fleet-1');
    expect(writes).toEqual([
      `track_token=fleet-1; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Strict`,
    ]);
    expect(getTrackToken()).toBe('fleet-1');
  });

  it('is Secure when SameSite is None', () => {
    const writes = spyCookieWrites();
    setCookiePolicy('None');
    setTrackToken('fleet-2');
    expect(writes[0]).toMatch(/^track_token=fleet-2; .*SameSite=None; Secure$/);
  });

  it('falls back to Lax when the browser refuses the Secure cookie (plain http)', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      if (!value.includes('Secure')) descriptor.set!.call(document, value);
    });
    setCookiePolicy('None');
    setTrackToken('fleet-3');
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatch(/SameSite=Lax$/);
    expect(getTrackToken()).toBe('fleet-3');
    clearTrackToken();
    expect(getTrackToken()).toBeNull();
  });

  it('is apart from the session token: neither one writes or clears the other', () => {
    setToken('session');
    setTrackToken('fleet-4');
    expect(getToken()).toBe('session');
    expect(getTrackToken()).toBe('fleet-4');
    // Logging out clears the session only.
    clearToken();
    expect(getToken()).toBeNull();
    expect(getTrackToken()).toBe('fleet-4');
    setToken('session-2');
    clearTrackToken();
    expect(getToken()).toBe('session-2');
    expect(getTrackToken()).toBeNull();
  });

  it('never holds the session token', () => {
    setToken('session');
    setTrackToken('fleet-5');
    setTrackToken('session');
    expect(getTrackToken()).toBe('fleet-5');
    setTrackToken('');
    expect(getTrackToken()).toBe('fleet-5');
  });

  it('is cleared for a dead link only when it still holds that link', () => {
    setTrackToken('newer');
    clearTrackToken('older');
    expect(getTrackToken()).toBe('newer');
    clearTrackToken('newer');
    expect(getTrackToken()).toBeNull();
  });

  it('keeps tokens that need escaping', () => {
    setTrackToken('a b;c=d');
    expect(getTrackToken()).toBe('a b;c=d');
  });
});
