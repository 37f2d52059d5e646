// The live map's places button (SPEC §4): how locations are drawn (display type, fill opacity) and
// which routes show, one by one or alone.
import { Button, Checkbox, Popover, Segmented, Slider } from 'antd';
import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { LOCATION_DISPLAY_TYPES, LOCATION_OPACITY } from '@fleet/common';
import type { RouteItem } from '../../../map';
import type { PlaceSettings } from './useLiveSettings';
import { routeShown, type LocationDisplayType, type LocationOpacity } from './placeSettings';

export interface PlacesPickerProps {
  places: PlaceSettings;
  routes: readonly RouteItem[];
  /** The route shown alone, if any (for this visit only). */
  alone: number | null;
  onAlone: (roid: number | null) => void;
  locationsOn: boolean;
  routesOn: boolean;
}

export function PlacesPicker({
  places,
  routes,
  alone,
  onAlone,
  locationsOn,
  routesOn,
}: PlacesPickerProps) {
  const content = (
    <div className="places-picker">
      <section aria-labelledby="places-locations">
        <h2 id="places-locations" className="places-picker-heading">
          Locations
        </h2>
        {!locationsOn && <p className="places-picker-hint">Turn on Locations in Map display.</p>}
        <Segmented<LocationDisplayType>
          block
          size="small"
          aria-label="Location display"
          value={places.displayType}
          onChange={places.setDisplayType}
          options={LOCATION_DISPLAY_TYPES.map((label, value) => ({
            label: label === 'Hide' ? 'Shapes' : label === 'Show All' ? 'Shapes, names' : 'Names',
            value: value as LocationDisplayType,
            title: label,
          }))}
        />
        <div className="places-picker-row">
          <span id="places-opacity">Fill</span>
          <Segmented<LocationOpacity>
            size="small"
            aria-labelledby="places-opacity"
            value={places.opacity}
            onChange={places.setOpacity}
            options={LOCATION_OPACITY.map((o) => ({ label: o, value: o }))}
          />
        </div>
        {places.opacity === 'Custom' && (
          <Slider
            min={0}
            max={100}
            value={Math.round(places.customOpacity * 100)}
            onChange={(v) => places.setCustomOpacity(v / 100)}
            tooltip={{ formatter: (v) => `${v}%` }}
            aria-label="Custom fill opacity"
          />
        )}
      </section>
      <section aria-labelledby="places-routes">
        <h2 id="places-routes" className="places-picker-heading">
          Routes
        </h2>
        {!routesOn && <p className="places-picker-hint">Turn on Routes in Map display.</p>}
        {routesOn && routes.length === 0 && <p className="places-picker-hint">No routes yet.</p>}
        {alone !== null && (
          <Button size="small" block onClick={() => onAlone(null)}>
            Show all routes again
          </Button>
        )}
        <ul className="places-picker-routes">
          {routes.map((route) => (
            <li key={route.roid}>
              <Checkbox
                checked={routeShown(route, places.routeDisplay, alone)}
                disabled={alone !== null}
                onChange={(e) =>
                  places.setRouteDisplay({ ...places.routeDisplay, [route.roid]: e.target.checked })
                }
              >
                <span className="places-picker-swatch" style={{ background: route.colour }} />
                {route.name}
              </Checkbox>
              <Button
                size="small"
                type="text"
                icon={<AimOutlined />}
                aria-label={`Show ${route.name} alone`}
                aria-pressed={alone === route.roid}
                onClick={() => onAlone(alone === route.roid ? null : route.roid)}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
  return (
    // Last in the row and centred under its button: on a phone the list fits the screen.
    <Popover content={content} trigger="click" placement="bottom" title="Places">
      <Button icon={<EnvironmentOutlined />} aria-label="Places" className="map-button-control" />
    </Popover>
  );
}
