// Per-user pages serve the current user (/portal/user/...) and, under /portal/user_edit/.../{nid},
// another user.
import { useLocation, useParams } from 'react-router';
import { useSession } from '../../auth/session';

export interface TargetUser {
  /** Sent to the per-user tasks; undefined = the current user. */
  nid: number | undefined;
  /** The user's own nid, for tasks that always need one. */
  id: number;
  own: boolean;
  name: string;
  valid: boolean;
}

export interface TargetState {
  name?: string;
}

export function useTargetUser(): TargetUser {
  const { nid } = useParams();
  const me = useSession((s) => s.user)!;
  const state = useLocation().state as TargetState | null;
  if (nid === undefined) {
    return {
      nid: undefined,
      id: me.nid,
      own: true,
      name: me.display_name || me.username,
      valid: true,
    };
  }
  const id = Number(nid);
  return {
    nid: id,
    id,
    own: id === me.nid,
    name: state?.name ?? (id === me.nid ? me.display_name || me.username : `User ${id}`),
    valid: Number.isInteger(id) && id > 0,
  };
}
