import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setCookiePolicy, setToken } from './token';

afterEach(() => {
  vi.restoreAllMocks();
  setCookiePolicy('Lax');
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
