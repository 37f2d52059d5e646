// A labelled row of radio buttons (a report's format, a schedule's interval): the group is named
// by its visible label, and a problem shows under it as on any other field.
import { Form, Radio } from 'antd';

interface Props<T extends string> {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  required?: boolean;
  error?: string;
  help?: string;
}

export default function ChoiceField<T extends string>(props: Props<T>) {
  const { id, label, value, options, onChange, required, error, help } = props;
  return (
    <Form.Item
      label={<span id={`${id}-label`}>{label}</span>}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ?? help}
    >
      <Radio.Group
        aria-labelledby={`${id}-label`}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        options={options}
      />
    </Form.Item>
  );
}
