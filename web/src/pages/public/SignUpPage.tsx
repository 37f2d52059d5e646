import { useState } from 'react';
import { Link } from 'react-router';
import { signUp } from '../../api/session';
import AuthLayout from './AuthLayout';
import { AuthForm, EmailField, MailSent, useBusySubmit } from './authForm';

export default function SignUpPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, submit } = useBusySubmit(async ({ email }: { email: string }) => {
    await signUp(email);
    setSentTo(email.trim());
  });

  if (sentTo) {
    return (
      <MailSent
        title="Almost there"
        message={`We sent a link to ${sentTo}. Open it to choose your password and start tracking.`}
      />
    );
  }
  return (
    <AuthLayout
      title="Create an account"
      subtitle="Enter your e-mail address and we will send you a link to set up your account."
    >
      <AuthForm busy={busy} onFinish={submit} submitLabel="Sign up">
        <EmailField autoFocus />
      </AuthForm>
      <div className="auth-alt">
        Already have an account? <Link to="/login">Log in</Link>
      </div>
    </AuthLayout>
  );
}
