// The vehicle form of vehicle/edit/{id}: how the vehicle shows on the map, what it is, who drives
// it and which labels and fleets it is in, its state, and its readings. Values live here; the page
// loads the vehicle and saves what changed. Problems are shown beside the field they name, found
// before sending (vehicleInput) or by the server.
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { UNIT_TYPES, vehicleInput, type Vehicle, type VehicleInput } from '@fleet/common';
import { driversPickerQuery } from '../../api/fleet';
import { fleetsQuery, tagsQuery } from '../../api/rules';
import { LABEL_SEARCH, labelOptions } from '../tags/LabelTag';
import { useFormErrors } from './fieldErrors';
import { FormProblems } from './FormProblems';
import { ThemeColourField } from './ThemeColourField';
import { VehicleClassPicker } from './VehicleClassPicker';
import {
  addedLabels,
  changedInput,
  valuesFromVehicle,
  VEHICLE_FIELD_LABELS,
  type VehicleErrors,
  type VehicleField,
  type VehicleFormValues,
} from './vehicleForm';
import { FUEL_TYPE_OPTIONS, STOCK_STATUS_OPTIONS, SUPPORT_ACTIVE_OPTIONS } from './vehicleFormat';

interface Props {
  vehicle: Vehicle;
  readOnly: boolean;
  /** Support users see the SPEC §4 state codes and the stock status. */
  support: boolean;
  saving?: boolean;
  /** The server's refusal of the last save. */
  serverError?: string | null;
  /** The changed fields, and the labels the save adds (to check against the rules first). */
  onSave(input: VehicleInput, addedTgids: number[]): void;
  onCancel(): void;
}

const UNIT_TYPE_OPTIONS = UNIT_TYPES.map((t) => ({ value: t, label: t }));
const READING_HELP = 'Type the reading on the dashboard; the vehicle counts on from it';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="vehicle-form-section">
      <Typography.Title level={2} className="vehicle-form-heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

