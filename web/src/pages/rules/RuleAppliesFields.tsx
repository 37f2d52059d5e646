// Which units a rule watches: all, chosen units, units with chosen labels, or a fleet; then the
// units that makes (SPEC §9: at most 3 names, then "... and N more") and a warning for those whose
// service type cannot trigger the chosen type (SPEC §6). When labels pick the units, the warning is
// SPEC §5's label warning, word for word, for each such unit.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Select, Typography } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import {
  labelWarning,
  ruleTypeName,
  summarizeNames,
  type ApplyType,
  type RuleTypeKey,
} from '@fleet/common';
import { fleetsQuery, tagsQuery } from '../../api/rules';
import { unitLabel, useUnits } from '../tracking/common/useUnits';
import { unitNames, unsupportedUnits } from './ruleFormat';
import type { RuleErrors, RuleFormValues } from './ruleForm';

type Applies = Pick<RuleFormValues, 'apply_type' | 'uids' | 'tags' | 'fid'>;

interface Props {
  values: Applies;
  type: RuleTypeKey | null;
  errors: RuleErrors;
  onChange: (patch: Partial<Applies>) => void;
}

const APPLY_OPTIONS: { value: ApplyType; label: string }[] = [
  { value: 'all', label: 'All units' },
  { value: 'units', label: 'Chosen units' },
  { value: 'tags', label: 'Units with labels' },
  { value: 'fleet', label: 'A fleet' },
];

const bySearch = (input: string, option?: DefaultOptionType) =>
  String(option?.search ?? option?.label ?? '')
    .toLowerCase()
    .includes(input.trim().toLowerCase());

export default function RuleAppliesFields({ values, type, errors, onChange }: Props) {
  const { units, isLoading } = useUnits();
  const tags = useQuery({ ...tagsQuery(), staleTime: 60_000 });
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000 });

  /** The uids the choice makes, as the server will resolve them. */
  const affected = useMemo((): number[] => {
    switch (values.apply_type) {
      case 'all':
        return units.map((u) => u.uid);
      case 'units':
        return values.uids;
      case 'tags': {
        const chosen = new Set(values.tags);
        const fromTags = (tags.data?.tags ?? [])
          .filter((t) => chosen.has(t.tgid))
          .flatMap((t) => t.uids);
        // The unit list knows each unit's labels too (before get_tags answers).
        const fromUnits = units
          .filter((u) => u.tags.some((t) => chosen.has(t.id)))
          .map((u) => u.uid);
        return [...new Set([...fromTags, ...fromUnits])];
      }
      case 'fleet':
        return (fleets.data?.fleets ?? []).find((f) => f.fid === values.fid)?.uids ?? [];
    }
  }, [values, units, tags.data, fleets.data]);

  const affectedSet = new Set(affected);
  const affectedUnits = units.filter((u) => affectedSet.has(u.uid));
  const unsupported = type ? unsupportedUnits(affectedUnits, type) : [];
  const applyError = errors.apply_to ?? errors.apply_type;

  return (
    <>
      <Form.Item label={<span id="rule-apply-label">Applies to</span>}>
        <Radio.Group
          aria-labelledby="rule-apply-label"
          optionType="button"
          value={values.apply_type}
          options={APPLY_OPTIONS}
          onChange={(e) => onChange({ apply_type: e.target.value as ApplyType })}
        />
      </Form.Item>
      {values.apply_type === 'units' && (
        <Form.Item
          label="Units"
          htmlFor="rule-units"
          required
          validateStatus={applyError ? 'error' : undefined}
          help={applyError}
        >
          <Select<number[]>
            id="rule-units"
            mode="multiple"
            allowClear
            loading={isLoading}
            placeholder="Choose units"
            maxTagCount="responsive"
            value={values.uids}
            onChange={(uids) => onChange({ uids })}
            options={units.map((u) => ({
              value: u.uid,
              label: unitLabel(u),
              search: `${u.name} ${u.reg}`,
            }))}
            showSearch={{ filterOption: bySearch }}
          />
        </Form.Item>
      )}
      {values.apply_type === 'tags' && (
        <Form.Item
          label="Labels"
          htmlFor="rule-tags"
          required
          validateStatus={applyError ? 'error' : undefined}
          help={applyError ?? 'Units given one of these labels later are included too'}
        >
          <Select<number[]>
            id="rule-tags"
            mode="multiple"
            allowClear
            loading={tags.isLoading}
            placeholder="Choose labels"
            value={values.tags}
            onChange={(ids) => onChange({ tags: ids })}
            options={(tags.data?.tags ?? []).map((t) => ({ value: t.tgid, label: t.name }))}
            showSearch={{ filterOption: bySearch }}
          />
        </Form.Item>
      )}
      {values.apply_type === 'fleet' && (
        <Form.Item
          label="Fleet"
          htmlFor="rule-fleet"
          required
          validateStatus={errors.fid ? 'error' : undefined}
          help={errors.fid}
        >
          <Select<number>
            id="rule-fleet"
            loading={fleets.isLoading}
            placeholder="Choose a fleet"
            value={values.fid ?? undefined}
            onChange={(fid) => onChange({ fid })}
            options={(fleets.data?.fleets ?? []).map((f) => ({ value: f.fid, label: f.name }))}
            showSearch={{ filterOption: bySearch }}
          />
        </Form.Item>
      )}
      <Typography.Paragraph data-testid="rule-affected">
        {affected.length === 0
          ? 'No units yet.'
          : `${values.apply_type === 'all' ? `All ${affected.length} units` : `${affected.length} unit${affected.length === 1 ? '' : 's'}`}: ${unitNames(affected, units)}`}
      </Typography.Paragraph>
      {type && unsupported.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="rule-unsupported"
          title={
            values.apply_type === 'tags' ? (
              <ul className="rule-warning-list">
                {unsupported.map((u) => (
                  <li key={u.uid}>{labelWarning(u.name, type)}</li>
                ))}
              </ul>
            ) : (
              `${summarizeNames(unsupported.map((u) => u.name))} cannot trigger a ${ruleTypeName(type)} rule: ${unsupported.length === 1 ? 'its' : 'their'} tracking service does not support this rule type, so ${unsupported.length === 1 ? 'it' : 'they'} will not raise this alert.`
            )
          }
        />
      )}
    </>
  );
}
