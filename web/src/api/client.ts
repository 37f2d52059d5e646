// The one HTTP client of the web app (ARCHITECTURE §6): envelope, channel, bearer token, result
// codes, error text and the 300000 ms timeout of SPEC §7.
import {
  API_TIMEOUT_MS,
  CLIENT_VERSION,
  RESULT,
  type ApiEnvelope,
  type CallAnswer,
} from '@fleet/common';
import { clearToken, getToken } from './token';
import { ApiError, errorText, joinErrors, RESULT_NETWORK, RESULT_TIMEOUT } from './errors';
import { now } from '../components/clock';

export const CHANNEL = `web ${CLIENT_VERSION}`;

export interface RequestOptions {
  /** The caller shows the error itself; nothing is toasted. A logout (result 2) still redirects and says so. */
  silent?: boolean;
  timeoutMs?: number;
  /** Ends the request when aborted (a report the user cancels; the server sees the connection close). */
  signal?: AbortSignal;
}

export interface ApiHooks {
  /** Shows an error to the user. */
  notify: (message: string) => void;
  /** Result 2: the session is gone; the app goes to #/login. */
  onLoggedOut: () => void;
}

let hooks: ApiHooks = {
  notify: (message) => console.error(message),
  onLoggedOut: () => {
    window.location.hash = '#/login';
  },
};

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

let apiHost = '';

/** Picks one API host at random from the theme's list ('' is this origin). */
export function pickApiHost(hosts: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return '';
  return hosts[Math.min(hosts.length - 1, Math.floor(random() * hosts.length))].replace(/\/+$/, '');
}

export function setApiHosts(hosts: readonly string[]): void {
  apiHost = pickApiHost(hosts);
}

export function apiUrl(path: string): string {
  return `${apiHost}${path}`;
}

let loggedOutAt = 0;

/** Result 2: even a silent caller's user is moved to the login page, and told why, once. */
function loggedOut(): void {
  clearToken();
  const at = now();
  // Parallel calls all see result 2 at once.
  if (at - loggedOutAt > 2000) {
    loggedOutAt = at;
    hooks.onLoggedOut();
    hooks.notify(errorText({ result: RESULT.NO_SESSION }));
  }
}

/**
 * Turns a failed answer into an ApiError, telling the user unless the caller is silent. Result 2
 * ends the session only when the request carried one: a visitor's expired link is a refusal.
 */
export function failure(answer: CallAnswer, opts: RequestOptions = {}, hadToken = true): ApiError {
  const sessionEnded = answer.result === RESULT.NO_SESSION && hadToken;
  const text =
    answer.result === RESULT.NO_SESSION && !hadToken
      ? joinErrors(answer) || errorText(answer)
      : errorText(answer);
  const error = new ApiError(text, answer.result, answer);
  if (sessionEnded) loggedOut();
  else if (!opts.silent) hooks.notify(error.message);
  return error;
}

async function send(
  path: string,
  body: object,
  opts: RequestOptions,
  token = getToken(),
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? API_TIMEOUT_MS);
  // Kept after the headers arrive: a cancel while the body streams (a report file) ends it too.
  opts.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  if (opts.signal?.aborted) controller.abort();
  try {
    return await fetch(apiUrl(path), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ ...body, channel: CHANNEL }),
      signal: controller.signal,
    });
  } catch (cause) {
    // The caller cancelled: it knows, and there is nothing to tell the user.
    if (opts.signal?.aborted) throw cause;
    const timedOut = controller.signal.aborted;
    const error = new ApiError(
      timedOut ? 'The server took too long to answer' : 'The server cannot be reached',
      timedOut ? RESULT_TIMEOUT : RESULT_NETWORK,
    );
    error.cause = cause;
    if (!opts.silent) hooks.notify(error.message);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** POSTs a JSON body to an /api path and resolves with the answer when its result is 0. */
export async function post<T extends object = Record<string, unknown>>(
  path: string,
  body: object = {},
  opts: RequestOptions = {},
): Promise<T & ApiEnvelope> {
  const token = getToken();
  const response = await send(path, body, opts, token);
  let answer: CallAnswer;
  try {
    answer = (await response.json()) as CallAnswer;
  } catch {
    answer = { result: RESULT.REFUSED, message: `Server error (HTTP ${response.status})` };
  }
  if (typeof answer?.result !== 'number') {
    answer = { result: RESULT.REFUSED, message: 'The server sent an answer this page cannot read' };
  }
  if (answer.result !== RESULT.OK) throw failure(answer, opts, token !== null);
  return answer as T & ApiEnvelope;
}

/** Raw POST for binary answers (reports); the caller reads the Response. */
export function postRaw(path: string, body: object, opts: RequestOptions = {}): Promise<Response> {
  return send(path, body, opts);
}
