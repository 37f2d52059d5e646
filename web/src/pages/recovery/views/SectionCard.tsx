// A card of a recovery view with its h2 (the page's h1 is the shell's PageContainer title).
import { useId, type ReactNode } from 'react';
import { Card, Typography } from 'antd';
import './views.css';

export default function SectionCard({
  title,
  count,
  extra,
  children,
  className,
}: {
  title: string;
  /** shown after the title, "(3)" */
  count?: number;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`recovery-card${className ? ` ${className}` : ''}`}>
      <Card
        title={
          <Typography.Title level={2} className="recovery-card-title" id={id}>
            {title}
            {count !== undefined && <span className="recovery-card-count"> ({count})</span>}
          </Typography.Title>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}