export default function VehicleForm({
  vehicle,
  readOnly,
  support,
  saving,
  serverError,
  onSave,
  onCancel,
}: Props) {
  const initial = useMemo(() => valuesFromVehicle(vehicle), [vehicle]);
  const [values, setValues] = useState(initial);
  const [nothing, setNothing] = useState(false);
  const input = useMemo(
    () => changedInput(vehicle.uid, initial, values),
    [vehicle.uid, initial, values],
  );
  const form = useFormErrors(vehicleInput, input, VEHICLE_FIELD_LABELS, serverError);
  const errors: VehicleErrors = form.fields;

  const tags = useQuery({ ...tagsQuery(), staleTime: 60_000 });
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000 });
  const drivers = useQuery({ ...driversPickerQuery(), staleTime: 60_000 });
  const driverOptions = useMemo(() => {
    const list = (drivers.data?.people ?? []).map((p) => ({ value: p.pid, label: p.name }));
    // The vehicle's driver stays choosable even when no longer listed as a driver.
    if (vehicle.driver && !list.some((o) => o.value === vehicle.driver!.pid))
      list.unshift({ value: vehicle.driver.pid, label: vehicle.driver.name });
    return list;
  }, [drivers.data, vehicle.driver]);

  const update = (patch: Partial<VehicleFormValues>) => {
    setNothing(false);
    setValues((v) => ({ ...v, ...patch }));
  };

  const save = () => {
    // The uid alone: nothing changed.
    if (Object.keys(input).length === 1) {
      setNothing(true);
      return;
    }
    if (form.check()) onSave(input, addedLabels(initial, values));
  };

  /** A Form.Item's label, id and problem for a field. */
  const item = (field: VehicleField, extra: { help?: ReactNode; required?: boolean } = {}) => ({
    label: VEHICLE_FIELD_LABELS[field],
    htmlFor: `vehicle-${field}`,
    required: extra.required,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ?? extra.help,
  });
  const text = (field: 'name' | 'reg' | 'make' | 'model' | 'colour', maxLength: number) => (
    <Input
      id={`vehicle-${field}`}
      value={values[field]}
      maxLength={maxLength}
      onChange={(e) => update({ [field]: e.target.value })}
    />
  );

  const number = (
    field: 'year' | 'tank_size' | 'odometer' | 'engine_hours',
    range: { min: number; max: number; suffix?: string; precision?: number },
  ) => (
    <InputNumber
      id={`vehicle-${field}`}
      className="full-width"
      value={values[field]}
      {...range}
      onChange={(value) => update({ [field]: value ?? null })}
    />
  );

  // Client users choose Active or Disabled (SPEC §4 client view); a state they cannot name (a
  // distributor's code) stays as it is unless they pick Active.
  const activeOptions = support
    ? SUPPORT_ACTIVE_OPTIONS
    : [
        { value: 1, label: 'Active' },
        { value: initial.active !== 1 ? initial.active : 2, label: 'Disabled' },
      ];

  return (
    <Card variant="borderless" className="vehicle-form">
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Section title="On the map">
          <div className="vehicle-form-row">
            <Form.Item {...item('name', { required: true })}>{text('name', 60)}</Form.Item>
            <Form.Item {...item('reg')}>{text('reg', 20)}</Form.Item>
          </div>
          <Form.Item {...item('icon_colour')}>
            <ThemeColourField
              id="vehicle-icon_colour"
              label="Icon colour"
              value={values.icon_colour}
              disabled={readOnly}
              onChange={(icon_colour) => update({ icon_colour })}
            />
          </Form.Item>
          <Form.Item
            {...item('vehicle_class_ref', {
              help: 'The live map draws the vehicle with this picture, in its icon colour',
            })}
          >
            <VehicleClassPicker
              id="vehicle-vehicle_class_ref"
              value={values.vehicle_class_ref}
              colour={values.icon_colour}
              disabled={readOnly}
              onChange={(vehicle_class_ref) => update({ vehicle_class_ref })}
            />
          </Form.Item>
          <Form.Item {...item('display', { help: 'Off: the vehicle is left off the live map' })}>
            <Switch
              id="vehicle-display"
              checked={values.display}
              onChange={(display) => update({ display })}
            />
          </Form.Item>
        </Section>
        <Section title="Details">
          <div className="vehicle-form-row">
            <Form.Item {...item('unit_type')}>
              <Select
                id="vehicle-unit_type"
                value={values.unit_type || undefined}
                options={UNIT_TYPE_OPTIONS}
                onChange={(unit_type) => update({ unit_type })}
              />
            </Form.Item>
            <Form.Item {...item('make')}>{text('make', 40)}</Form.Item>
            <Form.Item {...item('model')}>{text('model', 40)}</Form.Item>
          </div>
          <div className="vehicle-form-row">
            <Form.Item {...item('year')}>
              {number('year', { min: 1900, max: 2100, precision: 0 })}
            </Form.Item>
            <Form.Item {...item('vin')}>
              <Input
                id="vehicle-vin"
                value={values.vin}
                maxLength={17}
                onChange={(e) => update({ vin: e.target.value.toUpperCase() })}
              />
            </Form.Item>
            <Form.Item {...item('colour')}>{text('colour', 30)}</Form.Item>
          </div>
          <div className="vehicle-form-row">
            <Form.Item {...item('fuel_type')}>
              <Select
                id="vehicle-fuel_type"
                allowClear
                placeholder="Not set"
                value={values.fuel_type || undefined}
                options={FUEL_TYPE_OPTIONS}
                onChange={(fuel_type) => update({ fuel_type: fuel_type ?? '' })}
              />
            </Form.Item>
            <Form.Item {...item('tank_size', { help: 'Litres' })}>
              {number('tank_size', { min: 0, max: 5000, suffix: 'L' })}
            </Form.Item>
          </div>
        </Section>
        <Section title="Driver, labels and fleets">
          <Form.Item
            {...item('driver_id', {
              help: 'A driver identified by the vehicle’s tag reader takes over on a trip',
            })}
          >
            <Select
              id="vehicle-driver_id"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="No default driver"
              loading={drivers.isLoading}
              value={values.driver_id ?? undefined}
              options={driverOptions}
              onChange={(pid) => update({ driver_id: pid ?? null })}
            />
          </Form.Item>
          <Form.Item {...item('tgids')}>
            <Select
              id="vehicle-tgids"
              mode="multiple"
              allowClear
              {...LABEL_SEARCH}
              placeholder="No labels"
              loading={tags.isLoading}
              value={values.tgids}
              options={labelOptions(tags.data?.tags ?? [])}
              onChange={(tgids) => update({ tgids })}
            />
          </Form.Item>
          <Form.Item {...item('fids')}>
            <Select
              id="vehicle-fids"
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="In no fleet"
              loading={fleets.isLoading}
              value={values.fids}
              options={(fleets.data?.fleets ?? []).map((f) => ({ value: f.fid, label: f.name }))}
              onChange={(fids) => update({ fids })}
            />
          </Form.Item>
        </Section>
        <Section title="State">
          <div className="vehicle-form-row">
            <Form.Item
              {...item('active', {
                help: support
                  ? undefined
                  : 'The live map can leave disabled vehicles out (Units shown)',
              })}
            >
              <Select
                id="vehicle-active"
                value={values.active}
                options={activeOptions}
                onChange={(active) => update({ active })}
              />
            </Form.Item>
            {support && (
              <Form.Item {...item('stock_status')}>
                <Select
                  id="vehicle-stock_status"
                  value={values.stock_status}
                  options={STOCK_STATUS_OPTIONS}
                  onChange={(stock_status) => update({ stock_status })}
                />
              </Form.Item>
            )}
          </div>
        </Section>
        <Section title="Readings">
          <div className="vehicle-form-row">
            <Form.Item {...item('odometer', { help: READING_HELP })}>
              {number('odometer', { min: 0, max: 10_000_000, suffix: 'km' })}
            </Form.Item>
            <Form.Item {...item('engine_hours', { help: READING_HELP })}>
              {number('engine_hours', { min: 0, max: 1_000_000, suffix: 'h' })}
            </Form.Item>
          </div>
        </Section>
      </Form>
      <FormProblems what="vehicle" problems={form.problems} />
      {nothing && (
        <Typography.Paragraph role="status" className="form-problems">
          Nothing has changed, so there is nothing to save.
        </Typography.Paragraph>
      )}
      <div className="vehicle-form-actions">
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={save}>
            Save
          </Button>
        )}
        <Button onClick={onCancel}>{readOnly ? 'Back to vehicles' : 'Cancel'}</Button>
      </div>
    </Card>
  );
}
