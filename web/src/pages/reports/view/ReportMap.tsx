// A report's map in the Website view (a day's route, the last positions): the offline basemap of
// the map library (no tile server), the paths as trip lines with S and E at their ends, stops as
// P signs with their label, and any other marker as a named dot. The map opens fitted to all of it.
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ReportMapSection, TripPoint } from '@fleet/common';
import { fitToPoints, GeofenceLayer, MapView, TripLayer } from '../../../map';
import type { GeofenceItem, LatLon, TripPath, TripStop } from '../../../map';

const MARKER_COLOURS: Record<ReportMapSection['markers'][number]['kind'], string> = {
  start: '#389e0d',
  end: '#cf1322',
  stop: '#0958d9',
  event: '#d46b08',
};

/** What the section hands the map's layers (exported for the tests). */
export function mapLayers(section: ReportMapSection) {
  const trips: TripPath[] = section.paths.map((p, i) => ({
    id: i,
    points: p.points.map(([lon, lat]): TripPoint => ({
      lat,
      lon,
      speed: 0,
      direction: 0,
      datetime: '',
    })),
  }));
  const stops: TripStop[] = section.markers
    .filter((m) => m.kind === 'stop')
    .map((m) => ({ lat: m.lat, lon: m.lon, label: m.label }));
  // Trip lines draw their own S and E signs; a start or end without a line gets a dot.
  const dots: GeofenceItem[] = section.markers
    .filter((m) => m.kind === 'event' || (trips.length === 0 && m.kind !== 'stop'))
    .map((m, i) => ({
      lid: i + 1,
      name: m.label,
      type: 'point',
      geofence: [{ lat: m.lat, lon: m.lon }],
      colour: MARKER_COLOURS[m.kind],
    }));
  const all: LatLon[] = [
    ...trips.flatMap((t) => t.points.map((p) => ({ lat: p.lat, lon: p.lon }))),
    ...section.markers.map((m) => ({ lat: m.lat, lon: m.lon })),
  ];
  return { trips, stops, dots, all };
}

/**
 * True while `ref` is on screen or near it. A report may have a map per day, and a browser keeps
 * only some 16 WebGL contexts: the maps far from view give theirs back.
 */
function useNearView(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!ref.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), {
      rootMargin: '400px 0px',
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

export default function ReportMap({ section }: { section: ReportMapSection }) {
  const layers = useMemo(() => mapLayers(section), [section]);
  const ref = useRef<HTMLElement>(null);
  const near = useNearView(ref);
  return (
    <figure ref={ref} className="report-map" aria-label={`Map: ${section.title}`}>
      {near && (
        <MapView
          showMapTypeSwitcher={false}
          style={{ height: '100%' }}
          onReady={(map) => fitToPoints(map, layers.all, { maxZoom: 14 })}
        >
          <TripLayer
            trips={layers.trips}
            stops={layers.stops}
            maxSpeed={null}
            showMarkers={false}
            showEvents={false}
          />
          <GeofenceLayer locations={layers.dots} showPolygons={false} showLabels />
        </MapView>
      )}
    </figure>
  );
}
