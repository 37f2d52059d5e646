// Brings a place into view (a chosen stop, a unit's last position) without touching the zoom when
// it is already close.
import { useEffect } from 'react';
import { useMap } from '../../../map';

export default function FocusOn({
  lat,
  lon,
  zoom = 14,
}: {
  lat: number;
  lon: number;
  zoom?: number;
}) {
  const map = useMap();
  useEffect(() => {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return;
    map.easeTo({ center: [lon, lat], zoom: Math.max(map.getZoom(), zoom), duration: 600 });
  }, [map, lat, lon, zoom]);
  return null;
}
