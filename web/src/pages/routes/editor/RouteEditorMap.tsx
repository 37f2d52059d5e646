// The editor's map: the route as it will be saved (RouteLayer) with its A / 1..n / B signs; while
// the line is being drawn or edited, the line is terra-draw's (map/draw useMapDraw) instead, its
// vertices draggable. Without a line, clicks place the origin, the destination, then waypoints.
import { useEffect, useMemo, useRef } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { LatLon } from '@fleet/common';
import { RouteLayer, useMap } from '../../../map';
import { lineFeature, lineOf } from '../../../map/draw/drawFeatures';
import { useMapDraw } from '../../../map/draw/useMapDraw';
import FitPoints from '../../tracking/common/FitPoints';
import RouteMapFrame from '../parts/RouteMapFrame';
import RoutePointsLayer, { type RouteMarker } from '../parts/RoutePointsLayer';

const sameLine = (a: readonly LatLon[] | null, b: readonly LatLon[] | null) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** terra-draw's line, kept in step with the draft's path both ways. */
function LineEditor({
  path,
  colour,
  onPath,
}: {
  path: LatLon[] | null;
  colour: string;
  onPath: (path: LatLon[]) => void;
}) {
  const emitted = useRef<LatLon[] | null>(null);
  const draw = useMapDraw({
    modes: ['linestring'],
    single: true,
    colour,
    initialMode: path && path.length >= 2 ? 'select' : 'linestring',
    onChange: (features) => {
      const line = features.length ? lineOf(features[features.length - 1]) : [];
      if (line.length < 2) return;
      emitted.current = line;
      onPath(line);
    },
  });
  const { ready, load, select, setMode, mode } = draw;
  // A path changed from outside (loaded, an end typed in): put it on the map for editing.
  useEffect(() => {
    if (!ready || !path || path.length < 2 || sameLine(path, emitted.current)) return;
    emitted.current = path;
    const [id] = load([lineFeature(path)]);
    if (id !== undefined) select(id);
  }, [ready, path, load, select]);
  return (
    <div className="route-map-tools">
      <Space wrap size={6}>
        <Button
          size="small"
          icon={<NodeIndexOutlined />}
          type={mode === 'linestring' ? 'primary' : 'default'}
          aria-pressed={mode === 'linestring'}
          onClick={() => setMode('linestring')}
        >
          Draw a new line
        </Button>
        <Button
          size="small"
          icon={<EditOutlined />}
          type={mode === 'select' ? 'primary' : 'default'}
          aria-pressed={mode === 'select'}
          disabled={!path || path.length < 2}
          onClick={() => {
            const id = draw.features[0]?.id;
            if (id !== undefined) select(id);
            else setMode('select');
          }}
        >
          Move points
        </Button>
      </Space>
      <span className="route-map-hint">
        {mode === 'linestring'
          ? 'Click to add points; click the last point again to finish.'
          : 'Drag a point to move it, a midpoint to add one; right-click a point to remove it.'}
      </span>
    </div>
  );
}

/** Map clicks while there is no line: the first empty end, else a new waypoint. */
function ClickToPlace({ onPlace }: { onPlace: (at: LatLon) => void }) {
  const map = useMap();
  const ref = useRef(onPlace);
  ref.current = onPlace;
  useEffect(() => {
    const handler = (e: { lngLat: { lat: number; lng: number } }) =>
      ref.current({ lat: e.lngLat.lat, lon: e.lngLat.lng });
    map.on('click', handler);
    return () => {
      map.off('click', handler);
    };
  }, [map]);
  return null;
}

export default function RouteEditorMap({
  roid,
  name,
  colour,
  polyline,
  markers,
  problem,
  editingLine,
  path,
  onPath,
  onPlace,
  fitKey,
}: {
  roid: number;
  name: string;
  colour: string;
  /** The built route's line (null: none can be drawn now). */
  polyline: LatLon[] | null;
  markers: RouteMarker[];
  /** Said over the map when there is no line. */
  problem: string | null;
  editingLine: boolean;
  path: LatLon[] | null;
  onPath: (path: LatLon[]) => void;
  /** Clicks place points (no line yet, not drawing); undefined: clicks do nothing. */
  onPlace?: (at: LatLon) => void;
  fitKey: string;
}) {
  const routes = useMemo(
    () => (polyline ? [{ roid, name: name || 'New route', colour, polyline }] : []),
    [roid, name, colour, polyline],
  );
  const fitTargets = useMemo<LatLon[]>(
    () => (polyline?.length ? polyline : markers),
    [polyline, markers],
  );
  return (
    <RouteMapFrame label="Route map" message={editingLine ? undefined : (problem ?? undefined)}>
      <RouteLayer routes={routes} visible={!editingLine} />
      <RoutePointsLayer markers={markers} />
      {editingLine && <LineEditor path={path} colour={colour} onPath={onPath} />}
      {onPlace && !editingLine && <ClickToPlace onPlace={onPlace} />}
      <FitPoints points={fitTargets} fitKey={fitKey} />
    </RouteMapFrame>
  );
}
