// Live rule alerts for the top-bar icon (issue 11 item 4): a pushed alert or count change refreshes
// the count at once instead of at the next 60 s poll (SPEC §7, §9), marks the unit on the live map
// and shows one small notification per alert with a link to it.
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import type { UnitListItem } from '@fleet/common';
import { useLiveMessages, useLiveResync } from '../../../api/live';
import { taskKey } from '../../../api/queries';
import { useDateTime } from '../../../components/dates';
import { ALERT_KEYS, refreshRuleAlerts } from '../../../layout/alerts/alertQueries';
import { markNewAlert } from './newAlertMarks';
import './ruleAlerts.css';
import {
  firstAnnouncement,
  pushedRuleAlert,
  pushedUnitName,
  ruleAlertCountChange,
  ruleAlertPath,
} from './pushedAlerts';

/** How long the notification stays, in seconds; it can be closed sooner. */
const NOTICE_SECONDS = 8;

export function useRuleAlertPush(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const dateTime = useDateTime();

  // API.md §5: after the socket was down, what it missed is read again over HTTP.
  useLiveResync(() => void refreshRuleAlerts(client));

  useLiveMessages((message) => {
    const counts = ruleAlertCountChange(message);
    if (counts) {
      if (counts.value === null) void refreshRuleAlerts(client);
      else client.setQueryData(ALERT_KEYS.ruleAlerts, counts.value);
      return;
    }
    const alert = pushedRuleAlert(message);
    if (!alert || !firstAnnouncement(alert.raid)) return;
    void refreshRuleAlerts(client);
    markNewAlert(alert.uid, alert.raid);
    // Any cached unit list names the unit; none is fetched just for this.
    const units = client
      .getQueriesData<{ units?: UnitListItem[] }>({ queryKey: taskKey('get_unit_list_full') })
      .flatMap(([, data]) => data?.units ?? []);
    const key = `rule-alert-${alert.raid}`;
    const details = [alert.rule_name, alert.time ? dateTime(alert.time) : ''].filter(Boolean);
    notification.warning({
      key,
      title: `${alert.type_name}: ${pushedUnitName(alert.uid, units)}`,
      description: (
        <div className="rule-alert-toast">
          {details.length > 0 && <div>{details.join(' · ')}</div>}
          <Button
            type="link"
            className="rule-alert-toast-link"
            onClick={() => {
              notification.destroy(key);
              navigate(ruleAlertPath(alert.raid));
            }}
          >
            Open the alert
          </Button>
        </div>
      ),
      placement: 'bottomRight',
      duration: NOTICE_SECONDS,
    });
  });
}
