// Builds server/src/rules/za-border.json, the border of South Africa that the Border crossing rule
// tests fixes against (server/src/rules/border.ts), from Natural Earth's 1:10m admin-0 countries
// (public domain, naturalearthdata.com) as the world-atlas package ships them in TopoJSON
// (countries-10m.json, South Africa is id "710"). Run after world-atlas changes:
//
//   node scripts/make-border.mjs
//
// Output: `rings`, the outer rings and holes of the country's polygons (the mainland, Lesotho as
// a hole, the Prince Edward Islands) as flat [lon, lat, lon, lat, ...] arrays, and `coast`, the
// lines of the border that no other country shares (the coastline), so that a fix on a coastal
// road that the 1:10m coastline puts a little out at sea is not taken for one that left the
// country. Coordinates are rounded to 4 decimals (about 11 m), well within the data's accuracy.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const topojson = require('topojson-client');
const world = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/world-atlas/countries-10m.json'), 'utf8'),
);
const target = path.join(root, 'server/src/rules/za-border.json');
const ZA = '710';

const round = (v) => Math.round(v * 1e4) / 1e4;

/** A line as a flat array, rounded, without consecutive repeated points. */
function flat(points) {
  const out = [];
  for (const [lon, lat] of points) {
    const x = round(lon);
    const y = round(lat);
    const n = out.length;
    if (n && out[n - 2] === x && out[n - 1] === y) continue;
    out.push(x, y);
  }
  return out;
}

const countries = world.objects.countries;
const za = countries.geometries.find((g) => g.id === ZA);
if (!za) throw new Error('South Africa (710) is not in countries-10m.json');
const feature = topojson.feature(world, za);
const polygons =
  feature.geometry.type === 'Polygon'
    ? [feature.geometry.coordinates]
    : feature.geometry.coordinates;
const rings = [];
for (const polygon of polygons) for (const ring of polygon) rings.push(flat(ring));

// Arcs used by South Africa alone: the coast (an arc shared with a neighbour is a land border).
const coastMesh = topojson.mesh(world, countries, (a, b) => a === b && a.id === ZA);
const coast = coastMesh.coordinates.map(flat);

const out = {
  source:
    'Natural Earth 1:10m admin-0 countries (public domain) via world-atlas countries-10m.json',
  rings,
  coast,
};
// Formatted as the repository's prettier check wants it (a number array fills its lines).
const prettier = await import('prettier');
const options = (await prettier.resolveConfig(target)) ?? {};
fs.writeFileSync(
  target,
  await prettier.format(JSON.stringify(out), { ...options, filepath: target }),
);
const points = rings.reduce((n, r) => n + r.length / 2, 0);
console.log(
  `${target}: ${rings.length} rings, ${points} points, ${coast.length} coast lines, ${fs.statSync(target).size} bytes`,
);
