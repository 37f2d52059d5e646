// account/request_quote (SPEC §2, feature_accounts): ask for a price. The plan and service, the
// vehicles to track (1 to 50: a description, the registration if it has one, the class and the
// value band the premium depends on), who to contact and any notes. Once sent, the quotes list
// shows it waiting for a price.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_QUOTE_VEHICLES, type QuoteInput } from '@fleet/common';
import { useSession } from '../../auth/session';
import { QUOTE_KEYS, quoteParametersQuery, setQuote } from '../../api/orders';
import { emailRules } from '../../components/formRules';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { className } from './orders/orderText';
import {
  phoneRule,
  plainTextRule,
  registrationRule,
  showServerErrors,
} from './orders/orderFormRules';
import './orders/orders.css';

interface VehicleValues {
  description?: string;
  reg?: string;
  vehicle_class?: string;
  value_band?: number;
}
interface Values {
  price_plan?: number;
  service_type?: string;
  vehicles: VehicleValues[];
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  notes: string;
}

const FIELDS = [
  'price_plan',
  'service_type',
  'vehicles',
  'contact_name',
  'contact_email',
  'contact_phone',
  'notes',
];
const required = (message: string) => ({ required: true, message });

export default function RequestQuotePage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [rest, setRest] = useState<string[]>([]);
  const parameters = useQuery({ ...quoteParametersQuery(), staleTime: 300_000 });
  const p = parameters.data?.parameters;
  const send = useMutation({
    mutationFn: (v: Values) =>
      setQuote({
        price_plan: v.price_plan!,
        service_type: v.service_type! as QuoteInput['service_type'],
        vehicles: v.vehicles.map((x) => ({
          description: (x.description ?? '').trim(),
          reg: (x.reg ?? '').trim(),
          vehicle_class: x.vehicle_class! as QuoteInput['vehicles'][number]['vehicle_class'],
          value_band: x.value_band!,
        })),
        contact_name: v.contact_name.trim(),
        contact_email: v.contact_email.trim(),
        contact_phone: v.contact_phone.trim(),
        notes: (v.notes ?? '').trim(),
      }),
    onSuccess: ({ quote }) => {
      notify.success(`Quote ${quote.reference} requested: we will send you a price soon`);
      void Promise.all(QUOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate('/portal/account/quotes_orders');
    },
    onError: (e) => setRest(showServerErrors(form, e.message, FIELDS)),
  });

  return (
    <PageContainer subTitle="Tell us what to track: we send you a price to accept or decline">
      <Card variant="borderless">
        <Form<Values>
          form={form}
          layout="vertical"
          className="quote-form"
          requiredMark
          initialValues={{
            vehicles: [{}],
            contact_name: user?.display_name ?? '',
            contact_email: user?.email ?? '',
            contact_phone: '',
            notes: '',
          }}
          onFinish={(v) => {
            setRest([]);
            send.mutate(v);
          }}
        >
          <div className="price-quote-amounts">
            <Form.Item
              name="price_plan"
              label="Price plan"
              rules={[required('Choose a price plan')]}
            >
              <Select<number>
                virtual={false}
                loading={parameters.isLoading}
                placeholder="Choose a plan"
                options={p?.price_plans.map((x) => ({ value: x.id, label: x.name }))}
              />
            </Form.Item>
            <Form.Item
              name="service_type"
              label="Service"
              rules={[required('Choose the service you want')]}
            >
              <Select<string>
                virtual={false}
                loading={parameters.isLoading}
                placeholder="Choose a service"
                options={Object.entries(p?.service_types ?? {}).map(([value, label]) => ({
                  value,
                  label,
                }))}
              />
            </Form.Item>
          </div>
          <Form.List name="vehicles">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <fieldset key={field.key} className="quote-vehicle">
                    <legend>Vehicle {i + 1}</legend>
                    <div className="quote-vehicle-fields">
                      <Form.Item
                        name={[field.name, 'description']}
                        label="Description"
                        rules={[required('Describe the vehicle: make and model'), plainTextRule]}
                      >
                        <Input maxLength={120} placeholder="Toyota Hilux 2.4 GD-6" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'reg']}
                        label="Registration"
                        rules={[registrationRule]}
                      >
                        <Input maxLength={20} placeholder="If it has one" />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'vehicle_class']}
                        label="Class"
                        rules={[required('Choose the class')]}
                      >
                        <Select<string>
                          virtual={false}
                          showSearch
                          placeholder="Choose a class"
                          options={p?.vehicle_classes.map((c) => ({
                            value: c,
                            label: className(c),
                          }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'value_band']}
                        label="Value"
                        rules={[required('Choose the value band')]}
                      >
                        <Select<number>
                          virtual={false}
                          placeholder="Choose a value band"
                          options={p?.value_bands.map((b) => ({ value: b.id, label: b.name }))}
                        />
                      </Form.Item>
                    </div>
                    {fields.length > 1 && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        className="quote-vehicle-remove"
                        onClick={() => remove(field.name)}
                      >
                        Remove vehicle {i + 1}
                      </Button>
                    )}
                  </fieldset>
                ))}
                <Form.Item>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={fields.length >= MAX_QUOTE_VEHICLES}
                    onClick={() => add({})}
                  >
                    Add a vehicle
                  </Button>
                </Form.Item>
              </>
            )}
          </Form.List>
          <div className="price-quote-amounts">
            <Form.Item
              name="contact_name"
              label="Contact person"
              rules={[required('Who should we talk to?'), plainTextRule]}
            >
              <Input maxLength={80} autoComplete="name" />
            </Form.Item>
            <Form.Item
              name="contact_email"
              label="Contact e-mail"
              rules={emailRules('Type the e-mail address the quote goes to')}
            >
              <Input maxLength={254} type="email" autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="contact_phone"
              label="Contact phone"
              rules={[required('Type a phone number'), phoneRule]}
            >
              <Input maxLength={24} type="tel" autoComplete="tel" />
            </Form.Item>
          </div>
          <Form.Item name="notes" label="Notes" rules={[plainTextRule]}>
            <Input.TextArea rows={3} maxLength={1000} placeholder="Anything we should know" />
          </Form.Item>
          {rest.length > 0 && (
            <Alert
              type="error"
              showIcon
              className="form-alert"
              title="The quote was not requested"
              description={rest.join('; ')}
            />
          )}
          <div className="form-actions">
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              Request quote
            </Button>
            <Button onClick={() => navigate('/portal/account/quotes_orders')}>Cancel</Button>
          </div>
        </Form>
      </Card>
    </PageContainer>
  );
}
