// The pure parts of the recovery views: what the search marks, which main unit each backup unit
// stands beside and when it is too far from it, and what the border map draws.
import { describe, expect, it } from 'vitest';
import { backupPairs, formatDistance, isFarFromMain } from './backupPairs';
import { isOutsideNow, stayMarkers, stayTracks } from './borderStays';
import { matchParts, matches, searchItems } from './searchResults';
import { backupUnit, searchHit, stay } from './testing/recoveryFixtures';
import { backupUnitsPath, borderCrossingPath, routeId } from './wording';

const marked = (text: string, q: string) =>
  matchParts(text, q)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('search marks', () => {
  it('marks every word typed, case-insensitive, the whole query first', () => {
    expect(marked('Hilux bakkie', 'hil')).toBe('[Hil]ux bakkie');
    expect(marked('CA 123 GP', 'ca 123')).toBe('[CA 123] GP');
    expect(marked('Vanessa van Wyk', 'van')).toBe('[Van]essa [van] Wyk');
    expect(marked('Jane (Pty) Ltd', '(pty')).toBe('Jane [(Pty]) Ltd');
    expect(marked('Nothing here', 'zzz')).toBe('Nothing here');
    expect(matchParts('', 'a')).toEqual([]);
    expect(matches('356307042441013', '2441')).toBe(true);
    expect(matches(null, '2441')).toBe(false);
  });

  it('orders the results units, clients, people, a person opening its client', () => {
    const items = searchItems(
      searchHit({
        people: [
          {
            pid: 1,
            first_name: 'A',
            surname: 'B',
            cellphone: null,
            email: null,
            cid: 9,
            client_name: 'C',
          },
        ],
        clients: [{ cid: 4, name: 'D', state: 1, unit_count: 0 }],
      }),
    );
    expect(items.map((i) => i.to)).toEqual(['/recovery/client/4', '/recovery/client/9']);
  });
});

describe('backup pairs', () => {
  it('groups backups under their main unit, in the order asked, keeping mains without backups', () => {
    const pairs = backupPairs(
      [18, 5],
      [backupUnit(17), backupUnit(18), backupUnit(19, { backup_of: 8, main_name: 'Truck 8' })],
    );
    expect(pairs.map((p) => [p.main, p.main_name, p.backups.map((b) => b.uid)])).toEqual([
      [7, 'Truck 7', [17, 18]],
      [5, '', []],
      [8, 'Truck 8', [19]],
    ]);
  });

  it('flags a backup more than 1 km from its main unit', () => {
    expect(isFarFromMain(1000)).toBe(false);
    expect(isFarFromMain(1001)).toBe(true);
    expect(isFarFromMain(null)).toBe(false);
    expect(formatDistance(12.4)).toBe('12 m');
    expect(formatDistance(1234)).toBe('1.2 km');
    expect(formatDistance(23_456)).toBe('23 km');
    expect(formatDistance(null)).toBe('Unknown');
  });
});

describe('border stays', () => {
  it('draws each stay from where it left to where it came back, with markers at both ends', () => {
    const open = stay({ entry_time: null, entry_lat: null, entry_lon: null });
    const tracks = stayTracks([stay(), open]);
    expect(tracks.map((t) => t.points.length)).toEqual([3, 2]);
    expect(tracks[0].points[2]).toMatchObject({ lat: -22.21, lon: 29.98 });
    expect(stayMarkers([stay(), open]).map((m) => m.name)).toEqual(['Left 1', 'Back 1', 'Left 2']);
    expect(isOutsideNow(open, { outside_now: true })).toBe(true);
    expect(isOutsideNow(open, { outside_now: false })).toBe(false);
    expect(isOutsideNow(stay(), { outside_now: true })).toBe(false);
  });
});

describe('view addresses', () => {
  it('carries a title without breaking the path', () => {
    expect(borderCrossingPath(7, 'CA 1/2')).toBe('/recovery/bordercrossing/7/CA%201-2');
    expect(backupUnitsPath([7, 8], '')).toBe('/recovery/backup_units/7,8/unit');
    expect(routeId('12')).toBe(12);
    expect(routeId('1e3')).toBeNull();
    expect(routeId(undefined)).toBeNull();
  });
});
