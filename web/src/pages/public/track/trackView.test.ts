import { describe, expect, it } from 'vitest';
import {
  expiryText,
  mapPosText,
  parseMapPos,
  parseShowAll,
  parseZoom,
  pathFromLink,
  zoomText,
} from './trackView';

describe('track_all route parameters', () => {
  it('reads map_pos as "lat,lng" or "lat:lng" and refuses anything else', () => {
    expect(parseMapPos('-26.2041,28.0473')).toEqual({ lat: -26.2041, lng: 28.0473 });
    expect(parseMapPos('-26.2041:28.0473')).toEqual({ lat: -26.2041, lng: 28.0473 });
    expect(parseMapPos('-26.2041%2C28.0473')).toEqual({ lat: -26.2041, lng: 28.0473 });
    expect(parseMapPos('-26.2')).toBeNull();
    expect(parseMapPos('north,east')).toBeNull();
    expect(parseMapPos('-96,28')).toBeNull();
    expect(parseMapPos(undefined)).toBeNull();
  });

  it('reads map_zoom within the map’s range and show_all as a yes unless it says no', () => {
    expect(parseZoom('12.5')).toBe(12.5);
    expect(parseZoom('40')).toBeNull();
    expect(parseZoom('x')).toBeNull();
    expect(parseShowAll(undefined)).toBe(false);
    expect(parseShowAll('1')).toBe(true);
    expect(parseShowAll('show_all')).toBe(true);
    expect(parseShowAll('0')).toBe(false);
    expect(parseShowAll('false')).toBe(false);
  });

  it('writes the view back in the same form', () => {
    expect(mapPosText(-26.204123456, 28.0473)).toBe('-26.20412,28.04730');
    expect(zoomText(7.2549)).toBe('7.3');
    expect(parseMapPos(mapPosText(-33.9, 18.4))).toEqual({ lat: -33.9, lng: 18.4 });
  });
});

describe('expiryText', () => {
  const now = Date.parse('2025-06-01T10:00:00Z');
  it('counts down to the expiry and says when the link has run out', () => {
    expect(expiryText('2025-06-01T18:00:00Z', now)).toBe('Link expires in 8 hours');
    expect(expiryText('2025-06-01T10:30:00Z', now)).toBe('Link expires in 30 minutes');
    expect(expiryText('2025-06-08T10:00:00Z', now)).toBe('Link expires in 7 days');
    expect(expiryText('2025-06-01T09:00:00Z', now)).toBe('Link expired');
    expect(expiryText(undefined, now)).toBeNull();
  });
});

describe('pathFromLink', () => {
  const fallback = { pos: '-28.49720,24.21990', zoom: '5' };
  it('opens a pasted unit or fleet link, or a bare token, at the right page', () => {
    expect(pathFromLink('https://portal.example.com/#/track/abcDEF123_-xyz', fallback)).toBe(
      '/track/abcDEF123_-xyz',
    );
    expect(
      pathFromLink('https://portal.example.com/#/track_all/tok123456789/-26.2,28.0/9', fallback),
    ).toBe('/track_all/tok123456789/-26.2,28.0/9');
    expect(pathFromLink('http://x/#/track_all/tok123456789', fallback)).toBe(
      '/track_all/tok123456789/-28.49720,24.21990/5/1',
    );
    expect(pathFromLink('  tok123456789  ', fallback)).toBe(
      '/track_all/tok123456789/-28.49720,24.21990/5/1',
    );
    expect(pathFromLink('not a link!', fallback)).toBeNull();
    expect(pathFromLink('', fallback)).toBeNull();
  });
});
