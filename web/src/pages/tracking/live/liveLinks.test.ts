import { describe, expect, it } from 'vitest';
import { makeUnit } from '../../../map/testing/units';
import { parseLiveTarget, parseUidList } from './liveTarget';
import { readIconStyle, readMapType } from './liveSettings';
import { expiryFor, fleetShareUrl, SHARE_DURATIONS, unitShareUrl } from './shareLinks';
import { extendTrail } from './useTodayTrail';

describe('live map route targets', () => {
  it('selects one unit for type unit or uid, and focuses a list for type fleet', () => {
    expect(parseLiveTarget('unit', '12')).toEqual({ kind: 'unit', uids: [12] });
    expect(parseLiveTarget('uid', '12')).toEqual({ kind: 'unit', uids: [12] });
    expect(parseLiveTarget('fleet', '3,7,12')).toEqual({ kind: 'fleet', uids: [3, 7, 12] });
    expect(parseLiveTarget('fleet', '3-7-7')).toEqual({ kind: 'fleet', uids: [3, 7] });
    expect(parseLiveTarget('truck', '3')).toBeNull();
    expect(parseLiveTarget('unit', 'abc')).toBeNull();
    expect(parseLiveTarget(undefined, undefined)).toBeNull();
    expect(parseUidList('0,5, 9')).toEqual([5, 9]);
  });
});

describe('live map ui_settings', () => {
  it('reads the map type and icon style, falling back to the SPEC defaults', () => {
    expect(readMapType('satellite')).toBe('satellite');
    expect(readMapType('moon')).toBe('roadmap');
    expect(readIconStyle(0)).toBe(0);
    expect(readIconStyle('2')).toBe(2);
    expect(readIconStyle('Icon Style 4')).toBe(4);
    expect(readIconStyle(9)).toBe(3);
    expect(readIconStyle(undefined)).toBe(3);
    expect(readIconStyle('')).toBe(3);
  });
});

describe('share links', () => {
  const here = { origin: 'https://fleet.example.com', pathname: '/' };
  it('offers 1 h, 8 h, 24 h and 7 days, and asks the server for that expiry', () => {
    expect(SHARE_DURATIONS.map((d) => d.label)).toEqual([
      '1 hour',
      '8 hours',
      '24 hours',
      '7 days',
    ]);
    const now = Date.parse('2025-06-01T10:00:00Z');
    expect(expiryFor('8h', now)).toBe('2025-06-01T18:00:00.000Z');
    expect(expiryFor('7d', now)).toBe('2025-06-08T10:00:00.000Z');
  });

  it('builds the addresses on the portal the user is on', () => {
    expect(unitShareUrl('abc_DEF-1', here)).toBe('https://fleet.example.com/#/track/abc_DEF-1');
    expect(fleetShareUrl('tok', { lat: -26.2041234, lng: 28.0473, zoom: 9.26 }, here)).toBe(
      'https://fleet.example.com/#/track_all/tok/-26.20412,28.04730/9.3',
    );
  });
});

describe('extendTrail', () => {
  const trail = [
    { lat: -26.2, lon: 28.0, speed: 40, direction: 90, datetime: '2025-01-01T10:00:00Z' },
  ];
  it('adds a live fix newer than the trail and ignores an old one', () => {
    const moved = makeUnit(1, {
      position: {
        lat: -26.21,
        lon: 28.01,
        speed: 50,
        direction: 80,
        datetime: '2025-01-01T10:00:10Z',
        ignition: true,
      },
    });
    expect(extendTrail(trail, moved)).toHaveLength(2);
    expect(extendTrail(trail, moved)[1]).toMatchObject({ lat: -26.21, lon: 28.01, speed: 50 });
    const old = makeUnit(1, { position: { ...moved.position!, datetime: '2025-01-01T09:59:00Z' } });
    expect(extendTrail(trail, old)).toBe(trail);
    expect(extendTrail(trail, undefined)).toBe(trail);
  });
});
