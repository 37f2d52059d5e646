import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input, Result } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { isValidEmail } from '@fleet/common';
import { forgotPassword } from '../../api/session';
import AuthLayout from './AuthLayout';

interface Fields {
  username: string;
  email: string;
}

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, email }: Fields) => {
    setBusy(true);
    try {
      await forgotPassword(username, email);
      setSent(true);
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <AuthLayout title="Check your e-mail">
        <Result
          status="success"
          title="Reset link sent"
          subTitle="If the username and e-mail address match an account, a link to choose a new password is on its way. It works for one hour."
          extra={<Link to="/login">Back to log in</Link>}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Give your username and the e-mail address on your account, and we will send you a link to choose a new password."
    >
      <Form<Fields>
        layout="vertical"
        size="large"
        onFinish={submit}
        requiredMark={false}
        disabled={busy}
      >
        <Form.Item
          name="username"
          label="Username"
          rules={[{ required: true, whitespace: true, message: 'Enter your username' }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
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
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Send reset link
        </Button>
      </Form>
      <div className="auth-alt">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthLayout>
  );
}
