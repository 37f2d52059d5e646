// The mark of a unit with a new pushed rule alert, before its name in the live map's unit list
// (newAlertMarks.ts). Text for screen readers, a red bell for the eye.
import { BellFilled } from '@ant-design/icons';
import { useNewAlertCount } from './newAlertMarks';
import './ruleAlerts.css';

export default function RuleAlertMark({ uid }: { uid: number }) {
  const count = useNewAlertCount(uid);
  if (!count) return null;
  const words = count === 1 ? 'New rule alert' : `${count} new rule alerts`;
  return (
    <span className="rule-alert-mark" title={words} data-testid="rule-alert-mark">
      <BellFilled aria-hidden />
      <span className="visually-hidden">{words}: </span>
    </span>
  );
}
