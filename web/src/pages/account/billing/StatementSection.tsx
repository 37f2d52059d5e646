// The account statement (SPEC §7 key `statement`): every invoice, payment and credit note with the
// running balance, for a range of days or all time, its PDF (made by /api/report) and its CSV
// download (built here, no call).
// Support staff delete an entry from its line. On a phone the debit and credit become one signed
// amount beside the balance, so the table fits 390 px.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { ACCOUNT_ENTRY_KINDS, type StatementLine } from '@fleet/common';
import { deleteAccountEntry, LEDGER_KEYS, statementQuery } from '../../../api/billing';
import DeleteButton from '../../../components/DeleteButton';
import ReportButton from '../../../components/ReportButton';
import { downloadText } from '../../../components/download';
import { useNotify } from '../../../components/notify';
import { useIsMobile } from '../../../layout/useResponsive';
import { AMOUNT_COLUMN, Amount } from './Amount';
import { dayOf, endOfPickedDay, startOfPickedDay } from './dates';
import { statementCsv, statementFileName } from './statementCsv';

interface Props {
  /** support staff: the client; absent: the user's own */
  cid?: number;
  /** support staff delete entries */
  canPost: boolean;
}

const kindName = (l: StatementLine) => ACCOUNT_ENTRY_KINDS[l.kind] ?? l.kind;

export default function StatementSection({ cid, canPost }: Props) {
  const mobile = useIsMobile();
  const notify = useNotify();
  const client = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const params = {
    ...(cid ? { cid } : {}),
    ...(range ? { from: startOfPickedDay(range[0]), to: endOfPickedDay(range[1]) } : {}),
  };
  const query = useQuery(statementQuery(params));
  const statement = query.data?.statement;
  const remove = useMutation({
    mutationFn: (line: StatementLine) => deleteAccountEntry(line.id),
    onSuccess: (_, line) => {
      notify.success(`${kindName(line)} ${line.reference} deleted`);
      void Promise.all(LEDGER_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });

  const download = () => {
    if (!statement) return;
    downloadText(statementFileName(statement), statementCsv(statement), 'text/csv;charset=utf-8');
  };

  const actions = canPost
    ? [
        {
          title: <span className="visually-hidden">Actions</span>,
          key: 'actions',
          align: 'right' as const,
          render: (_: unknown, l: StatementLine) => (
            <DeleteButton
              label={`Delete ${kindName(l).toLowerCase()} ${l.reference}`}
              title={`Delete ${kindName(l).toLowerCase()} ${l.reference}?`}
              description="The balance and the statement change at once. This cannot be undone."
              onConfirm={() => remove.mutateAsync(l)}
            />
          ),
        },
      ]
    : [];

  const wide = [
    { title: 'Date', dataIndex: 'date', render: (d: string) => dayOf(d) },
    { title: 'Type', key: 'kind', render: (_: unknown, l: StatementLine) => kindName(l) },
    { title: 'Reference', dataIndex: 'reference' },
    { title: 'Description', dataIndex: 'description' },
    {
      title: 'Debit',
      dataIndex: 'debit_cents',
      ...AMOUNT_COLUMN,
      render: (c: number) => (c ? <Amount cents={c} /> : ''),
    },
    {
      title: 'Credit',
      dataIndex: 'credit_cents',
      ...AMOUNT_COLUMN,
      render: (c: number) => (c ? <Amount cents={c} /> : ''),
    },
  ];
  const narrow = [
    {
      title: 'Entry',
      key: 'entry',
      render: (_: unknown, l: StatementLine) => (
        <span className="billing-cell-lines">
          <span>
            {kindName(l)} {l.reference}
          </span>
          <Typography.Text type="secondary">{dayOf(l.date)}</Typography.Text>
        </span>
      ),
    },
    {
      title: 'Amount',
      key: 'amount',
      ...AMOUNT_COLUMN,
      render: (_: unknown, l: StatementLine) => <Amount cents={l.debit_cents - l.credit_cents} />,
    },
  ];

  return (
    <Card variant="borderless" className="billing-section">
      <Typography.Title level={2} className="billing-heading">
        Statement
      </Typography.Title>
      <div className="billing-toolbar">
        <label htmlFor="statement-from" className="visually-hidden">
          Statement from
        </label>
        <label htmlFor="statement-to" className="visually-hidden">
          Statement to
        </label>
        <DatePicker.RangePicker
          id={{ start: 'statement-from', end: 'statement-to' }}
          allowEmpty={[false, false]}
          format="YYYY-MM-DD"
          value={range}
          placeholder={['From', 'To']}
          onChange={(r) => setRange(r?.[0] && r[1] ? [r[0], r[1]] : null)}
        />
        {range && <Button onClick={() => setRange(null)}>All dates</Button>}
        <ReportButton
          parameters={{ report: 'statement', format: 'pdf', ...params }}
          fileName="statement.pdf"
          disabled={!statement}
        >
          Download PDF
        </ReportButton>
        <Button icon={<DownloadOutlined />} disabled={!statement} onClick={download}>
          Download CSV
        </Button>
      </div>
      {statement && range && (
        <Typography.Paragraph>
          Balance brought forward: <Amount cents={statement.opening_cents} />
        </Typography.Paragraph>
      )}
      <Table<StatementLine>
        rowKey="id"
        size={mobile ? 'small' : 'middle'}
        loading={query.isFetching}
        dataSource={statement?.lines ?? []}
        pagination={(statement?.lines.length ?? 0) > 50 ? { pageSize: 50 } : false}
        locale={{ emptyText: range ? 'No entries in these dates' : 'No entries yet' }}
        columns={[
          ...(mobile ? narrow : wide),
          {
            title: 'Balance',
            dataIndex: 'balance_cents',
            ...AMOUNT_COLUMN,
            render: (c: number) => <Amount cents={c} />,
          },
          ...actions,
        ]}
        summary={() =>
          statement ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={mobile ? 2 : 6}>
                <strong>Closing balance</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong>
                  <Amount cents={statement.closing_cents} />
                </strong>
              </Table.Summary.Cell>
              {canPost && <Table.Summary.Cell index={2} />}
            </Table.Summary.Row>
          ) : null
        }
      />
      {query.isError && (
        <Typography.Paragraph type="danger" role="alert">
          The statement could not be read: {query.error.message}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
