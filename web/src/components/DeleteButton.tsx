// The small red delete button of a table row, asking first: the question names what goes.
import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

export interface DeleteButtonProps {
  /** The button's accessible name, e.g. "Delete Main Depot". */
  label: string;
  /** The question, e.g. "Delete Main Depot?". */
  title: string;
  description?: string;
  onConfirm: () => Promise<unknown> | void;
}

export default function DeleteButton({
  label,
  title,
  description = 'This cannot be undone.',
  onConfirm,
}: DeleteButtonProps) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={label} />
    </Popconfirm>
  );
}
