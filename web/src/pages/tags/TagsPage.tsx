// tag/index (SPEC §2 /portal/tag): the labels, sorted by name with global labels last (the
// server's order, SPEC §4), each with its colour, its number of vehicles and a Global mark.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag as AntTag, Typography } from 'antd';
import { EditOutlined, GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import type { Role, Tag } from '@fleet/common';
import { deleteTag, refreshFleetRecords } from '../../api/fleet';
import DeleteButton from '../../components/DeleteButton';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { pagedTableProps, TableSearch } from '../vehicles/TableSearch';
import './tags.css';

export const TAG_EDIT_ROLES: Role[] = ['feature_tags_edit'];
export const TAGS_PATH = '/portal/tag/index';
const tagPath = (tgid: number) => `/portal/tag/edit/${tgid}`;
const vehicleCount = (n: number) => `${n} vehicle${n === 1 ? '' : 's'}`;

export default function TagsPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const canEdit = usePermission(TAG_EDIT_ROLES);
  const support = usePermission(['user_support']);
  const [search, setSearch] = useState('');
  const paged = usePagedQuery('get_tags', search ? { search } : {}, (d) => d.tags);
  const remove = useMutation({
    mutationFn: (row: Tag) => deleteTag(row.tgid),
    onSuccess: (_, row) => {
      notify.success(`Label ${row.name} deleted`);
      void refreshFleetRecords(client);
    },
  });

  return (
    <PageContainer
      subTitle="Labels group vehicles for rules, reports and the live map"
      extra={
        <Permission roles={TAG_EDIT_ROLES}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/portal/tag/add')}
          >
            Add label
          </Button>
        </Permission>
      }
    >
      <Card variant="borderless">
        <TableSearch
          label="Search labels by name"
          onSearch={(text) => {
            setSearch(text);
            paged.setPage(1);
          }}
        />
        <Table<Tag>
          rowKey="tgid"
          {...pagedTableProps(paged)}
          locale={{
            emptyText: search
              ? 'No label matches this search'
              : 'No labels yet: add one to group vehicles',
          }}
          columns={[
            {
              title: 'Colour',
              dataIndex: 'colour',
              width: 72,
              render: (colour: string) => (
                <span className="tags-list-swatch" style={{ background: colour }} title={colour} />
              ),
            },
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, row) => (
                <Space size={4} wrap>
                  {canEdit ? <Link to={tagPath(row.tgid)}>{name}</Link> : name}
                  {row.is_global && (
                    <AntTag icon={<GlobalOutlined aria-hidden />} color="geekblue">
                      Global
                    </AntTag>
                  )}
                  {mobile && (
                    <Typography.Text type="secondary">
                      {vehicleCount(row.uids.length)}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: 'Vehicles',
              key: 'count',
              align: 'right',
              responsive: ['lg'],
              render: (_, row) => vehicleCount(row.uids.length),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, row) =>
                canEdit && (
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${row.name}`}
                      onClick={() => navigate(tagPath(row.tgid))}
                    />
                    {(!row.is_global || support) && (
                      <DeleteButton
                        label={`Delete ${row.name}`}
                        title={`Delete the label ${row.name}?`}
                        description="Its vehicles lose it; a rule that picks this label then applies to no vehicle. This cannot be undone."
                        onConfirm={() => remove.mutateAsync(row)}
                      />
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
