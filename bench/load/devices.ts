// bench:load's device worker (a child process, so that the devices' sockets spread over several
// processes' file limits): connects its share of simulated Teltonika devices over real TCP, each
// with the IMEI handshake, then sends one Codec 8 record stamped with the send time every interval
// (each device at its own phase) and counts the acknowledgements. Reports to the parent once a
// second: connected devices, acknowledged records, refusals and errors.
import net from 'node:net';
import {
  encodeTeltonikaAvl,
  encodeTeltonikaImei,
} from '../../server/src/ingest/protocols/teltonika-encode';

export interface WorkerTask {
  host: string;
  port: number;
  imeis: string[];
  /** Seconds between a device's records; 0: connect and stay idle. */
  intervalS: number;
  /** Connections opened at once while connecting. */
  connectConcurrency: number;
}

export interface WorkerReport {
  connected: number;
  acked: number;
  refused: number;
  errors: number;
  closed: number;
}

const report: WorkerReport = { connected: 0, acked: 0, refused: 0, errors: 0, closed: 0 };
const sockets: net.Socket[] = [];
const timers: NodeJS.Timeout[] = [];

function device(task: WorkerTask, imei: string, index: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: task.host, port: task.port });
    sockets.push(socket);
    let shaken = false;
    let pending = Buffer.alloc(0);
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write(encodeTeltonikaImei(imei)));
    socket.on('data', (chunk) => {
      if (!shaken) {
        shaken = true;
        if (chunk[0] !== 1) {
          report.refused++;
          socket.destroy();
          return resolve();
        }
        report.connected++;
        resolve();
        chunk = chunk.subarray(1);
        if (task.intervalS > 0) start(task, socket, index);
      }
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 4) {
        report.acked += pending.readUInt32BE(0);
        pending = pending.subarray(4);
      }
    });
    socket.on('error', () => {
      report.errors++;
      resolve();
    });
    socket.on('close', () => {
      if (shaken) report.closed++;
      resolve();
    });
  });
}

/** Every interval from a phase of its own: one record, a slow drive east, stamped now. */
function start(task: WorkerTask, socket: net.Socket, index: number) {
  const everyMs = task.intervalS * 1000;
  let n = 0;
  const lon = 28 + (index % 1000) * 0.001;
  const send = () => {
    if (socket.destroyed) return;
    n++;
    socket.write(
      encodeTeltonikaAvl([
        {
          time: Date.now(),
          lat: -26.2 + Math.floor(index / 1000) * 0.01,
          lon: lon + n * 0.0003,
          course: 90,
          speed: 40,
          satellites: 10,
          io: [{ id: 239, value: 1, size: 1 }],
        },
      ]),
    );
  };
  const first = setTimeout(
    () => {
      send();
      timers.push(setInterval(send, everyMs));
    },
    Math.floor(Math.random() * everyMs),
  );
  timers.push(first);
}

process.on('message', async (task: WorkerTask) => {
  const tick = setInterval(() => process.send!({ ...report }), 1000);
  const queue = task.imeis.map((imei, i) => () => device(task, imei, i));
  await Promise.all(
    Array.from({ length: task.connectConcurrency }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  process.send!({ ...report, allConnected: true });
  process.on('disconnect', () => {
    clearInterval(tick);
    for (const t of timers) clearTimeout(t);
    for (const s of sockets) s.destroy();
    process.exit(0);
  });
});
