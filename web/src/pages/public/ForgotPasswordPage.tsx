import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPassword } from '../../api/session';
import AuthLayout from './AuthLayout';
import { AuthForm, EmailField, MailSent, UsernameField, useBusySubmit } from './authForm';

interface Fields {
  username: string;
  email: string;
}

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const { busy, submit } = useBusySubmit(async ({ username, email }: Fields) => {
    await forgotPassword(username, email);
    setSent(true);
  });

  if (sent) {
    return (
      <MailSent
        title="Reset link sent"
        message="If the username and e-mail address match an account, a link to choose a new password is on its way. It works for one hour."
      />
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Give your username and the e-mail address on your account, and we will send you a link to choose a new password."
    >
      <AuthForm<Fields> busy={busy} onFinish={submit} submitLabel="Send reset link">
        <UsernameField />
        <EmailField />
      </AuthForm>
      <div className="auth-alt">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthLayout>
  );
}
