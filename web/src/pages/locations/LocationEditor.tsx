// The location editor: the form beside the map where the shape is drawn. Values live here; the
// page loads and saves them. Checked as the server checks them before anything is sent.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, InputNumber, Segmented, Space, Typography } from 'antd';
import { MAX_LOCATION_RADIUS_M, type LatLon } from '@fleet/common';
import { MapView } from '../../map';
import { useTheme } from '../../theme/ThemeContext';
import { registerMapForTests } from '../tracking/common/mapTestHook';
import { CoordinatesField } from './CoordinatesField';
import { ColourField } from './ColourField';
import {
  LocationShapeEditor,
  moveRing,
  shapeCentre,
  type ShapeChange,
} from './LocationShapeEditor';
import {
  LOCATION_FIELD_LABELS,
  validateLocation,
  type LocationErrors,
  type LocationField,
  type LocationFormValues,
  type LocationType,
} from './locationForm';

interface Props {
  initial: LocationFormValues;
  editable: boolean;
  saving?: boolean;
  /** The server's refusal of the last save, shown above the buttons. */
  serverError?: string | null;
  onSave(values: LocationFormValues): void;
  onCancel(): void;
  /** Extra buttons (Delete on the edit page). */
  actions?: ReactNode;
}

export function LocationEditor({
  initial,
  editable,
  saving,
  serverError,
  onSave,
  onCancel,
  actions,
}: Props) {
  const theme = useTheme();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<LocationErrors>({});
  const [tried, setTried] = useState(false);
  const [loadKey, setLoadKey] = useState(0);
  const reload = () => setLoadKey((k) => k + 1);
  const alertRef = useRef<HTMLDivElement>(null);
  // A refusal shows by the buttons: bring it into view (on a phone they are below the map).
  useEffect(() => {
    if (serverError) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [serverError]);

  const update = (patch: Partial<LocationFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (tried) setErrors(validateLocation(next));
  };

  const onShape = (change: ShapeChange) =>
    setValues((v) => {
      const next =
        change.type === 'point'
          ? {
              ...v,
              centre: change.centre,
              // Keep a typed radius unless the circle was drawn anew (a whole metre apart).
              radius:
                v.radius !== null && Math.abs(v.radius - change.radius) < 1
                  ? v.radius
                  : change.radius,
            }
          : { ...v, ring: change.ring };
      if (tried) setErrors(validateLocation(next));
      return next;
    });

  const switchType = (type: LocationType) => {
    if (type === values.type) return;
    update({ type, centre: shapeCentre(values.type, values.centre, values.ring) });
    reload();
  };

  const moveTo = (to: LatLon) => {
    if (values.type === 'polygon' && values.ring.length >= 3)
      update({ ring: moveRing(values.ring, to), centre: to });
    else update({ centre: to });
    reload();
  };

  const submit = () => {
    const found = validateLocation(values);
    setTried(true);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(values);
  };

  const item = (field: LocationField, control: ReactNode, extra?: ReactNode) => (
    <Form.Item
      label={LOCATION_FIELD_LABELS[field]}
      htmlFor={`location-${field}`}
      validateStatus={errors[field] ? 'error' : undefined}
      help={errors[field]}
      extra={extra}
    >
      {control}
    </Form.Item>
  );

  const problems = Object.values(errors);
  return (
    <div className="location-editor">
      <Form
        layout="vertical"
        className="location-form"
        disabled={!editable}
        onFinish={submit}
        aria-label="Location"
      >
        {item(
          'name',
          <Input
            id="location-name"
            value={values.name}
            maxLength={100}
            onChange={(e) => update({ name: e.target.value })}
          />,
        )}
        {item(
          'type',
          <Segmented<LocationType>
            id="location-type"
            value={values.type}
            onChange={switchType}
            options={[
              { value: 'point', label: 'Point' },
              { value: 'polygon', label: 'Polygon' },
            ]}
          />,
        )}
        {values.type === 'point' &&
          item(
            'radius',
            <InputNumber
              id="location-radius"
              value={values.radius}
              min={1}
              max={MAX_LOCATION_RADIUS_M}
              suffix="m"
              style={{ width: 180 }}
              onChange={(r) => update({ radius: typeof r === 'number' ? r : null })}
              onBlur={reload}
              onPressEnter={reload}
            />,
          )}
        <CoordinatesField
          centre={shapeCentre(values.type, values.centre, values.ring)}
          label={values.type === 'point' ? 'Coordinates (centre)' : 'Coordinates (move to)'}
          onMove={moveTo}
          disabled={!editable}
        />
        {values.type === 'polygon' && (
          <Typography.Paragraph type={errors.shape ? 'danger' : 'secondary'}>
            {errors.shape ??
              (values.ring.length > 0
                ? `${values.ring.length} corners. Choose Edit to drag corners; drag the dots between them to add one.`
                : 'Click each corner on the map, then the first corner again to close it.')}
          </Typography.Paragraph>
        )}
        {values.type === 'point' && errors.shape && (
          <Typography.Paragraph type="danger">{errors.shape}</Typography.Paragraph>
        )}
        {item(
          'colour',
          <ColourField
            id="location-colour"
            value={values.colour}
            onChange={(colour) => update({ colour })}
          />,
        )}
        {item(
          'address',
          <Input
            id="location-address"
            value={values.address}
            maxLength={200}
            onChange={(e) => update({ address: e.target.value })}
          />,
        )}
        {item(
          'notes',
          <Input.TextArea
            id="location-notes"
            value={values.notes}
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => update({ notes: e.target.value })}
          />,
        )}
        {tried && problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="Please correct the form"
            description={
              <ul className="location-problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 16 }}
          />
        )}
        <div ref={alertRef} />
        {serverError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="The location was not saved"
            description={serverError}
            style={{ marginBottom: 16 }}
          />
        )}
        <Space wrap>
          {editable && (
            <Button type="primary" htmlType="submit" loading={saving}>
              Save
            </Button>
          )}
          <Button disabled={false} onClick={onCancel}>
            {editable ? 'Cancel' : 'Back to list'}
          </Button>
          {actions}
        </Space>
      </Form>
      <div className="location-map">
        <MapView
          mapSources={theme.map_sources}
          center={{ lat: values.centre.lat, lng: values.centre.lon }}
          zoom={15}
          onReady={registerMapForTests}
        >
          <LocationShapeEditor
            type={values.type}
            centre={values.centre}
            radius={values.radius}
            ring={values.ring}
            colour={values.colour}
            editable={editable}
            loadKey={loadKey}
            onShape={onShape}
          />
        </MapView>
      </div>
    </div>
  );
}
