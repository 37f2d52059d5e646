// Types of scripts/build.mjs for the TypeScript that uses it (e2e/support/server-build.ts).
export function bundleServer(outfile: string): Promise<void>;
export function build(
  names: ('common' | 'server' | 'web')[],
  options?: { js?: boolean },
): Promise<void>;
