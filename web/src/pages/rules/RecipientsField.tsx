// A list of e-mail addresses or phone numbers: typed into a box, added with Enter, a comma or the
// Add button, each checked as the server checks it (SPEC §5 e-mail rule; isValidPhone) before it
// joins the list. Each entry has its own remove button (a 24 px target, named for what it removes).
import { useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { recipientProblem, splitRecipients, type RecipientKind } from './ruleForm';

interface Props {
  kind: RecipientKind;
  id: string;
  label: string;
  help: string;
  placeholder: string;
  list: string[];
  draft: string;
  /** The form's message for this field (a bad entry found on save, or the server's). */
  error?: string;
  disabled?: boolean;
  onChange: (list: string[], draft: string) => void;
}

export default function RecipientsField({
  kind,
  id,
  label,
  help,
  placeholder,
  list,
  draft,
  error,
  disabled,
  onChange,
}: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const entries = splitRecipients(kind, draft);
    if (entries.length === 0) return;
    const bad = entries.find((e) => recipientProblem(kind, e) !== null);
    if (bad !== undefined) {
      setProblem(recipientProblem(kind, bad));
      return;
    }
    setProblem(null);
    onChange([...list, ...entries.filter((e) => !list.includes(e))], '');
  };
  const shown = problem ?? error;
  return (
    <Form.Item
      className="rule-recipients"
      label={label}
      htmlFor={id}
      validateStatus={shown ? 'error' : undefined}
      help={shown ?? help}
    >
      <Space.Compact className="full-width">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          inputMode={kind === 'emails' ? 'email' : 'tel'}
          autoComplete="off"
          disabled={disabled}
          onChange={(e) => {
            setProblem(null);
            onChange(list, e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              add();
            }
          }}
          onBlur={() => draft.trim() && add()}
        />
        <Button onClick={add} disabled={disabled} aria-label={`Add to ${label}`}>
          Add
        </Button>
      </Space.Compact>
      {list.length > 0 && (
        <ul className="rule-recipients-list" aria-label={label}>
          {list.map((entry) => (
            <li key={entry}>
              <Tag>
                {entry}
                {!disabled && (
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={`Remove ${entry}`}
                    onClick={() =>
                      onChange(
                        list.filter((e) => e !== entry),
                        draft,
                      )
                    }
                  />
                )}
              </Tag>
            </li>
          ))}
        </ul>
      )}
    </Form.Item>
  );
}
