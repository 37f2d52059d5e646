// Change Password (SPEC §2 /portal/password): the current password, then the new one twice.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { setPassword } from '../../api/user';
import { useNotify } from '../../components/notify';
import NewPasswordFields from '../../components/NewPasswordFields';
import PageContainer from '../../components/PageContainer';

interface Fields {
  current_password: string;
  password: string;
  confirm: string;
}

export default function PasswordPage() {
  const [form] = Form.useForm<Fields>();
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ current_password, password }: Fields) => {
    setError(null);
    setBusy(true);
    try {
      await setPassword(current_password, password);
      form.resetFields();
      notify.success('Your password has been changed');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageContainer subTitle="Use a password you do not use anywhere else">
      <Card variant="borderless" className="narrow-card">
        {error && <Alert type="error" showIcon title={error} role="alert" className="form-alert" />}
        <Form form={form} layout="vertical" onFinish={submit} disabled={busy} requiredMark={false}>
          <Form.Item
            name="current_password"
            label="Current password"
            rules={[{ required: true, message: 'Enter your current password' }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" loading={busy}>
            Change password
          </Button>
        </Form>
      </Card>
    </PageContainer>
  );
}
