// Support staff's billing page without a client (SPEC §7 key `accounts`): every client with its
// balance and what is overdue, each opening that client's billing page.
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Table, Typography } from 'antd';
import { CLIENT_STATE, type AccountRow } from '@fleet/common';
import { usePagedQuery } from '../../../components/usePagedQuery';
import { ClientSearch } from '../ClientScope';
import { useIsMobile } from '../../../layout/useResponsive';
import { AMOUNT_COLUMN, Amount, days } from './Amount';

export const billingPath = (cid: number) => `/portal/account/billing/${cid}`;

export default function AccountsList() {
  const mobile = useIsMobile();
  const [search, setSearch] = useState('');
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_accounts',
    search ? { search } : {},
    (a) => a.accounts,
  );
  return (
    <Card variant="borderless">
      <ClientSearch
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <Table<AccountRow>
        rowKey="cid"
        size={mobile ? 'small' : 'middle'}
        loading={query.isFetching}
        dataSource={rows}
        pagination={pagination}
        locale={{ emptyText: search ? 'No client by that name' : 'No clients' }}
        columns={[
          {
            title: 'Client',
            dataIndex: 'name',
            render: (name: string, row) => (
              <span className="billing-cell-lines">
                <Link to={billingPath(row.cid)}>{name}</Link>
                {row.state !== 1 && (
                  <Typography.Text type="secondary">
                    {CLIENT_STATE[row.state as keyof typeof CLIENT_STATE] ?? row.state}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            title: 'Balance',
            dataIndex: 'balance_cents',
            ...AMOUNT_COLUMN,
            render: (c: number) => <Amount cents={c} />,
          },
          {
            title: 'Overdue',
            dataIndex: 'overdue_cents',
            ...AMOUNT_COLUMN,
            render: (c: number, row) =>
              c > 0 ? (
                <span className="billing-cell-lines">
                  <Amount cents={c} danger />
                  <Typography.Text type="danger">{days(row.days_overdue)}</Typography.Text>
                </span>
              ) : (
                <Amount cents={0} />
              ),
          },
        ]}
      />
    </Card>
  );
}
