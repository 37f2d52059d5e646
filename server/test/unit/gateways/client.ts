// A minimal device-side TCP client for gateway tests.
import net from 'node:net';

export interface TestClient {
  socket: net.Socket;
  /** Everything received so far. */
  received(): Buffer;
  send(bytes: Buffer): void;
  /** Resolves once `count` bytes in total have arrived. */
  waitBytes(count: number, timeoutMs?: number): Promise<Buffer>;
  /** Resolves once the server closed the connection. */
  waitClose(timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function connect(port: number): Promise<TestClient> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let data = Buffer.alloc(0);
  let closed = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  socket.on('data', (chunk) => {
    data = Buffer.concat([data, chunk]);
    notify();
  });
  socket.on('close', () => {
    closed = true;
    notify();
  });
  socket.on('error', () => {});
  const until = (done: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const check = () => {
        if (!done()) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out: ${what} (have ${data.toString('hex')})`));
      }, timeoutMs);
      listeners.add(check);
    });
  return {
    socket,
    received: () => data,
    send: (bytes) => void socket.write(bytes),
    async waitBytes(count, timeoutMs = 3000) {
      await until(() => data.length >= count, `${count} bytes`, timeoutMs);
      return data;
    },
    waitClose: (timeoutMs = 3000) => until(() => closed, 'close', timeoutMs),
    close: () => socket.destroy(),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
