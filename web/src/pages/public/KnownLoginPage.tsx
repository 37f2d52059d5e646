// /known_login/{token}[/{url}[/{iframe}]]: a one-time login link (API.md §2). It opens {url}
// (default /), and with {iframe} the page is shown without the shell's menu and top bar.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Result, Spin } from 'antd';
import { knownLogin } from '../../api/session';
import { IFRAME_KEY, startSession } from '../../auth/session';
import AuthLayout from './AuthLayout';

const FALSE_FLAGS = ['', '0', 'false', 'no'];

/** The {url} segment: a portal path, with or without its leading slash. */
export function knownLoginTarget(url: string | undefined): string {
  if (!url) return '/';
  const path = url.startsWith('/') ? url : `/${url}`;
  return path.startsWith('//') ? '/' : path;
}

export default function KnownLoginPage() {
  const { token = '', url, iframe } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const framed = iframe !== undefined && !FALSE_FLAGS.includes(iframe.toLowerCase());

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    knownLogin(token, { silent: true })
      .then((answer) => {
        if (framed) sessionStorage.setItem(IFRAME_KEY, '1');
        else sessionStorage.removeItem(IFRAME_KEY);
        startSession(answer.token, answer.user);
        navigate(knownLoginTarget(url), { replace: true });
      })
      .catch((error: Error) => {
        if (framed) navigate('/iframe_error', { replace: true });
        else setFailed(error.message);
      });
  }, [token, url, framed, navigate]);

  if (failed) {
    return (
      <AuthLayout title="This link cannot log you in">
        <Result
          status="warning"
          title={failed}
          subTitle="Ask for a new link, or log in with your username and password."
          extra={<Link to="/login">Log in with your password</Link>}
        />
      </AuthLayout>
    );
  }
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}
