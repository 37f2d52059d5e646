import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { isValidEmail } from '@fleet/common';
import { signUp } from '../../api/session';
import AuthLayout from './AuthLayout';

export default function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await signUp(email);
      setSentTo(email.trim());
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title="Check your e-mail">
        <Result
          status="success"
          title="Almost there"
          subTitle={`We sent a link to ${sentTo}. Open it to choose your password and start tracking.`}
          extra={<Link to="/login">Back to log in</Link>}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create an account"
      subtitle="Enter your e-mail address and we will send you a link to set up your account."
    >
      <Form layout="vertical" size="large" onFinish={submit} requiredMark={false} disabled={busy}>
        <Form.Item
          name="email"
          label="E-mail address"
          rules={[
            { required: true, message: 'Enter your e-mail address' },
            {
              validator: (_, v: string) =>
                !v || isValidEmail(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('Enter a valid e-mail address')),
            },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign up
        </Button>
      </Form>
      <div className="auth-alt">
        Already have an account? <Link to="/login">Log in</Link>
      </div>
    </AuthLayout>
  );
}
