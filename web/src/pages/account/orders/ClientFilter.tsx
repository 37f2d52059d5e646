// Support staff narrow an account list to one client: a searchable choice of the clients
// (get_clients asks the server again as the user types, so every client can be found).
import { useState } from 'react';
import { Select } from 'antd';
import { useClients } from '../../alerts/notices/noticeClients';

interface Props {
  value: number | undefined;
  onChange(cid: number | undefined): void;
  /** the control's name; "Client" by default */
  label?: string;
  id?: string;
  /** a filter offers "Every client"; a form field does not */
  allowAll?: boolean;
}

export default function ClientFilter({
  value,
  onChange,
  label = 'Client',
  id,
  allowAll = true,
}: Props) {
  const [typed, setTyped] = useState('');
  const { query, clients } = useClients(typed);
  return (
    <Select<number>
      id={id}
      aria-label={id ? undefined : label}
      className="orders-filter"
      virtual={false}
      allowClear={allowAll}
      placeholder={allowAll ? 'Every client' : 'Type to find a client'}
      value={value}
      loading={query.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={clients.map((c) => ({ value: c.cid, label: c.name }))}
      notFoundContent={query.isFetching ? 'Searching…' : 'No client by that name'}
      onBlur={() => setTyped('')}
      onChange={(cid) => onChange(cid ?? undefined)}
    />
  );
}

/** The Client column of a support user's list (none for a client user, whose rows are all theirs). */
export function clientColumns<T extends { client: { name: string } }>(support: boolean) {
  return support
    ? [
        {
          title: 'Client',
          key: 'client',
          responsive: ['sm' as const],
          render: (_: unknown, row: T) => row.client.name,
        },
      ]
    : [];
}
