// Account pages that act on one client (billing, client details): a client user's own, or for
// support staff the client the path names (/{cid}), with a list of clients to choose from when it
// names none. A cid that is not an id is refused as the server refuses a foreign one.
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Input } from 'antd';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';

interface Props {
  /** support staff without a cid: the clients to choose from */
  chooser: ReactNode;
  chooserSubTitle: string;
  children(cid: number | undefined, support: boolean): ReactNode;
}

export default function ClientScope({ chooser, chooserSubTitle, children }: Props) {
  const params = useParams();
  const support = usePermission(['user_support']);
  const cid = params.cid !== undefined ? Number(params.cid) : undefined;
  if (cid !== undefined && !(Number.isInteger(cid) && cid > 0)) {
    return (
      <PageContainer>
        <Alert type="error" showIcon title="Client not found" />
      </PageContainer>
    );
  }
  if (support && cid === undefined)
    return <PageContainer subTitle={chooserSubTitle}>{chooser}</PageContainer>;
  return children(cid, support);
}

/** The search box above a list of clients; a new search starts at page 1. */
export function ClientSearch({ onSearch }: { onSearch(text: string): void }) {
  return (
    <div className="billing-toolbar">
      <Input.Search
        aria-label="Search clients"
        placeholder="Search clients"
        allowClear
        style={{ maxWidth: 320 }}
        onSearch={(value) => onSearch(value.trim())}
      />
    </div>
  );
}
