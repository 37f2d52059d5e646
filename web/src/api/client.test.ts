import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '@fleet/common';
import { configureApi, pickApiHost, post, setApiHosts } from './client';
import { call } from './call';
import { ApiError } from './errors';
import { login } from './session';
import { mockApi } from '../test/mockApi';

const notify = vi.fn();
const onLoggedOut = vi.fn();

beforeEach(() => {
  notify.mockReset();
  onLoggedOut.mockReset();
  configureApi({ notify, onLoggedOut });
  setApiHosts(['']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('API client', () => {
  it('posts JSON with the channel field and the bearer token from the cookie', async () => {
    document.cookie = 'token=abc123; Path=/';
    const api = mockApi({ who_am_i: () => ({ data: { user: {} } }) });
    await call('who_am_i', {});
    const [url, init] = api.fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/call');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc123');
    expect(JSON.parse(String(init?.body))).toEqual({
      requests: [{ task: 'who_am_i', ref: 0, parameters: {} }],
      channel: 'web 1.4.15',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const api = mockApi({}, { '/api/login': () => ({ body: { result: 6 } }) });
    await expect(login('  demo  ', 'x', { silent: true })).rejects.toThrow(
      'Incorrect Username or Password',
    );
    expect(api.calls[0].headers.Authorization).toBeUndefined();
    expect(api.calls[0].body).toEqual({ username: 'demo', password: 'x', channel: 'web 1.4.15' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('on result 2 forgets the token, goes to login and says "You have been logged out"', async () => {
    document.cookie = 'token=old; Path=/';
    mockApi({}, { '/api/call': () => ({ body: { result: 2 } }) });
    const error = await call('get_users', {}, { silent: true }).catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).result).toBe(2);
    expect((error as ApiError).message).toBe('You have been logged out');
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('You have been logged out');
    expect(document.cookie).not.toContain('token=old');
  });

  it('treats result 2 without a session as a plain refusal (an expired one-time link)', async () => {
    mockApi(
      {},
      {
        '/api/known_login': () => ({ body: { result: 2, message: 'This login link has expired' } }),
      },
    );
    await expect(post('/api/known_login', { token: 'x' })).rejects.toThrow(
      'This login link has expired',
    );
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('This login link has expired');
  });

  it('joins the error and message fields of the answer and of failed entries', async () => {
    mockApi(
      {},
      { '/api/theme_x': () => ({ body: { result: 1, message: 'Server error', error: 'req-42' } }) },
    );
    await expect(post('/api/theme_x')).rejects.toThrow('Server error — req-42');
    expect(notify).toHaveBeenCalledWith('Server error — req-42');
  });

  it('fails one task without failing the others of its batch', async () => {
    const api = mockApi({
      get_users: () => ({ data: { users: [], count: 0 } }),
      set_user: () => ({ result: 1, message: 'username is taken' }),
    });
    const [users, saved] = await Promise.allSettled([
      call('get_users', {}),
      call('set_user', { username: 'x' }),
    ]);
    expect(users).toEqual({ status: 'fulfilled', value: { users: [], count: 0 } });
    expect(saved.status).toBe('rejected');
    expect((saved as PromiseRejectedResult).reason.message).toBe('username is taken');
    expect(api.calls).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('username is taken');
  });

  it('keeps quiet for callers that show errors themselves', async () => {
    mockApi();
    await expect(call('get_new_rule_alerts_count', {}, { silent: true })).rejects.toThrow(
      'Unknown task',
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('gives up after 300000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const pending = post('/api/call', {}, { silent: true }).catch((e: ApiError) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(await Promise.race([pending, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.message).toBe('The server took too long to answer');
  });

  it('picks the API host at random from the theme list', async () => {
    expect(pickApiHost(['https://a.example', 'https://b.example/'], () => 0)).toBe(
      'https://a.example',
    );
    expect(pickApiHost(['https://a.example', 'https://b.example/'], () => 0.99)).toBe(
      'https://b.example',
    );
    expect(pickApiHost([], () => 0.5)).toBe('');
    setApiHosts(['https://api.example']);
    const api = mockApi({}, { '/api/logout': () => ({ body: { result: 0 } }) });
    await post('/api/logout');
    expect(String(api.fetchMock.mock.calls[0][0])).toBe('https://api.example/api/logout');
  });
});
