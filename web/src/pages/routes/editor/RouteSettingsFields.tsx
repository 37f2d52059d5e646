// Name, colour, corridor width and the units assigned to the route.
import { Form, Input, InputNumber, Select } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import { hasSpecialCharacters } from '@fleet/common';
import { unitLabel, useUnits } from '../../tracking/common/useUnits';
import type { RouteDraft } from './routeDraft';

/** Why the name cannot be saved, or null. */
export function nameProblem(name: string): string | null {
  const text = name.trim();
  if (!text) return 'Name is required';
  if (text.length > 100) return 'Name must be at most 100 characters';
  if (hasSpecialCharacters(text))
    return 'Name must not contain any of ! $ ^ * + ( ) % [ ] \\ / \' ; @ { } | " < > ` ~';
  return null;
}

export function corridorProblem(corridor: number | null): string | null {
  if (corridor === null || !Number.isFinite(corridor)) return 'Corridor is required';
  if (corridor < 10) return 'Corridor must be at least 10 metres';
  if (corridor > 50_000) return 'Corridor must be at most 50000 metres';
  return null;
}

export default function RouteSettingsFields({
  draft,
  onChange,
  showErrors,
  readOnly,
}: {
  draft: RouteDraft;
  onChange: (next: RouteDraft) => void;
  showErrors: boolean;
  readOnly: boolean;
}) {
  const { units, isLoading } = useUnits();
  const name = nameProblem(draft.name);
  const nameShown = name && (showErrors || draft.name !== '') ? name : null;
  const corridor = corridorProblem(draft.corridor);
  return (
    <Form layout="vertical" component="div" disabled={readOnly}>
      <Form.Item
        label="Name"
        htmlFor="route-name"
        required
        validateStatus={nameShown ? 'error' : undefined}
        help={nameShown ?? undefined}
      >
        <Input
          id="route-name"
          value={draft.name}
          maxLength={100}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item label="Colour" htmlFor="route-colour">
          <input
            id="route-colour"
            type="color"
            className="route-colour-input"
            value={draft.colour}
            disabled={readOnly}
            onChange={(e) => onChange({ ...draft, colour: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Corridor (m)"
          htmlFor="route-corridor"
          tooltip="How far a unit may be from the route and still be on it"
          validateStatus={corridor ? 'error' : undefined}
          help={corridor ?? undefined}
          style={{ flex: 1, minWidth: 160 }}
        >
          <InputNumber
            id="route-corridor"
            min={10}
            max={50_000}
            step={50}
            style={{ width: '100%' }}
            value={draft.corridor}
            onChange={(v) => onChange({ ...draft, corridor: typeof v === 'number' ? v : NaN })}
          />
        </Form.Item>
      </div>
      <Form.Item label="Assigned units" htmlFor="route-units">
        <Select<number[]>
          id="route-units"
          mode="multiple"
          allowClear
          loading={isLoading}
          placeholder="No units"
          maxTagCount="responsive"
          value={draft.uids}
          onChange={(uids) => onChange({ ...draft, uids })}
          options={units.map((u) => ({
            value: u.uid,
            label: unitLabel(u),
            search: `${u.name} ${u.reg}`.toLowerCase(),
          }))}
          showSearch={{
            filterOption: (input: string, option?: DefaultOptionType) =>
              String(option?.search ?? '').includes(input.trim().toLowerCase()),
          }}
        />
      </Form.Item>
    </Form>
  );
}
