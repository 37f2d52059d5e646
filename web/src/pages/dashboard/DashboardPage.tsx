// The first screen after login (/dashboard, feature_dashboard; SPEC §1, issue 15): the fleet now,
// the alert cards, the driving totals of a period with a chart of its days, today's units, the
// drivers and the latest rule alerts. Every number opens the list it counts. The socket keeps it
// current: moving units and new alerts refresh the counts at most every few seconds.
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { dashboardInfoQuery, dashboardSummaryQuery, type DashboardDays } from '../../api/dashboard';
import PageContainer from '../../components/PageContainer';
import AlertCards from './home/AlertCards';
import FleetNow from './home/FleetNow';
import PeriodTotals from './home/PeriodTotals';
import { DriversCard, LatestAlertsCard } from './home/PeopleAndAlerts';
import TodayUnits, { type UnitFilter } from './home/TodayUnits';
import { useDashboardLive } from './home/useDashboardLive';
import './home/dashboard.css';

export default function DashboardPage() {
  const [days, setDays] = useState<DashboardDays>(7);
  const [filter, setFilter] = useState<UnitFilter>('all');
  const unitsRef = useRef<HTMLDivElement>(null);
  const info = useQuery({ ...dashboardInfoQuery(days), placeholderData: (prev) => prev });
  const summary = useQuery(dashboardSummaryQuery());
  useDashboardLive();

  const showUnits = (f: UnitFilter) => {
    setFilter(f);
    unitsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    unitsRef.current?.focus({ preventScroll: true });
  };

  return (
    <PageContainer>
      {(info.isError || summary.isError) && (
        <Alert
          type="error"
          showIcon
          message="Part of the dashboard could not be loaded"
          description={(info.error ?? summary.error)?.message}
        />
      )}
      <div className="dashboard">
        <FleetNow counts={info.data?.counts} onFilter={showUnits} />
        <AlertCards counts={info.data?.counts} />
        <PeriodTotals days={days} onDays={setDays} info={info.data} />
        <div className="dashboard-columns">
          <TodayUnits
            ref={unitsRef}
            units={summary.data?.units}
            filter={filter}
            onFilter={setFilter}
          />
          <div className="dashboard-side">
            <LatestAlertsCard />
            <DriversCard people={summary.data?.people} />
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
