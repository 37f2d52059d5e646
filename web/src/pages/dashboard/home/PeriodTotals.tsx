// The totals of SPEC §1 for the chosen period (SPEC §9 day options), each with its chart of the
// days and its change against the period before; a total opens the list of vehicles it counts.
import { useState } from 'react';
import { Button, Card, Segmented, Skeleton, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { DashboardInfo } from '@fleet/common';
import { DASHBOARD_DAYS, type DashboardDays } from '../../../api/dashboard';
import { useIsMobile } from '../../../layout/useResponsive';
import DayChart from './DayChart';
import TotalDrawer from './TotalDrawer';
import { changeOf, formatTotal, TOTALS, type TotalMeta } from './totals';

export const PERIOD_LABEL: Record<DashboardDays, string> = {
  1: 'Today',
  7: '7 days',
  14: '14 days',
  30: '30 days',
};

const BEFORE: Record<DashboardDays, string> = {
  1: 'yesterday to this time',
  7: 'the 7 days before',
  14: 'the 14 days before',
  30: 'the 30 days before',
};

interface Props {
  days: DashboardDays;
  onDays: (days: DashboardDays) => void;
  info: DashboardInfo | undefined;
}

function ChangeTag({
  meta,
  info,
  days,
}: {
  meta: TotalMeta;
  info: DashboardInfo;
  days: DashboardDays;
}) {
  const change = changeOf(meta, info.totals[meta.key], info.previous[meta.key]);
  const Icon =
    change.direction === 'up'
      ? ArrowUpOutlined
      : change.direction === 'down'
        ? ArrowDownOutlined
        : MinusOutlined;
  const tone = change.good === null ? 'same' : change.good ? 'good' : 'bad';
  return (
    <span className={`total-change total-change-${tone}`}>
      <Icon aria-hidden /> {change.text}{' '}
      <span className="total-change-base">
        vs {BEFORE[days]} ({formatTotal(meta.key, info.previous[meta.key])})
      </span>
    </span>
  );
}

export default function PeriodTotals({ days, onDays, info }: Props) {
  const [open, setOpen] = useState<TotalMeta | null>(null);
  const mobile = useIsMobile();
  const period = (
    <Segmented<DashboardDays>
      aria-label="Period"
      value={days}
      onChange={onDays}
      options={DASHBOARD_DAYS.map((d) => ({ value: d, label: PERIOD_LABEL[d] }))}
    />
  );
  return (
    <Card
      className="dashboard-card"
      title={
        <Typography.Title level={2} className="dashboard-card-title">
          Driving totals
        </Typography.Title>
      }
      extra={mobile ? undefined : period}
    >
      {mobile && <div className="dashboard-card-tools">{period}</div>}
      {!info ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <ul className="total-grid" aria-label={`Totals, ${PERIOD_LABEL[days].toLowerCase()}`}>
          {TOTALS.map((meta) => (
            <li key={meta.key} className="total-tile" style={{ borderTopColor: meta.colour }}>
              <Button type="link" className="total-open" onClick={() => setOpen(meta)}>
                <span className="total-label">{meta.label}</span>{' '}
                <span className="total-value">{formatTotal(meta.key, info.totals[meta.key])}</span>
                <span className="visually-hidden"> by vehicle</span>
              </Button>
              <ChangeTag meta={meta} info={info} days={days} />
              {days > 1 && (
                <DayChart
                  label={meta.label}
                  colour={meta.colour}
                  format={(v) => formatTotal(meta.key, v)}
                  values={info.series.map((s) => ({ date: s.date, value: s[meta.key] }))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {info && open && (
        <TotalDrawer
          meta={open}
          info={info}
          period={PERIOD_LABEL[days]}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  );
}
