// Session calls of API.md §2.
import type { LoginAnswer } from '@fleet/common';
import { post, type RequestOptions } from './client';

/** SPEC §5: the username is trimmed before sending. */
export function login(username: string, password: string, opts?: RequestOptions) {
  return post<LoginAnswer>('/api/login', { username: username.trim(), password }, opts);
}

export function logout() {
  return post('/api/logout', {}, { silent: true });
}

/** SPEC §5: the username is trimmed. The server answers 0 whether or not the user exists. */
export function forgotPassword(username: string, email: string) {
  return post('/api/forgot_password', { username: username.trim(), email: email.trim() });
}

export function forgotPasswordSet(ticket: string, password: string) {
  return post('/api/forgot_password_set', { password, ticket });
}

export function accountPasswordSet(ticket: string, password: string) {
  return post('/api/account_password_set', { password, ticket });
}

export function signUp(email: string) {
  return post('/api/sign_up', { email: email.trim() });
}

export function knownLogin(token: string, opts?: RequestOptions) {
  return post<LoginAnswer>('/api/known_login', { token }, opts);
}
