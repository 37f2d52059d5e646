// The frame of the public pages: the theme's brand beside a single form card.
import { useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import { AimOutlined, BellOutlined, FileTextOutlined } from '@ant-design/icons';
import { CLIENT_VERSION, COPYRIGHT_START_YEAR } from '@fleet/common';
import { useTheme } from '../../theme/ThemeContext';
import { currentYear } from '../../components/clock';
import './auth.css';

function Brand() {
  const theme = useTheme();
  const [broken, setBroken] = useState(false);
  return (
    <div className="auth-brand-mark">
      {!broken && <img src={theme.logo} alt="" onError={() => setBroken(true)} />}
      <span>{theme.title}</span>
    </div>
  );
}

export default function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const theme = useTheme();
  return (
    <div className="auth-page">
      <aside className="auth-aside">
        <Brand />
        <div className="auth-pitch">
          <p className="auth-pitch-lead">Know where every vehicle is, and what it is doing.</p>
          <ul>
            <li>
              <AimOutlined /> Live positions, trips and replays
            </li>
            <li>
              <BellOutlined /> Rules and alerts the moment something happens
            </li>
            <li>
              <FileTextOutlined /> Reports by day, week or month, straight to your inbox
            </li>
          </ul>
        </div>
        <div className="auth-aside-foot">
          © {COPYRIGHT_START_YEAR}–{currentYear()} ·{' '}
          <a href={theme.site_link.url} target="_blank" rel="noopener noreferrer">
            {theme.site_link.label}
          </a>
        </div>
      </aside>
      <main className="auth-main">
        <div className="auth-card">
          <div className="auth-card-brand">
            <Brand />
          </div>
          <Typography.Title level={1} className="auth-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </div>
        <div className="auth-foot">
          v{CLIENT_VERSION}
          {theme.terms_link && (
            <>
              {' · '}
              <a href={theme.terms_link} target="_blank" rel="noopener noreferrer">
                Terms &amp; Conditions
              </a>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
