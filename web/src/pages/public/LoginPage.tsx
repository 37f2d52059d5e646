import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { login } from '../../api/session';
import { startSession } from '../../auth/session';
import { afterLoginPath } from '../../auth/accessRules';
import AuthLayout from './AuthLayout';
import { AuthForm, UsernameField } from './authForm';

interface Fields {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username, password }: Fields) => {
    setError(null);
    setBusy(true);
    try {
      const answer = await login(username, password, { silent: true });
      startSession(answer.token, answer.user);
      navigate(afterLoginPath(search), { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Log in" subtitle="Welcome back. Log in to see your fleet.">
      {error && <Alert type="error" showIcon title={error} role="alert" className="auth-alert" />}
      <AuthForm<Fields> busy={busy} onFinish={submit} submitLabel="Log in">
        <UsernameField />
        <Form.Item
          name="password"
          label="Password"
          rules={[{ required: true, message: 'Enter your password' }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div className="auth-row">
          <Link to="/forgot_password">Forgot password?</Link>
        </div>
      </AuthForm>
      <div className="auth-alt">
        New here? <Link to="/sign_up">Create an account</Link>
      </div>
    </AuthLayout>
  );
}
