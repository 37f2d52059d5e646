// The frame of the public share-link pages: the theme's brand, the link's freshness and expiry,
// and the states a visitor may meet (loading, expired, unreachable).
import { useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { ClockCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import { formatRelative } from '@fleet/common';
import { useTheme } from '../../../theme/ThemeContext';
import { useNow } from '../../../components/useNow';
import type { TrackLink } from './useTrackLink';
import { expiryText } from './trackView';
import '../../tracking/live/live.css';
import './track.css';

function Brand() {
  const theme = useTheme();
  const [broken, setBroken] = useState(false);
  return (
    <span className="track-brand">
      {!broken && <img src={theme.logo} alt="" onError={() => setBroken(true)} />}
      <span>{theme.title}</span>
    </span>
  );
}

export function TrackFrame({
  title,
  link,
  className = '',
  children,
}: {
  title: string;
  link: TrackLink | null;
  /** Layout modifiers of the page (narrow, which pane shows). */
  className?: string;
  children: ReactNode;
}) {
  const now = useNow(5_000);
  const expiry = expiryText(link?.data?.expires, now);
  let body: ReactNode = children;
  if (link?.expired) {
    body = (
      <div className="track-message">
        <Result
          icon={<ClockCircleOutlined />}
          title="This tracking link has expired or was revoked"
          subTitle="Ask the person who shared it with you for a new link."
        />
      </div>
    );
  } else if (link?.loading) {
    body = (
      <div className="track-message" aria-busy="true">
        <Spin size="large" />
      </div>
    );
  } else if (link && !link.data && link.failing) {
    body = (
      <div className="track-message">
        <Result
          status="warning"
          title="The tracking service cannot be reached"
          subTitle={link.error?.message}
          extra={
            <Button type="primary" onClick={link.retry}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className={`track-page ${className}`}>
      <header className="track-top">
        <Brand />
        <h1 className="track-title">{title}</h1>
        {link?.data && (
          <span className="track-meta">
            {link.failing ? (
              <span className="track-live is-failing" role="status">
                <DisconnectOutlined /> Reconnecting…
              </span>
            ) : (
              <span className="track-live" role="status">
                <span className="live-badge-dot" /> Live
                <span className="track-updated">
                  · updated {formatRelative(link.updatedAt, now)}
                </span>
              </span>
            )}
            {expiry && <span className="track-expiry">{expiry}</span>}
          </span>
        )}
      </header>
      <main className="track-body">{body}</main>
    </div>
  );
}
