// /forgot_reset/{token} and /new_account/{token}: choose a password with a single-use ticket.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { accountPasswordSet, forgotPasswordSet } from '../../api/session';
import { useNotify } from '../../components/notify';
import NewPasswordFields from '../../components/NewPasswordFields';
import AuthLayout from './AuthLayout';
import { AuthForm } from './authForm';

export default function SetPasswordPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const newAccount = pathname.startsWith('/new_account');

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await (newAccount ? accountPasswordSet(token, password) : forgotPasswordSet(token, password));
      notify.success(
        newAccount
          ? 'Your account is ready. Log in with your new password.'
          : 'Your password has been changed. Log in with it now.',
      );
      navigate('/login', { replace: true });
    } catch {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={newAccount ? 'Welcome! Choose your password' : 'Choose a new password'}
      subtitle={
        newAccount
          ? 'Set the password you will log in with.'
          : 'The link in your e-mail works once, for one hour.'
      }
    >
      <AuthForm
        busy={busy}
        onFinish={submit}
        submitLabel={newAccount ? 'Create my password' : 'Change password'}
      >
        <NewPasswordFields label="Password" />
      </AuthForm>
      <div className="auth-alt">
        <Link to="/login">Back to log in</Link>
      </div>
    </AuthLayout>
  );
}
