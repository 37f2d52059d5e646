// When a rule is on: days Monday to Sunday (SPEC §9 codes 1 to 7, all on by default) and a start
// and end time (default 0:00 to 24:00) in the client's time zone, in quarter hours (SPEC §9: time is
// rounded to 15 minutes). A stored time off the quarter hours is kept as a choice.
import { Checkbox, Form, Select } from 'antd';
import { RULE_DAYS, formatRuleTime } from '@fleet/common';
import type { RuleErrors, RuleFormValues } from './ruleForm';

type Window = Pick<RuleFormValues, 'days' | 'start' | 'end'>;

interface Props {
  values: Window;
  errors: RuleErrors;
  onChange: (patch: Partial<Window>) => void;
}

const QUARTERS = Array.from({ length: 97 }, (_, i) => formatRuleTime(i * 15));

function timeOptions(times: string[], current: string) {
  const all = times.includes(current) || !current ? times : [current, ...times];
  return all.map((t) => ({ value: t, label: t }));
}

const byText = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '').startsWith(input.trim());

export default function RuleWindowFields({ values, errors, onChange }: Props) {
  return (
    <>
      <Form.Item
        label={<span id="rule-days-label">Days</span>}
        validateStatus={errors.days ? 'error' : undefined}
        help={errors.days}
        className="rule-days"
      >
        <Checkbox.Group<number>
          aria-labelledby="rule-days-label"
          value={values.days}
          options={RULE_DAYS.map((d) => ({ value: d.code, label: d.name }))}
          onChange={(days) => onChange({ days: [...days].sort((a, b) => a - b) })}
        />
      </Form.Item>
      <div className="rule-form-row">
        <Form.Item
          label="From"
          htmlFor="rule-start"
          validateStatus={errors.start ? 'error' : undefined}
          help={errors.start}
        >
          <Select<string>
            id="rule-start"
            virtual={false}
            value={values.start}
            options={timeOptions(QUARTERS.slice(0, -1), values.start)}
            showSearch={{ filterOption: byText }}
            onChange={(start) => onChange({ start })}
          />
        </Form.Item>
        <Form.Item
          label="Until"
          htmlFor="rule-end"
          validateStatus={errors.end ? 'error' : undefined}
          help={errors.end ?? '24:00 is the end of the day'}
        >
          <Select<string>
            id="rule-end"
            virtual={false}
            value={values.end}
            options={timeOptions(QUARTERS.slice(1), values.end)}
            showSearch={{ filterOption: byText }}
            onChange={(end) => onChange({ end })}
          />
        </Form.Item>
      </div>
    </>
  );
}
