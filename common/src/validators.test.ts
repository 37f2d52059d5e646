import { describe, expect, it } from 'vitest';
import {
  cleanFuelRow,
  cleanPayload,
  MAX_PAYLOAD_DEPTH,
  PayloadTooDeepError,
  hasSpecialCharacters,
  inSeasonYear,
  isValidEmail,
  parseCoordinates,
  routePointChanged,
} from './validators';

describe('e-mail (SPEC §5)', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['fleet@demofleet.co.za', 'a.b-c_d@x.io', 'first+tag@mail.example.com']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });
  it('needs exactly one @ and at least one dot', () => {
    expect(isValidEmail('no-at.example.com')).toBe(false);
    expect(isValidEmail('two@@example.com')).toBe(false);
    expect(isValidEmail('a@b@example.com')).toBe(false);
    expect(isValidEmail('nodot@localhost')).toBe(false);
  });
  it('rejects comma, space, semicolon, quotes, backslash, slash, hash, dollar and star', () => {
    for (const ch of [',', ' ', ';', "'", '"', '\\', '/', '#', '$', '*']) {
      expect(isValidEmail(`fl${ch}eet@example.com`), JSON.stringify(ch)).toBe(false);
    }
  });
  it('must not end with a dot, @ or hyphen', () => {
    expect(isValidEmail('fleet@example.com.')).toBe(false);
    expect(isValidEmail('fleet.example.com@')).toBe(false);
    expect(isValidEmail('fleet@example.co-')).toBe(false);
  });
});

describe('special characters (SPEC §5)', () => {
  it('rejects every listed character', () => {
    for (const ch of '!$^*+()%[]\\/\';@{}|"<>`~')
      expect(hasSpecialCharacters(`Truck ${ch} 1`), ch).toBe(true);
  });
  it('allows letters, digits, spaces, hyphens, dots, commas and ampersands', () => {
    expect(hasSpecialCharacters('Hino 500 - JHB 01, Depot & Yard.')).toBe(false);
  });
});

describe('coordinates (SPEC §5)', () => {
  it('parses decimal pairs', () => {
    expect(parseCoordinates('-26.2041, 28.0473')).toEqual({ lat: -26.2041, lng: 28.0473 });
    expect(parseCoordinates('-33.9249 18.4241')).toEqual({ lat: -33.9249, lng: 18.4241 });
  });
  it('parses degrees-minutes-seconds with hemisphere letters; south and west are negative', () => {
    const jhb = parseCoordinates(`26°12'14.8"S 28°2'50.3"E`)!;
    expect(jhb.lat).toBeCloseTo(-26.20411, 4);
    expect(jhb.lng).toBeCloseTo(28.04731, 4);
    const west = parseCoordinates(`N 51 30 26, W 0 7 39`)!;
    expect(west.lat).toBeCloseTo(51.50722, 4);
    expect(west.lng).toBeCloseTo(-0.1275, 4);
  });
  it('parses the ways people write DMS: letters before or after, marks or spaces, d/m/s', () => {
    const cpt = { lat: -(33 + 55 / 60 + 12 / 3600), lng: 18 + 25 / 60 + 26 / 3600 };
    for (const text of [
      `S 33 55 12 E 18 25 26`,
      `s 33 55 12 e 18 25 26`,
      `S33 55 12 E18 25 26`,
      `33 55 12 S 18 25 26 E`,
      `33 55 12S, 18 25 26E`,
      `33°55'12"S 18°25'26"E`,
      `33° 55' 12" S, 18° 25' 26" E`,
      `S 33° 55' 12" E 18° 25' 26"`,
      `33º55′12″S 18º25′26″E`,
      `33°55’12”S 18°25’26”E`,
      `33°55'12''S 18°25'26''E`,
      `33d55m12s S 18d25m26s E`,
      // longitude first
      `E 18 25 26 S 33 55 12`,
    ]) {
      const got = parseCoordinates(text);
      expect(got, text).not.toBeNull();
      expect(got!.lat, text).toBeCloseTo(cpt.lat, 9);
      expect(got!.lng, text).toBeCloseTo(cpt.lng, 9);
    }
    // Degrees and decimal minutes, decimal degrees with a hemisphere, whole degrees.
    expect(parseCoordinates(`33°55.2'S 18°25.4'E`)!.lat).toBeCloseTo(-33.92, 9);
    expect(parseCoordinates(`33.92°S 18.42°E`)).toEqual({ lat: -33.92, lng: 18.42 });
    expect(parseCoordinates(`33S 18W`)).toEqual({ lat: -33, lng: -18 });
    expect(parseCoordinates(`N 0 0 0 W 0 0 1`)!.lng).toBeCloseTo(-1 / 3600, 12);
  });
  it('refuses DMS with minutes or seconds of 60 or more, a missing or doubled hemisphere, or junk', () => {
    for (const text of [
      `33°60'00"S 18°25'26"E`,
      `33°55'60"S 18°25'26"E`,
      `S 33 75 00 E 18 25 26`,
      `33°55'12"N 18°25'26"S`,
      `33°55'12"E 18°25'26"W`,
      `33°55'12" 18°25'26"E`,
      `-33°55'12" 18°25'26"`,
      `S 33 E 18 W 1`,
      `S 33 55 12 7 E 18 25 26`,
      `33°55'12" S 18°25'26" E please`,
      `S S 33 E 18`,
      `33.5 30 S 18 E`,
      `91°0'0"S 18°0'0"E`,
      `33°55'12"S, 181°0'0"W`,
    ])
      expect(parseCoordinates(text), text).toBeNull();
  });
  it('rejects out-of-range and malformed input', () => {
    expect(parseCoordinates('-96, 28')).toBeNull();
    expect(parseCoordinates('26 61 00 S, 28 0 0 E')).toBeNull();
    expect(parseCoordinates('Johannesburg')).toBeNull();
    expect(parseCoordinates('')).toBeNull();
  });
});

