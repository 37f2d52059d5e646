// Fits the map to a set of places when `fitKey` changes (a new unit, range or selection) or when
// the places first arrive, never on every data refresh, so a user's own pan and zoom survive.
import { useEffect, useRef } from 'react';
import { fitToPoints, useMap, type LatLon } from '../../../map';

export default function FitPoints({
  points,
  fitKey,
  ready = true,
}: {
  points: readonly LatLon[];
  fitKey: string;
  /** False while the data is still loading: fitting to half of it would make the map jump twice. */
  ready?: boolean;
}) {
  const map = useMap();
  const pointsRef = useRef(points);
  pointsRef.current = points;
  const has = ready && points.length > 0;
  useEffect(() => {
    if (has) fitToPoints(map, pointsRef.current, { padding: 72, maxZoom: 15 });
  }, [map, fitKey, has]);
  return null;
}
