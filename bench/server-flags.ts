// A bench that runs the server's code in its own process runs it under the server's Node flags
// (scripts/server-flags.mjs), as `npm start` does.
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

/** Runs this process again with the server's flags, unless it has them; returns if it has. */
export function withServerFlags(): void {
  if (SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) return;
  const res = spawnSync(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(res.status ?? 1);
}
