// The pieces the public account pages share: a large vertical form that locks while it submits,
// its submit button, the username and e-mail fields, and the "sent, check your e-mail" answer.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Result } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import AuthLayout from './AuthLayout';
import { emailRules } from '../../components/formRules';

/**
 * Runs `action` with the form locked. An error leaves the form open again; the API client has
 * already shown it unless the action shows its own.
 */
export function useBusySubmit<T>(action: (fields: T) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const submit = async (fields: T) => {
    setBusy(true);
    try {
      await action(fields);
    } catch {
      // Shown by the API client, or by the action itself.
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

export function AuthForm<T>({
  busy,
  onFinish,
  submitLabel,
  children,
}: {
  busy: boolean;
  onFinish: (fields: T) => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form<T>
      layout="vertical"
      size="large"
      onFinish={onFinish}
      requiredMark={false}
      disabled={busy}
    >
      {children}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

export function UsernameField() {
  return (
    <Form.Item
      name="username"
      label="Username"
      rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}
    >
      <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
    </Form.Item>
  );
}

export function EmailField({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <Form.Item name="email" label="E-mail address" rules={emailRules('Enter your e-mail address')}>
      <Input prefix={<MailOutlined />} autoComplete="email" autoFocus={autoFocus} />
    </Form.Item>
  );
}

/** The page after a link was mailed. */
export function MailSent({ title, message }: { title: string; message: string }) {
  return (
    <AuthLayout title="Check your e-mail">
      <Result
        status="success"
        title={title}
        subTitle={message}
        extra={<Link to="/login">Back to log in</Link>}
      />
    </AuthLayout>
  );
}
