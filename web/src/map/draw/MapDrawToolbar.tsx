// The buttons over the map that pick a drawing mode: one per shape mode, Edit (select mode) and
// Clear. A toggle group: the active mode is pressed (aria-pressed) and primary.
import type { CSSProperties } from 'react';
import { Button, Popconfirm } from 'antd';
import type { DrawShapeMode } from './drawFeatures';
import type { DrawMode, MapDrawApi } from './useMapDraw';

export const DRAW_MODE_LABELS: Record<DrawShapeMode, string> = {
  polygon: 'Polygon',
  circle: 'Circle',
  linestring: 'Line',
  point: 'Point',
};

const DRAW_MODE_HINTS: Record<DrawShapeMode, string> = {
  polygon: 'Draw a polygon: click each corner, click the first corner or double-click to finish',
  circle: 'Draw a circle: click the centre, move out, click again to set the radius',
  linestring: 'Draw a line: click each point, double-click to finish',
  point: 'Place a point: click the map',
};

export interface MapDrawToolbarProps {
  api: MapDrawApi;
  /** The shape modes to offer (default: none, only Edit and Clear). */
  modes?: readonly DrawShapeMode[];
  labels?: Partial<Record<DrawShapeMode, string>>;
  /** Show the Edit (select) button (default true). */
  edit?: boolean;
  /** Show Clear, asking first (default true). */
  clearable?: boolean;
  style?: CSSProperties;
}

export function MapDrawToolbar({
  api,
  modes = [],
  labels = {},
  edit = true,
  clearable = true,
  style,
}: MapDrawToolbarProps) {
  const button = (mode: DrawMode, label: string, title: string) => (
    <Button
      key={mode}
      size="small"
      type={api.mode === mode ? 'primary' : 'default'}
      aria-pressed={api.mode === mode}
      title={title}
      disabled={!api.ready}
      onClick={() => api.setMode(api.mode === mode ? 'static' : mode)}
    >
      {label}
    </Button>
  );
  return (
    <div
      role="toolbar"
      aria-label="Drawing tools"
      style={{
        position: 'absolute',
        top: 10,
        left: 10,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 4,
        maxWidth: 'calc(100% - 20px)',
        padding: 4,
        background: 'rgba(255,255,255,0.92)',
        borderRadius: 6,
        boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
        ...style,
      }}
    >
      {modes.map((m) => button(m, labels[m] ?? DRAW_MODE_LABELS[m], DRAW_MODE_HINTS[m]))}
      {edit &&
        button('select', 'Edit', 'Edit: drag a shape, its corners, or the dots between corners')}
      {clearable && (
        <Popconfirm
          title="Remove every shape?"
          okText="Remove"
          okButtonProps={{ danger: true }}
          onConfirm={() => api.clear()}
        >
          <Button size="small" danger disabled={!api.ready || api.features.length === 0}>
            Clear
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}
