// The chosen rule type's parameters (RULE_PARAMS of @fleet/common), each explained in words. Types
// without parameters say what they react to instead.
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, InputNumber, Radio, Select, Typography } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import {
  DRIVER_ID_TIMEOUT_MIN,
  HARSH_KINDS,
  MAX_INPUT,
  RULE_TIME_RANGES_MIN,
  type HarshKind,
  type RuleTypeKey,
} from '@fleet/common';
import { locationsPickerQuery, routesPickerQuery } from '../../api/rules';
import { minutesLabel, type ParamValues, type RuleErrors } from './ruleForm';

interface Props {
  type: RuleTypeKey;
  param: ParamValues;
  errors: RuleErrors;
  onChange: (patch: Partial<ParamValues>) => void;
}

const HARSH_LABELS: Record<HarshKind, string> = {
  braking: 'Harsh braking',
  acceleration: 'Harsh acceleration',
  cornering: 'Harsh cornering',
};

const NO_PARAMS: Partial<Record<RuleTypeKey, string>> = {
  battery_tampering:
    'This rule has nothing to set: it fires when the tracker reports that its power was cut or its wiring tampered with.',
  towing:
    'This rule has nothing to set: it fires when a vehicle moves while its ignition is off, as on a tow truck.',
  border_crossing:
    'This rule has nothing to set: it fires when a vehicle crosses the border out of South Africa.',
  immobiliser_bypass:
    'This rule has nothing to set: it fires when the tracker reports the immobiliser bypassed or the vehicle push-started.',
  power_restored:
    'This rule has nothing to set: it fires when the vehicle’s power comes back after being cut.',
};

const byName = (input: string, option?: DefaultOptionType) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

