// The edit (or open) and delete buttons at the end of a table row; delete asks first.
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import DeleteButton from '../../components/DeleteButton';

interface Props {
  /** what the row is, as the buttons' names say it: "remote PB-1001" */
  name: string;
  /** false: the button opens the record read-only */
  canEdit: boolean;
  /** absent: no edit button (on a phone the name is the link) */
  onEdit?: () => void;
  /** absent: no delete button */
  onDelete?: () => Promise<unknown>;
  /** what deleting means, under the question */
  deleteNote: string;
}

export default function RowActions({ name, canEdit, onEdit, onDelete, deleteNote }: Props) {
  return (
    <Space size={4}>
      {onEdit && (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`${canEdit ? 'Edit' : 'Open'} ${name}`}
          onClick={onEdit}
        />
      )}
      {canEdit && onDelete && (
        <DeleteButton
          label={`Delete ${name}`}
          title={`Delete ${name}?`}
          description={deleteNote}
          onConfirm={onDelete}
        />
      )}
    </Space>
  );
}

/** The last column of a table: its buttons, under a heading only screen readers read. */
export function actionsColumn<T>(render: (row: T) => ReactNode) {
  return {
    title: <span className="visually-hidden">Actions</span>,
    key: 'actions',
    align: 'right' as const,
    render: (_: unknown, row: T) => render(row),
  };
}