describe('route points (SPEC §5)', () => {
  it('changes when names differ or lat/lng differ at accuracy 2', () => {
    const a = { name: 'Depot', lat: -26.2041, lng: 28.0473 };
    expect(routePointChanged(a, { ...a, lat: -26.2049 })).toBe(false);
    expect(routePointChanged(a, { ...a, lat: -26.2141 })).toBe(true);
    expect(routePointChanged(a, { ...a, name: 'Yard' })).toBe(true);
  });
});

describe('fuel rows (SPEC §5)', () => {
  it('cleans reg to letters, digits, _ . - / and upper-cases it; numbers become empty when not numeric', () => {
    const row = cleanFuelRow({
      reg: ' bx 123 gp!',
      datetimestamp: '2026-11-20 08:15',
      litres: '55.5 l',
      hours: 'n/a',
      odometer: '123 456',
    });
    expect(row).toMatchObject({ reg: 'BX123GP', litres: '', hours: '', odometer: 123456 });
    expect(row.error).toMatch(/Litres/);
  });
  it('keeps a complete row valid and reports each missing required field', () => {
    expect(
      cleanFuelRow({
        reg: 'ca 123-456',
        datetimestamp: '2026-11-20T08:15:00Z',
        litres: '60',
        odometer: '150000',
      }),
    ).toEqual({
      reg: 'CA123-456',
      datetimestamp: '2026-11-20T08:15:00Z',
      litres: 60,
      hours: '',
      odometer: 150000,
    });
    expect(cleanFuelRow({ litres: '60' }).error).toBe(
      'Missing or invalid: Registration, Datetime, Odometer',
    );
  });
});

describe('payload cleaning (SPEC §5)', () => {
  it('turns numeric strings into numbers and keeps empty strings empty', () => {
    expect(
      cleanPayload({
        uid: '12',
        speed: '80.5',
        name: '',
        nested: { limit: '5' },
        uids: ['1', '2'],
      }),
    ).toEqual({
      uid: 12,
      speed: 80.5,
      name: '',
      nested: { limit: 5 },
      uids: [1, 2],
    });
  });
  it('leaves phone, date, time, from, to, contact, end and land_line fields alone', () => {
    const input = {
      cellphone: '0821234567',
      sms_number: '0831112222',
      from_date: '20261120',
      to: '20261121',
      end: '2359',
      land_line: '0115551234',
      start_time: '800',
      contact_no: '12',
    };
    expect(cleanPayload(input)).toEqual(input);
  });
  it('leaves identifier keys such as reg, device_id and passwords as text', () => {
    expect(
      cleanPayload({ reg: '123', device_id: '356307042441013', password: '12345678' }),
    ).toEqual({ reg: '123', device_id: '356307042441013', password: '12345678' });
  });
  it('refuses parameters nested deeper than the limit instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => cleanPayload({ a: deep })).toThrow(PayloadTooDeepError);
    let ok: unknown = '5';
    for (let i = 0; i < MAX_PAYLOAD_DEPTH - 1; i++) ok = [ok];
    expect(() => cleanPayload({ a: ok })).not.toThrow();
  });
  it('drops a "__proto__" key so its members cannot pass for parameters', () => {
    const cleaned = cleanPayload(JSON.parse('{"uid": "3", "__proto__": {"admin": true}}'));
    expect(cleaned).toEqual({ uid: 3 });
    expect((cleaned as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('season year (SPEC §5)', () => {
  it('runs from 2 January to 1 March of the next year', () => {
    // Edges in other zones, leap years and DST: season.test.ts.
    expect(inSeasonYear(Date.UTC(2026, 0, 1), 2026, 'UTC')).toBe(false);
    expect(inSeasonYear(Date.UTC(2026, 0, 2), 2026, 'UTC')).toBe(true);
    expect(inSeasonYear(Date.UTC(2027, 2, 1, 12), 2026, 'UTC')).toBe(true);
    expect(inSeasonYear(Date.UTC(2027, 2, 2), 2026, 'UTC')).toBe(false);
  });
});
