// The stored fuel batches, newest first (SPEC §4), each with its counts; a batch opens to its rows
// (those kept with an error among them) and can be deleted whole.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Switch, Table, Tag, Typography } from 'antd';
import { PAGE_SIZE, type FuelBatch, type FuelRowItem } from '@fleet/common';
import DeleteButton from '../../../components/DeleteButton';
import { useNotify } from '../../../components/notify';
import { zoned } from '../../../components/zone';
import { deleteFuelBatch, FUEL_KEYS, fuelBatchesQuery, fuelRowsQuery } from './fuelApi';
import { countText, litresText } from './fuelFormat';
import ScrollRegion from '../../../components/ScrollRegion';

const when = (iso: string) => zoned(iso).format('YYYY-MM-DD HH:mm');

function BatchRows({ batch, onClose }: { batch: FuelBatch; onClose(): void }) {
  const [page, setPage] = useState(1);
  const [errors, setErrors] = useState(batch.error_count > 0);
  const query = useQuery({
    ...fuelRowsQuery({ batch_id: batch.id, errors, page, page_size: 50 }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal open title={`Rows of ${batch.file_name}`} onCancel={onClose} footer={null} width={960}>
      <label className="fuel-switch">
        <Switch
          checked={errors}
          onChange={(v) => {
            setErrors(v);
            setPage(1);
          }}
        />
        Only rows with errors ({countText(batch.error_count)})
      </label>
      <ScrollRegion label="Rows of the batch">
        <Table<FuelRowItem>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.fuel_rows ?? []}
          pagination={{
            current: page,
            pageSize: 50,
            total: query.data?.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { title: 'Line', dataIndex: 'line' },
            { title: 'Registration', dataIndex: 'reg' },
            { title: 'Vehicle', dataIndex: 'vehicle', render: (v: string | null) => v ?? '—' },
            { title: 'Datetime', dataIndex: 'datetimestamp' },
            { title: 'Litres', dataIndex: 'litres', align: 'right' },
            { title: 'Odometer', dataIndex: 'odometer', align: 'right' },
            {
              title: 'Check',
              dataIndex: 'error',
              render: (e: string | null) =>
                e ? <span className="fuel-error-text">{e}</span> : <Tag color="green">Valid</Tag>,
            },
          ]}
        />
      </ScrollRegion>
    </Modal>
  );
}

export default function FuelBatches() {
  const notify = useNotify();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<FuelBatch | null>(null);
  const query = useQuery({
    ...fuelBatchesQuery(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (b: FuelBatch) => deleteFuelBatch(b.id),
    onSuccess: (_, b) => {
      notify.success(`Fuel batch ${b.file_name} deleted`);
      void Promise.all(FUEL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  return (
    <Card
      variant="borderless"
      title={
        <Typography.Title level={2} className="fuel-h2">
          Imported batches
        </Typography.Title>
      }
    >
      <ScrollRegion label="Imported batches">
        <Table<FuelBatch>
          rowKey="id"
          loading={query.isFetching}
          dataSource={query.data?.fuel_batches ?? []}
          locale={{ emptyText: 'No fuel files imported yet' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: query.data?.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { title: 'File', dataIndex: 'file_name' },
            { title: 'Uploaded', dataIndex: 'uploaded_datetime', render: when },
            { title: 'By', dataIndex: 'uploaded_by' },
            { title: 'Rows', dataIndex: 'row_count', align: 'right', render: countText },
            {
              title: 'Errors',
              dataIndex: 'error_count',
              align: 'right',
              render: (n: number) => (n ? <Tag color="red">{countText(n)}</Tag> : '0'),
            },
            { title: 'Litres', dataIndex: 'litres', align: 'right', render: litresText },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, b) => (
                <span className="fuel-actions">
                  <Button
                    size="small"
                    onClick={() => setOpen(b)}
                    aria-label={`Rows of ${b.file_name}`}
                  >
                    Rows
                  </Button>
                  <DeleteButton
                    label={`Delete ${b.file_name}`}
                    title={`Delete ${b.file_name} and its ${countText(b.row_count)} rows?`}
                    onConfirm={() => remove.mutateAsync(b)}
                  />
                </span>
              ),
            },
          ]}
        />
      </ScrollRegion>
      {open && <BatchRows batch={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
