// The logging surface the gateways need; a pino logger (Fastify's) satisfies it as is.

export type IngestLogFn = (obj: unknown, msg?: string) => void;

export interface IngestLog {
  debug: IngestLogFn;
  info: IngestLogFn;
  warn: IngestLogFn;
  error: IngestLogFn;
}

const noop: IngestLogFn = () => {};

export const silentLog: IngestLog = { debug: noop, info: noop, warn: noop, error: noop };
