// The alert cards of SPEC §1: accounts overdue, unit issues, work approvals, orders processing,
// scheduled installations, repairs, removals and transfers, each leading to its list. A card shows
// only for a user who may open that list; a count of 0 is grey (SPEC §2 number tabs).
import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { checkPermission, type DashboardCounts, type Role } from '@fleet/common';
import { useSession } from '../../../auth/session';

interface AlertCard {
  key: keyof DashboardCounts;
  label: string;
  to: string;
  roles: Role[];
}

const ACCOUNTS: Role[] = ['feature_accounts', 'user_support'];
const JOBS: Role[] = ['feature_jobs', 'user_support'];
const jobs = (type: string) => `/portal/account/jobs?type=${type}&status=open`;

export const ALERT_CARDS: AlertCard[] = [
  {
    key: 'accounts_overdue',
    label: 'Accounts overdue',
    to: '/portal/account/billing',
    roles: ACCOUNTS,
  },
  {
    key: 'unit_issues',
    label: 'Unit issues',
    to: '/portal/vehicles/unit/issues',
    roles: ['feature_unit_issues'],
  },
  {
    key: 'work_approvals',
    label: 'Work approvals',
    to: '/portal/account/work_approvals?status=pending',
    roles: JOBS,
  },
  {
    key: 'orders_processing',
    label: 'Orders processing',
    to: '/portal/account/quotes_orders?progress=2',
    roles: ACCOUNTS,
  },
  {
    key: 'scheduled_installations',
    label: 'Scheduled installations',
    to: jobs('installation'),
    roles: JOBS,
  },
  { key: 'repairs', label: 'Repairs', to: jobs('repair'), roles: JOBS },
  { key: 'removals', label: 'Removals', to: jobs('removal'), roles: JOBS },
  { key: 'transfers', label: 'Transfers', to: jobs('transfer'), roles: JOBS },
  {
    key: 'reminders_due',
    label: 'Reminders due',
    to: '/portal/alerts/reminders',
    roles: ['feature_reminders_view', 'feature_reminders_edit'],
  },
];

export default function AlertCards({ counts }: { counts: DashboardCounts | undefined }) {
  const roles = useSession((s) => s.user?.roles ?? []);
  const cards = ALERT_CARDS.filter((c) => checkPermission(roles, c.roles));
  if (!cards.length) return null;
  if (!counts) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <ul className="alert-cards" aria-label="Things to follow up">
      {cards.map((c) => {
        const n = Number(counts[c.key] ?? 0);
        return (
          <li key={c.key}>
            <Link to={c.to} className={`alert-card${n > 0 ? ' alert-card-on' : ''}`}>
              <span className="alert-card-count">{n.toLocaleString('en-ZA')}</span>
              <span className="alert-card-label">{c.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
