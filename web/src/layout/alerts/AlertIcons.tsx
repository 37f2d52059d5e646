// The alert-icon area of the top bar (SPEC §2, §6). Each icon shows only for the users SPEC §6
// names; a count that cannot be read shows "off".
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown, Tooltip } from 'antd';
import {
  AlertOutlined,
  BellOutlined,
  NotificationOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { UserInfo } from '@fleet/common';
import { NumberBadge, badgeText } from '../../components/NumberBadge';
import { alertIconsFor, visibleSiteAlerts } from './alertRules';
import {
  ALERT_KEYS,
  RULE_ALERT_LIST_KEY,
  useChaseupCount,
  useNotices,
  useRuleAlertCount,
  useSiteAlerts,
} from './alertQueries';
import { beep } from './beep';
import VehicleDetailsModal from './VehicleDetailsModal';
import SurveyModal from '../../pages/account/SurveyModal';
import { useTopBarDropdown } from '../useTopBarDropdown';
import { useRuleAlertPush } from '../../pages/alerts/ruleAlerts/useRuleAlertPush';
import { clearAllAlertMarks } from '../../pages/alerts/ruleAlerts/newAlertMarks';
import { RULE_ALERTS_PATH, SEEN_ON_OPEN } from '../../pages/alerts/ruleAlerts/pushedAlerts';
import { useChaseupPush } from '../../pages/recovery/desk/pushedChaseups';

/**
 * The name of an alert icon: what it is, then the badge it shows ("Rule alerts, 4", "Notices, off"),
 * so the name holds the visible text a voice-control user says (WCAG 2.5.3).
 */
export function alertIconName(label: string, count: unknown): string {
  return `${label}, ${badgeText(count)}`;
}

function IconButton({
  label,
  count,
  onClick,
  children,
}: {
  label: string;
  count: unknown;
  onClick?: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="header-icon"
        aria-label={alertIconName(label, count)}
        onClick={onClick}
      >
        <NumberBadge value={count}>{children}</NumberBadge>
      </button>
    </Tooltip>
  );
}

function ChaseupIcon() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data } = useChaseupCount(true);
  // Issue 16 item 2: a chase-up pushed on the live socket (or its count changing) is read at once,
  // not at the next 15 s poll.
  useChaseupPush(() => void client.invalidateQueries({ queryKey: ALERT_KEYS.chaseups }));
  const count = data;
  useEffect(() => {
    if (typeof count === 'number' && count > 0) beep();
  }, [count]);
  return (
    <IconButton label="Chase-ups" count={count} onClick={() => navigate('/recovery/chase_up')}>
      <AlertOutlined />
    </IconButton>
  );
}

function RuleAlertIcon() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data } = useRuleAlertCount(true);
  // Pushed alerts refresh the count at once, mark the unit and show a notification (issue 11).
  useRuleAlertPush();
  // SPEC §2: opening resets the new-alert count to 0 and goes to the alert list. The list page
  // calls set_rule_alerts_seen once its first page is read (SEEN_ON_OPEN), so the alerts that were
  // new still carry their "New" tag there.
  const open = () => {
    if (typeof data === 'number') client.setQueryData(ALERT_KEYS.ruleAlerts, 0);
    clearAllAlertMarks();
    void client.invalidateQueries({ queryKey: RULE_ALERT_LIST_KEY });
    navigate(RULE_ALERTS_PATH, { state: SEEN_ON_OPEN });
  };
  return (
    <IconButton label="Rule alerts" count={data} onClick={open}>
      <BellOutlined />
    </IconButton>
  );
}

function NoticesIcon() {
  const navigate = useNavigate();
  const { data, isError } = useNotices(true);
  const unread = isError || !data ? undefined : data.filter((n) => n.unread).length;
  return (
    <IconButton label="Notices" count={unread} onClick={() => navigate('/portal/alerts/notices')}>
      <NotificationOutlined />
    </IconButton>
  );
}

/** The site alerts without a page (SPEC §2) open here instead. */
type InPlace = 'survey' | 'vehicle_details';

function SiteAlertIcon({ user }: { user: UserInfo }) {
  const navigate = useNavigate();
  const [inPlace, setInPlace] = useState<InPlace | null>(null);
  const client = useQueryClient();
  const close = () => {
    setInPlace(null);
    void client.invalidateQueries({ queryKey: ALERT_KEYS.siteAlerts });
  };
  const { data, isError } = useSiteAlerts(true);
  const total = isError ? undefined : data?.total_count;
  const alerts = data ? visibleSiteAlerts(data.counts, user) : [];
  const { dropdownProps, triggerProps } = useTopBarDropdown();
  const items = alerts.length
    ? alerts.map((a) => ({
        key: a.key,
        label: `${a.label} (${a.count})`,
        onClick: () => (a.path ? navigate(a.path) : setInPlace(a.key as InPlace)),
      }))
    : [{ key: 'none', label: 'No site alerts', disabled: true }];
  return (
    <>
      <Dropdown menu={{ items }} {...dropdownProps}>
        <button
          {...triggerProps}
          className="header-icon"
          aria-label={alertIconName('Site alerts', total)}
        >
          <NumberBadge value={total}>
            <WarningOutlined />
          </NumberBadge>
        </button>
      </Dropdown>
      <SurveyModal open={inPlace === 'survey'} onClose={close} />
      <VehicleDetailsModal open={inPlace === 'vehicle_details'} onClose={close} />
    </>
  );
}

export default function AlertIcons({ user }: { user: UserInfo }) {
  const show = alertIconsFor(user);
  return (
    <div className="alert-icons" data-testid="alert-icons">
      {show.chaseups && <ChaseupIcon />}
      {show.siteAlerts && <SiteAlertIcon user={user} />}
      {show.notices && <NoticesIcon />}
      {show.ruleAlerts && <RuleAlertIcon />}
    </div>
  );
}
