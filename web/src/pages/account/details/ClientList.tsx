// Support staff's client details page without a client: the clients (get_clients), each opening
// its details.
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Table } from 'antd';
import { CLIENT_STATE, type ClientRow } from '@fleet/common';
import { usePagedQuery } from '../../../components/usePagedQuery';
import { ClientSearch } from '../ClientScope';

export const clientDetailPath = (cid: number) => `/portal/account/client_detail/${cid}`;

export default function ClientList() {
  const [search, setSearch] = useState('');
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_clients',
    search ? { search } : {},
    (a) => a.clients,
  );
  return (
    <Card variant="borderless">
      <ClientSearch
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <Table<ClientRow>
        rowKey="cid"
        loading={query.isFetching}
        dataSource={rows}
        pagination={pagination}
        locale={{ emptyText: search ? 'No client by that name' : 'No clients' }}
        columns={[
          {
            title: 'Client',
            dataIndex: 'name',
            render: (name: string, row) => <Link to={clientDetailPath(row.cid)}>{name}</Link>,
          },
          {
            title: 'State',
            dataIndex: 'state',
            render: (s: number) => CLIENT_STATE[s as keyof typeof CLIENT_STATE] ?? s,
          },
          { title: 'Vehicles', dataIndex: 'unit_count', align: 'right', responsive: ['sm'] },
        ]}
      />
    </Card>
  );
}
