// The rule form of rules/add and rules/edit/{id}: what to watch (name, type, its parameters), which
// units, when, and who is told. Values live here; the page loads and saves them. Everything is
// checked as the server checks it before anything is sent; the server's refusal is shown by the
// field it names.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Select, Switch, Typography } from 'antd';
import { RULE_TYPE_BY_KEY, type RuleType, type RuleTypeKey } from '@fleet/common';
import RecipientsField from './RecipientsField';
import RuleAppliesFields from './RuleAppliesFields';
import RuleParamsFields from './RuleParamsFields';
import RuleWindowFields from './RuleWindowFields';
import {
  serverErrors,
  validateRule,
  type RecipientKind,
  type RuleErrors,
  type RuleFormValues,
} from './ruleForm';

interface Props {
  initial: RuleFormValues;
  /** The types this account may create (SPEC §6 "Rule types by account"). */
  types: RuleType[];
  readOnly: boolean;
  saving?: boolean;
  /** The server's refusal of the last save. */
  serverError?: string | null;
  onSave(values: RuleFormValues): void;
  onCancel(): void;
  /** Extra buttons (Delete on the edit page). */
  actions?: ReactNode;
}

const RECIPIENTS: {
  kind: RecipientKind;
  label: string;
  help: string;
  placeholder: string;
}[] = [
  {
    kind: 'emails',
    label: 'E-mail the alert to',
    help: 'Type an address and press Enter; add as many as you need',
    placeholder: 'name@example.com',
  },
  {
    kind: 'sms',
    label: 'SMS the alert to',
    help: 'Mobile numbers, e.g. +27 82 555 0123',
    placeholder: '+27 82 555 0123',
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rule-form-section">
      <Typography.Title level={2} className="rule-form-heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

export default function RuleForm({
  initial,
  types,
  readOnly,
  saving,
  serverError,
  onSave,
  onCancel,
  actions,
}: Props) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError) alertRef.current?.scrollIntoView?.({ block: 'center' });
  }, [serverError]);

  const local = useMemo(() => (tried ? validateRule(values) : {}), [tried, values]);
  const fromServer = useMemo(() => serverErrors(serverError ?? ''), [serverError]);
  const errors: RuleErrors = { ...fromServer.fields, ...local };
  const update = (patch: Partial<RuleFormValues>) => setValues((v) => ({ ...v, ...patch }));

  // A stored rule of a type the account may no longer create is still shown as it is.
  const typeOptions = useMemo(() => {
    const list =
      values.type && !types.some((t) => t.key === values.type)
        ? [RULE_TYPE_BY_KEY[values.type], ...types]
        : types;
    return list.map((t) => ({ value: t.key, label: t.name }));
  }, [types, values.type]);
  const type = values.type ? RULE_TYPE_BY_KEY[values.type] : null;

  const save = () => {
    setTried(true);
    const found = validateRule(values);
    if (Object.keys(found).length === 0) onSave(values);
  };

  const recipients = type?.callMe
    ? [
        ...RECIPIENTS,
        {
          kind: 'phones' as const,
          label: 'Recovery desk calls',
          help: 'A call-me rule: the recovery desk phones these numbers when it fires',
          placeholder: '+27 82 555 0123',
        },
      ]
    : RECIPIENTS;

  return (
    <Card variant="borderless" className="rule-form">
      <Form layout="vertical" component="div" disabled={readOnly}>
        <Section title="What to watch">
          <Form.Item
            label="Name"
            htmlFor="rule-name"
            required
            validateStatus={errors.name ? 'error' : undefined}
            help={errors.name}
          >
            <Input
              id="rule-name"
              value={values.name}
              maxLength={100}
              placeholder="e.g. Speeding on highways"
              onChange={(e) => update({ name: e.target.value })}
            />
          </Form.Item>
          <Form.Item
            label="Type"
            htmlFor="rule-type"
            required
            validateStatus={errors.type ? 'error' : undefined}
            help={
              errors.type ??
              (type ? (
                <span data-testid="rule-type-explain">
                  {type.explain}
                  {type.callMe && ' The recovery desk is told as well.'}
                </span>
              ) : (
                'What the rule reacts to'
              ))
            }
          >
            <Select<RuleTypeKey>
              id="rule-type"
              placeholder="Choose the type of rule"
              virtual={false}
              value={values.type ?? undefined}
              options={typeOptions}
              onChange={(key) => update({ type: key })}
            />
          </Form.Item>
          {values.type && (
            <RuleParamsFields
              type={values.type}
              param={values.param}
              errors={errors}
              onChange={(patch) => setValues((v) => ({ ...v, param: { ...v.param, ...patch } }))}
            />
          )}
        </Section>
        <Section title="Which units">
          <RuleAppliesFields values={values} type={values.type} errors={errors} onChange={update} />
        </Section>
        <Section title="When">
          <RuleWindowFields values={values} errors={errors} onChange={update} />
        </Section>
        <Section title="Who is told">
          {recipients.map((r) => (
            <RecipientsField
              key={r.kind}
              kind={r.kind}
              id={`rule-${r.kind}`}
              label={r.label}
              help={r.help}
              placeholder={r.placeholder}
              list={values[r.kind]}
              draft={values.drafts[r.kind]}
              error={errors[r.kind]}
              disabled={readOnly}
              onChange={(list, draft) =>
                setValues((v) => ({
                  ...v,
                  [r.kind]: list,
                  drafts: { ...v.drafts, [r.kind]: draft },
                }))
              }
            />
          ))}
          <Form.Item
            label="Active"
            htmlFor="rule-active"
            help="An inactive rule raises no alerts until you switch it on again"
          >
            <Switch
              id="rule-active"
              checked={values.active}
              onChange={(active) => update({ active })}
            />
          </Form.Item>
        </Section>
      </Form>
      {serverError && (
        <div ref={alertRef}>
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title="The rule was not saved"
            description={
              fromServer.rest.length
                ? fromServer.rest.join('; ')
                : 'Correct the fields marked above.'
            }
          />
        </div>
      )}
      {tried && Object.keys(local).length > 0 && (
        <Typography.Paragraph type="danger" role="alert" className="rule-form-problems">
          Correct the {Object.keys(local).length === 1 ? 'field' : 'fields'} marked above; nothing
          was sent.
        </Typography.Paragraph>
      )}
      <div className="rule-form-actions">
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={save}>
            Save
          </Button>
        )}
        <Button onClick={onCancel}>{readOnly ? 'Back to rules' : 'Cancel'}</Button>
        {actions}
      </div>
    </Card>
  );
}
