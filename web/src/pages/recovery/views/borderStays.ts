// A unit's stays outside South Africa (issue 16 item 7; get_cross_border_data) as the border page
// shows them: the stays, the track abroad to draw, and the markers where it left and came back.
import type { BorderCrossing, CrossBorderData, TripPoint } from '@fleet/common';
import type { GeofenceItem, TripPath } from '../../../map';

export const EXIT_COLOUR = '#cf1322';
export const ENTRY_COLOUR = '#389e0d';
export const BORDER_COLOUR = '#6a1b9a';

/** The stay still going on now (no entry yet while the unit is outside). */
export const isOutsideNow = (stay: BorderCrossing, data: Pick<CrossBorderData, 'outside_now'>) =>
  stay.entry_time === null && data.outside_now;

/** The fixes abroad, with the fix back inside at the end so the line meets the border. */
export function stayTracks(stays: readonly BorderCrossing[]): TripPath[] {
  return stays.map((s, i) => {
    const points: TripPoint[] = s.track.map((p) => ({ ...p, direction: 0 }));
    if (!points.length)
      points.push({
        lat: s.exit_lat,
        lon: s.exit_lon,
        speed: 0,
        direction: 0,
        datetime: s.exit_time,
      });
    if (s.entry_time && s.entry_lat !== null && s.entry_lon !== null)
      points.push({
        lat: s.entry_lat,
        lon: s.entry_lon,
        speed: 0,
        direction: 0,
        datetime: s.entry_time,
      });
    return { id: `stay-${i + 1}`, points };
  });
}

/** A marker where each stay left ("Left 1") and where it came back ("Back 1"). */
export function stayMarkers(stays: readonly BorderCrossing[]): GeofenceItem[] {
  return stays.flatMap((s, i) => {
    const n = i + 1;
    const out: GeofenceItem[] = [
      {
        lid: -n * 2,
        name: `Left ${n}`,
        type: 'point',
        geofence: [{ lat: s.exit_lat, lon: s.exit_lon }],
        radius: 400,
        colour: EXIT_COLOUR,
      },
    ];
    if (s.entry_lat !== null && s.entry_lon !== null)
      out.push({
        lid: -n * 2 - 1,
        name: `Back ${n}`,
        type: 'point',
        geofence: [{ lat: s.entry_lat, lon: s.entry_lon }],
        radius: 400,
        colour: ENTRY_COLOUR,
      });
    return out;
  });
}

/** Every place to fit the map to: where it left, the track abroad, where it came back. */
export function stayPoints(stays: readonly BorderCrossing[]): { lat: number; lon: number }[] {
  return stayTracks(stays).flatMap((t) => t.points.map((p) => ({ lat: p.lat, lon: p.lon })));
}