export default function RuleParamsFields({ type, param, errors, onChange }: Props) {
  const needsLocations = type === 'location' || type === 'abnormal_park';
  const locations = useQuery({
    ...locationsPickerQuery(),
    enabled: needsLocations,
    staleTime: 60_000,
  });
  const routes = useQuery({
    ...routesPickerQuery(),
    enabled: type === 'route_violation',
    staleTime: 60_000,
  });
  const locationOptions = (locations.data?.locations ?? []).map((l) => ({
    value: l.lid,
    label: l.name,
  }));

  const item = (key: string, extra: string) => ({
    validateStatus: errors[`param.${key}`] ? ('error' as const) : undefined,
    help: errors[`param.${key}`] ?? extra,
  });

  const minutesField = (id: string, label: string, extra: string, choices: readonly number[]) => (
    <Form.Item label={label} htmlFor={id} required {...item('minutes', extra)}>
      <Select<number>
        id={id}
        value={id === 'rule-driver-minutes' ? param.driver_minutes : param.minutes}
        options={choices.map((m) => ({ value: m, label: minutesLabel(m) }))}
        onChange={(m) =>
          onChange(id === 'rule-driver-minutes' ? { driver_minutes: m } : { minutes: m })
        }
      />
    </Form.Item>
  );

  // The Speed Buzzer rule's limit is optional: a vehicle's own buzzer limit wins (issue 13).
  const buzzer = type === 'speed_buzzer';
  const speedLimit = (extra: string) => (
    <Form.Item
      label="Speed limit (km/h)"
      htmlFor="rule-limit"
      required={!buzzer}
      {...item('limit', extra)}
    >
      <InputNumber
        id="rule-limit"
        className="rule-form-number"
        min={10}
        max={250}
        step={5}
        suffix="km/h"
        placeholder={buzzer ? 'Optional' : undefined}
        value={param.limit}
        onChange={(v) => onChange({ limit: typeof v === 'number' ? v : null })}
      />
    </Form.Item>
  );

  if (NO_PARAMS[type]) return <Typography.Paragraph>{NO_PARAMS[type]}</Typography.Paragraph>;

  return (
    <div className="rule-form-params">
      {type === 'location' && (
        <>
          <Form.Item
            label="Location"
            htmlFor="rule-location"
            required
            {...item('lid', 'One of your locations (add them under Locations)')}
          >
            <Select<number>
              id="rule-location"
              placeholder="Choose a location"
              loading={locations.isLoading}
              value={param.lid ?? undefined}
              options={locationOptions}
              showSearch={{ filterOption: byName }}
              onChange={(lid) => onChange({ lid })}
            />
          </Form.Item>
          <Form.Item label={<span id="rule-trigger-label">Alert when the vehicle</span>}>
            <Radio.Group
              aria-labelledby="rule-trigger-label"
              value={param.trigger}
              onChange={(e) => onChange({ trigger: e.target.value })}
              options={[
                { value: 'enter', label: 'Enters the location' },
                { value: 'exit', label: 'Leaves the location' },
                { value: 'inside', label: 'Stays inside for too long' },
              ]}
            />
          </Form.Item>
          {param.trigger === 'inside' &&
            minutesField(
              'rule-minutes',
              'Inside for longer than',
              'The alert fires once the vehicle has been inside this long',
              RULE_TIME_RANGES_MIN,
            )}
        </>
      )}
      {(type === 'speeding' || type === 'speed_buzzer') && (
        <div className="rule-form-row">
          {speedLimit(
            buzzer
              ? "Optional: each vehicle's own buzzer limit is used where set; this one applies to vehicles without one"
              : 'The alert counts time spent above this speed',
          )}
          {type === 'speeding' ? (
            <Form.Item
              label="Grace time (seconds)"
              htmlFor="rule-grace"
              required
              {...item('grace_s', 'Short bursts over the limit, up to this long, are ignored')}
            >
              <InputNumber
                id="rule-grace"
                className="rule-form-number"
                min={0}
                max={300}
                suffix="s"
                value={param.grace_s}
                onChange={(v) => onChange({ grace_s: typeof v === 'number' ? v : null })}
              />
            </Form.Item>
          ) : (
            <Form.Item
              label="Over the limit for (seconds)"
              htmlFor="rule-seconds"
              required
              {...item('seconds', '30 to 60 seconds: the buzzer sounded all that time')}
            >
              <InputNumber
                id="rule-seconds"
                className="rule-form-number"
                min={30}
                max={60}
                suffix="s"
                value={param.seconds}
                onChange={(v) => onChange({ seconds: typeof v === 'number' ? v : null })}
              />
            </Form.Item>
          )}
        </div>
      )}
      {type === 'harsh_driving' && (
        <Form.Item
          label={<span id="rule-kinds-label">Alert on</span>}
          {...item(
            'kinds',
            'Each event the tracker reports, or works out from speed, is one alert',
          )}
        >
          <Checkbox.Group<HarshKind>
            aria-labelledby="rule-kinds-label"
            value={param.kinds}
            options={HARSH_KINDS.map((k) => ({ value: k, label: HARSH_LABELS[k] }))}
            onChange={(kinds) => onChange({ kinds })}
          />
        </Form.Item>
      )}
      {type === 'vehicle_moving' && (
        <Form.Item
          label="Moving above (km/h)"
          htmlFor="rule-min-speed"
          required
          {...item(
            'min_speed',
            'Slower than this counts as standing still (GPS drift). The days and hours below say when moving is not allowed.',
          )}
        >
          <InputNumber
            id="rule-min-speed"
            className="rule-form-number"
            min={3}
            max={100}
            suffix="km/h"
            value={param.min_speed}
            onChange={(v) => onChange({ min_speed: typeof v === 'number' ? v : null })}
          />
        </Form.Item>
      )}
      {type === 'battery_low' && (
        <Form.Item
          label="Alert below (volts)"
          htmlFor="rule-volts"
          required
          {...item('volts', 'A healthy 12 V battery reads about 12.6 V at rest; 11.8 V is low')}
        >
          <InputNumber
            id="rule-volts"
            className="rule-form-number"
            min={5}
            max={30}
            step={0.1}
            suffix="V"
            value={param.volts}
            onChange={(v) => onChange({ volts: typeof v === 'number' ? v : null })}
          />
        </Form.Item>
      )}
      {type === 'abnormal_park' && (
        <>
          {minutesField(
            'rule-minutes',
            'Parked for longer than',
            'How long a vehicle may stand outside the chosen locations',
            RULE_TIME_RANGES_MIN,
          )}
          <Form.Item
            label="Normal parking places"
            htmlFor="rule-lids"
            {...item(
              'lids',
              'Parking inside one of these is normal. None chosen: any of your locations.',
            )}
          >
            <Select<number[]>
              id="rule-lids"
              mode="multiple"
              allowClear
              placeholder="Any of your locations"
              loading={locations.isLoading}
              value={param.lids}
              options={locationOptions}
              showSearch={{ filterOption: byName }}
              onChange={(lids) => onChange({ lids })}
            />
          </Form.Item>
        </>
      )}
      {type === 'excessive_idling' &&
        minutesField(
          'rule-minutes',
          'Idling for longer than',
          'Ignition on and standing still this long raises the alert',
          RULE_TIME_RANGES_MIN,
        )}
      {type === 'excessive_park' &&
        minutesField(
          'rule-minutes',
          'Parked for longer than',
          'A vehicle standing still this long, anywhere, raises the alert',
          RULE_TIME_RANGES_MIN,
        )}
      {type === 'excessive_ignition' &&
        minutesField(
          'rule-minutes',
          'Ignition on for longer than',
          'The ignition staying on this long, moving or not, raises the alert',
          RULE_TIME_RANGES_MIN,
        )}
      {type === 'driver_id_timeout' &&
        minutesField(
          'rule-driver-minutes',
          'Driver must identify within',
          'Counted from the start of each trip',
          DRIVER_ID_TIMEOUT_MIN,
        )}
      {type === 'route_violation' && (
        <Form.Item
          label="Route"
          htmlFor="rule-route"
          {...item('roid', 'A unit leaving the corridor of this route raises the alert')}
        >
          <Select<number>
            id="rule-route"
            loading={routes.isLoading}
            value={param.roid ?? 0}
            options={[
              { value: 0, label: 'Any route the unit is assigned to' },
              ...(routes.data?.routes ?? []).map((r) => ({ value: r.roid, label: r.name })),
            ]}
            showSearch={{ filterOption: byName }}
            onChange={(roid) => onChange({ roid: roid === 0 ? null : roid })}
          />
        </Form.Item>
      )}
      {type === 'generic_input' && (
        <div className="rule-form-row">
          <Form.Item
            label="Digital input"
            htmlFor="rule-input"
            required
            {...item('input', 'The tracker input wired to the door, PTO or switch')}
          >
            <Select<number>
              id="rule-input"
              value={param.input}
              options={Array.from({ length: MAX_INPUT }, (_, i) => ({
                value: i + 1,
                label: `Input ${i + 1}`,
              }))}
              onChange={(input) => onChange({ input })}
            />
          </Form.Item>
          <Form.Item
            label={<span id="rule-state-label">Alert when it switches</span>}
            {...item('state', 'On: the line goes active. Off: it goes inactive.')}
          >
            <Radio.Group
              aria-labelledby="rule-state-label"
              value={param.state}
              onChange={(e) => onChange({ state: e.target.value })}
              options={[
                { value: 'on', label: 'On' },
                { value: 'off', label: 'Off' },
              ]}
            />
          </Form.Item>
        </div>
      )}
    </div>
  );
}
