#!/usr/bin/env node
// Part of `npm run lint`: fails when any module reaches itself through its imports (issue 9: no
// import cycles). Every source and test file is a starting point, not only the entry points, so a
// file nothing imports yet (a new page, a script, a test helper) is checked too.
//
// What counts as an edge, and why:
// - Type-only imports count (dpdm's `transform` stays off). They vanish at runtime, but a cycle of
//   types still means two modules are one design split across two files; the fix is the same as
//   for a runtime cycle (shared types in a leaf module), and there are none to excuse today.
// - Dynamic imports (`import()`, React.lazy) count too: a lazily loaded page that imports the
//   module that loads it is still a circle in the code's structure.
// Prints each cycle as a chain of files; exits 1 if there is one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const FILES = [
  'common/src/**/*.ts',
  'server/src/**/*.ts',
  'server/test/**/*.ts',
  'web/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
  'bench/**/*.{ts,tsx}',
  'scripts/**/*.mjs',
];

const tree = await parseDependencyTree(FILES, {
  cwd: ROOT,
  context: ROOT,
  transform: false,
  skipDynamicImports: false,
});
const cycles = parseCircular(tree, false);
const files = Object.keys(tree).filter((id) => !id.includes('node_modules')).length;

if (cycles.length === 0) {
  console.log(`check-cycles: no import cycles in ${files} files`);
} else {
  console.error(`check-cycles: ${cycles.length} import cycle(s); make the imports go one way:`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' -> ')}`);
  process.exit(1);
}
