// The one /api/live socket of a logged-in browser (API.md §5, STYLE.md traccar-web): authenticate
// with the first message, hand pushed messages to subscribers, re-read state over HTTP whenever
// the socket closes or comes back, reconnect with backoff (at once on `online` or when the tab
// becomes visible), and stop for good on close code 4001, taking the logged-out path of result 2.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_CLOSE_UNAUTHENTICATED, RESULT, type LiveMessage } from '@fleet/common';
import { onSessionEnd, useSession } from '../auth/session';
import { apiUrl, failure } from './client';
import { taskKey } from './queries';
import { getToken } from './token';

/**
 * idle: no session, nothing to do. connecting: first attempt. live: authenticated, updates flow.
 * reconnecting: lost, trying again. stopped: the server ended the session (4001).
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** The part of the browser WebSocket the controller uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketDeps {
  url: () => string;
  token: () => string | null;
  createSocket: (url: string) => SocketLike;
  /** Close code 4001: the session is gone. */
  onLoggedOut: () => void;
  /** Delay before reconnect attempt `attempt` (1, 2, ...). */
  backoff: (attempt: number) => number;
  /** Where `online` and `visibilitychange` come from. */
  events: { window: EventTarget; document: EventTarget & { visibilityState: string } } | null;
}

const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s ... up to 30 s, each ±20 % so a server restart is not hit by every browser at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** ws(s):// of the API host (the theme's, or this page's origin when the host is ''). */
export function liveUrl(path = apiUrl('/api/live'), location: Location = window.location): string {
  if (/^https?:\/\//i.test(path)) return path.replace(/^http/i, 'ws');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  if (path.startsWith('//')) return `${scheme}${path}`;
  return `${scheme}//${location.host}${path.startsWith('/') ? '' : '/'}${path}`;
}

type Listener<T> = (value: T) => void;

export class LiveSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private active = false;
  private status: LiveStatus = 'idle';
  private readonly messageListeners = new Set<Listener<LiveMessage>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();

  constructor(private readonly deps: LiveSocketDeps) {}

  getStatus = (): LiveStatus => this.status;

  /** Connects if there is a session and nothing is running yet. */
  start(): void {
    if (this.active) return;
    if (!this.deps.token()) {
      this.setStatus('idle');
      return;
    }
    this.active = true;
    this.attempts = 0;
    this.deps.events?.window.addEventListener('online', this.wake);
    this.deps.events?.document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  /** Closes the socket and forgets it (logout, or the session changed hands). */
  stop(status: LiveStatus = 'idle'): void {
    this.active = false;
    this.clearTimer();
    this.deps.events?.window.removeEventListener('online', this.wake);
    this.deps.events?.document.removeEventListener('visibilitychange', this.onVisibility);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
    this.setStatus(status);
  }

  /** Pushed messages (`units`, `alert`, `counts`); returns the unsubscribe function. */
  subscribe = (listener: Listener<LiveMessage>): (() => void) => {
    this.messageListeners.add(listener);
    return () => void this.messageListeners.delete(listener);
  };

  /** Called when state may have been missed and must be read again over HTTP. */
  onResync = (listener: () => void): (() => void) => {
    this.resyncListeners.add(listener);
    return () => void this.resyncListeners.delete(listener);
  };

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  };

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.statusListeners.forEach((l) => l());
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private connect(): void {
    this.clearTimer();
    const token = this.deps.token();
    if (!token) {
      this.stop();
      return;
    }
    this.setStatus(this.attempts > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    const reconnected = this.attempts > 0;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (event) => {
      let message: { type?: string };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'ready') {
        this.attempts = 0;
        this.setStatus('live');
        // Whatever happened while the socket was down is read again over HTTP.
        if (reconnected) this.resync();
        return;
      }
      this.messageListeners.forEach((l) => l(message as LiveMessage));
    };
    socket.onerror = () => {
      // A close event follows; that is where reconnecting is decided.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === LIVE_CLOSE_UNAUTHENTICATED) {
        this.stop('stopped');
        this.deps.onLoggedOut();
        return;
      }
      this.resync();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.active) return;
    this.attempts += 1;
    this.setStatus('reconnecting');
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, this.deps.backoff(this.attempts));
  }

  private resync(): void {
    this.resyncListeners.forEach((l) => l());
  }

  /** Network back, or the tab visible again: try now instead of waiting out the backoff. */
  private wake = (): void => {
    if (!this.active || this.socket) return;
    this.connect();
  };

  private onVisibility = (): void => {
    if (this.deps.events?.document.visibilityState === 'visible') this.wake();
  };
}

function browserDeps(): LiveSocketDeps {
  return {
    url: () => liveUrl(),
    token: getToken,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    // The same path as an API result 2: token cleared, user sent to #/login and told why.
    onLoggedOut: () => void failure({ result: RESULT.NO_SESSION }, { silent: true }),
    backoff: (attempt) => reconnectDelay(attempt),
    events: typeof window === 'undefined' ? null : { window, document },
  };
}

let shared: LiveSocket | null = null;

/** The browser's one live socket. */
export function liveSocket(): LiveSocket {
  if (!shared) {
    const created = new LiveSocket(browserDeps());
    shared = created;
    // Logout, or another user logging in: the socket belongs to the old session.
    onSessionEnd(() => created.stop());
  }
  return shared;
}

/**
 * Runs the live socket while a session exists and re-reads the unit list whenever it re-syncs.
 * Meant for the logged-in shell; live pages call it too, which is harmless (start is idempotent).
 */
export function useLiveConnection(): LiveStatus {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const live = liveSocket();
  useEffect(
    () =>
      live.onResync(
        () => void queryClient.invalidateQueries({ queryKey: taskKey('get_unit_list_full') }),
      ),
    [live, queryClient],
  );
  useEffect(() => {
    if (token) live.start();
    else live.stop();
  }, [live, token]);
  return useSyncExternalStore(live.subscribeStatus, live.getStatus);
}

/** Calls `handler` with every pushed message while the component is mounted. */
export function useLiveMessages(handler: (message: LiveMessage) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => liveSocket().subscribe((message) => ref.current(message)), []);
}

/** Calls `handler` whenever the socket re-syncs, for lists other than the unit list. */
export function useLiveResync(handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => liveSocket().onResync(() => ref.current()), []);
}
