// User Settings (SPEC §2 /portal/user_settings): contact details, time zone, date format and the
// maximum speed used by trips (default 120, SPEC §9).
import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, Row, Select, Skeleton } from 'antd';
import {
  DEFAULT_MAX_SPEED,
  MAX_SPEED_OPTIONS,
  isValidEmail,
  userTypeName,
  type UserSettings,
} from '@fleet/common';
import { setUserSettings, userSettingsQuery } from '../../api/user';
import { useSession } from '../../auth/session';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, formatDateTime } from '../../components/dates';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { now as clockNow } from '../../components/clock';

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'Africa/Johannesburg'];
  }
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function UserSettingsPage() {
  const user = useSession((s) => s.user)!;
  const setUser = useSession((s) => s.setUser);
  const notify = useNotify();
  const [form] = Form.useForm<UserSettings>();
  const zones = useMemo(
    () => timeZones().map((z) => ({ value: z, label: z.replace(/_/g, ' ') })),
    [],
  );
  const now = new Date(clockNow()).toISOString();
  const zone = Form.useWatch('timezone', form) as string | undefined;
  const client = useQueryClient();
  const settingsQuery = userSettingsQuery();
  const { data, isLoading } = useQuery({ ...settingsQuery, select: (d) => d.settings ?? {} });

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      email: '',
      cellphone: '',
      ...data,
      timezone: (data.timezone as string) || browserZone,
      max_speed: data.max_speed ?? DEFAULT_MAX_SPEED,
      date_format: (data.date_format as string) || DEFAULT_DATE_FORMAT,
    });
  }, [data, form]);

  const save = useMutation({
    mutationFn: (fields: UserSettings) =>
      setUserSettings({
        ...fields,
        email: fields.email?.trim(),
        cellphone: fields.cellphone?.trim(),
      }),
    onSuccess: ({ settings }) => {
      client.setQueryData(settingsQuery.queryKey, { settings });
      setUser({ ...user, settings: { ...user.settings, ...settings } });
      notify.success('Settings saved');
    },
  });

  return (
    <PageContainer subTitle="How the portal reaches you and shows times and speeds">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <Card title="Account" variant="borderless">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
              <Descriptions.Item label="Name">{user.display_name || '—'}</Descriptions.Item>
              <Descriptions.Item label="Account type">
                {userTypeName(user.user_type)}
              </Descriptions.Item>
              <Descriptions.Item label="Company">{user.client?.name ?? '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <Card title="Settings" variant="borderless">
            {isLoading ? (
              <Skeleton active />
            ) : (
              <Form
                form={form}
                layout="vertical"
                onFinish={(v) => save.mutate(v)}
                disabled={save.isPending}
              >
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="email"
                      label="E-mail address"
                      rules={[
                        {
                          validator: (_, v: string) =>
                            !v || isValidEmail(v.trim())
                              ? Promise.resolve()
                              : Promise.reject(new Error('Enter a valid e-mail address')),
                        },
                      ]}
                    >
                      <Input autoComplete="email" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="cellphone"
                      label="Cellphone"
                      rules={[
                        { pattern: /^[+\d][\d\s()-]{5,19}$/, message: 'Enter a phone number' },
                      ]}
                    >
                      <Input autoComplete="tel" inputMode="tel" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="timezone" label="Time zone">
                      <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="date_format" label="Date format">
                      <Select
                        options={DATE_FORMATS.map((f) => ({
                          value: f,
                          label: `${formatDateTime(now, f, zone)}  (${f})`,
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="max_speed"
                      label="Maximum speed"
                      extra="Trips flag speeds above this."
                    >
                      <Select
                        options={MAX_SPEED_OPTIONS.map((s) => ({
                          value: s,
                          label: s === 'Off' ? 'Off' : `${s} km/h`,
                        }))}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Save settings
                </Button>
              </Form>
            )}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
