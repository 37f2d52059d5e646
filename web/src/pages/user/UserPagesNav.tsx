// Switches between the per-user pages of one user, keeping whose pages they are.
import { useLocation, useNavigate } from 'react-router';
import { Segmented } from 'antd';
import { usePermission } from '../../components/Permission';
import type { TargetUser } from './useTargetUser';

const PAGES = [
  { key: 'edit_user_units', label: 'Units' },
  { key: 'edit_user_tokens', label: 'Sessions' },
  { key: 'edit_user_connection_logs', label: 'Connections' },
  { key: 'edit_user_change_logs', label: 'Changes' },
];

export default function UserPagesNav({ target }: { target: TargetUser }) {
  const { pathname, state } = useLocation();
  const navigate = useNavigate();
  const canView = usePermission(['general_manage_all_users', 'feature_users_view']);
  if (!canView) return null;
  const current = PAGES.find((p) => pathname.includes(`/${p.key}`))?.key;
  const pathOf = (key: string) =>
    target.nid === undefined ? `/portal/user/${key}` : `/portal/user_edit/${key}/${target.nid}`;
  return (
    <Segmented
      className="user-pages-nav"
      value={current}
      options={PAGES.map((p) => ({ value: p.key, label: p.label }))}
      onChange={(key) => navigate(pathOf(String(key)), { state })}
    />
  );
}
