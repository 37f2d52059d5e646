// The frame of every page: its title (from the route table unless given) and actions.
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useCurrentMeta } from '../routing/useRouteMeta';

interface Props {
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

export default function PageContainer({ title, subTitle, extra, children }: Props) {
  const meta = useCurrentMeta()?.meta;
  return (
    <section className="page">
      <header className="page-header">
        <div className="page-heading">
          <Typography.Title level={1} className="page-title">
            {title ?? meta?.title}
          </Typography.Title>
          {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
        </div>
        {extra && <div className="page-extra">{extra}</div>}
      </header>
      <div className="page-body">{children}</div>
    </section>
  );
}
