import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './client';
import {
  LiveSocket,
  liveSocket,
  liveUrl,
  reconnectDelay,
  type LiveSocketDeps,
  type SocketLike,
} from './live';
import { getToken } from './token';

/** A WebSocket the test plays the server of. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

class FakeDocument extends EventTarget {
  visibilityState = 'visible';
}

function setup(over: Partial<LiveSocketDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const win = new EventTarget();
  const doc = new FakeDocument();
  const onLoggedOut = vi.fn();
  const deps: LiveSocketDeps = {
    url: () => 'ws://api.test/api/live',
    token: () => 'tok-1',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onLoggedOut,
    backoff: (attempt) => 1000 * 2 ** (attempt - 1),
    events: { window: win, document: doc },
    ...over,
  };
  const live = new LiveSocket(deps);
  const messages: unknown[] = [];
  const resyncs = vi.fn();
  live.subscribe((m) => messages.push(m));
  live.onResync(resyncs);
  const last = () => sockets[sockets.length - 1];
  /** Opens the newest socket and answers its auth with ready. */
  const accept = () => {
    last().open();
    last().push({ type: 'ready', units: 40 });
  };
  return { live, sockets, last, accept, win, doc, onLoggedOut, messages, resyncs };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveSocket', () => {
  it('authenticates with the token first, then hands unit updates to subscribers', () => {
    const t = setup();
    t.live.start();
    expect(t.live.getStatus()).toBe('connecting');
    expect(t.last().url).toBe('ws://api.test/api/live');
    t.last().open();
    expect(t.last().sent).toEqual([{ type: 'auth', token: 'tok-1' }]);
    t.last().push({ type: 'ready', units: 40 });
    expect(t.live.getStatus()).toBe('live');
    const update = { type: 'units', units: [{ uid: 7, position: { lat: -26, lon: 28 } }] };
    t.last().push(update);
    expect(t.messages).toEqual([update]);
    // The first connection follows the page's own HTTP load: nothing to re-read.
    expect(t.resyncs).not.toHaveBeenCalled();
  });

  it('does not connect without a session, and start twice opens one socket', () => {
    const none = setup({ token: () => null });
    none.live.start();
    expect(none.sockets).toHaveLength(0);
    expect(none.live.getStatus()).toBe('idle');

    const t = setup();
    t.live.start();
    t.live.start();
    expect(t.sockets).toHaveLength(1);
  });

  it('re-reads over HTTP when the socket drops, reconnects with growing backoff, and again on ready', () => {
    const t = setup();
    t.live.start();
    t.accept();
    t.last().drop(1006);
    expect(t.resyncs).toHaveBeenCalledTimes(1);
    expect(t.live.getStatus()).toBe('reconnecting');

    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    // The server is still down: the next wait is longer.
    t.last().drop(1006);
    vi.advanceTimersByTime(1999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);

    t.accept();
    expect(t.live.getStatus()).toBe('live');
    expect(t.resyncs).toHaveBeenCalledTimes(3); // two drops, one reconnect
    // A later drop starts the backoff from the beginning again.
    t.last().drop(1001);
    vi.advanceTimersByTime(1000);
    expect(t.sockets).toHaveLength(4);
  });

  it('stops on close code 4001: no reconnect, the logged-out path runs once', () => {
    const t = setup();
    t.live.start();
    t.accept();
    t.last().drop(4001);
    expect(t.onLoggedOut).toHaveBeenCalledTimes(1);
    expect(t.live.getStatus()).toBe('stopped');
    vi.advanceTimersByTime(5 * 60_000);
    t.win.dispatchEvent(new Event('online'));
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.sockets).toHaveLength(1);
    expect(t.resyncs).not.toHaveBeenCalled();
  });

  it('reconnects at once when the network comes back or the tab becomes visible', () => {
    const t = setup({ backoff: () => 60_000 });
    t.live.start();
    t.accept();
    t.last().drop();
    expect(t.sockets).toHaveLength(1);
    t.win.dispatchEvent(new Event('online'));
    expect(t.sockets).toHaveLength(2);

    t.last().drop();
    t.doc.visibilityState = 'hidden';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.sockets).toHaveLength(2);
    t.doc.visibilityState = 'visible';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.sockets).toHaveLength(3);
    // The waiting timer was replaced, not left to open a second socket.
    t.accept();
    vi.advanceTimersByTime(120_000);
    expect(t.sockets).toHaveLength(3);
    // While live, `online` does not open another socket.
    t.win.dispatchEvent(new Event('online'));
    expect(t.sockets).toHaveLength(3);
  });

  it('stop closes the socket and never reconnects', () => {
    const t = setup();
    t.live.start();
    t.accept();
    const socket = t.last();
    t.live.stop();
    expect(socket.closedWith).toBe(1000);
    expect(t.live.getStatus()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    t.win.dispatchEvent(new Event('online'));
    expect(t.sockets).toHaveLength(1);
    // A later session starts afresh.
    t.live.start();
    expect(t.sockets).toHaveLength(2);
  });

  it('ignores messages that are not JSON', () => {
    const t = setup();
    t.live.start();
    t.accept();
    t.last().onmessage?.({ data: 'not json' });
    expect(t.messages).toEqual([]);
    expect(t.live.getStatus()).toBe('live');
  });

  it('takes the same logged-out path as result 2 by default: token cleared, login hook called', () => {
    vi.useRealTimers();
    document.cookie = 'token=abc; Path=/';
    const onLoggedOut = vi.fn();
    const notify = vi.fn();
    configureApi({ onLoggedOut, notify });
    const sockets: FakeSocket[] = [];
    const OriginalWebSocket = globalThis.WebSocket;
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
    try {
      const live = liveSocket();
      live.start();
      expect(sockets[0].url).toBe(`ws://${window.location.host}/api/live`);
      sockets[0].open();
      expect(sockets[0].sent).toEqual([{ type: 'auth', token: 'abc' }]);
      sockets[0].drop(4001);
      expect(onLoggedOut).toHaveBeenCalledTimes(1);
      expect(notify).toHaveBeenCalledWith('You have been logged out');
      expect(getToken()).toBeNull();
      live.stop();
    } finally {
      vi.stubGlobal('WebSocket', OriginalWebSocket);
    }
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s to a 30 s ceiling with ±20 % jitter', () => {
    expect(reconnectDelay(1, () => 0.5)).toBe(1000);
    expect(reconnectDelay(2, () => 0.5)).toBe(2000);
    expect(reconnectDelay(5, () => 0.5)).toBe(16000);
    expect(reconnectDelay(9, () => 0.5)).toBe(30000);
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });
});

describe('liveUrl', () => {
  const page = { protocol: 'https:', host: 'portal.example.com' } as Location;
  it('uses the API host of the theme, or this page’s host, with ws or wss', () => {
    expect(liveUrl('https://api.example.com/api/live', page)).toBe(
      'wss://api.example.com/api/live',
    );
    expect(liveUrl('http://localhost:8080/api/live', page)).toBe('ws://localhost:8080/api/live');
    expect(liveUrl('/api/live', page)).toBe('wss://portal.example.com/api/live');
    expect(liveUrl('/api/live', { protocol: 'http:', host: 'localhost:5173' } as Location)).toBe(
      'ws://localhost:5173/api/live',
    );
    expect(liveUrl('//api.example.com/api/live', page)).toBe('wss://api.example.com/api/live');
  });
});
