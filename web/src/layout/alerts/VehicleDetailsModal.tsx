// The vehicle-details site alert's modal (SPEC §2: it has no route, it opens in place): the active
// vehicles whose registration, make or model is missing, each leading to its edit page.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Empty, List, Modal, Skeleton, Typography } from 'antd';
import { taskQuery } from '../../api/queries';
import { usePermission } from '../../components/Permission';

interface Props {
  open: boolean;
  onClose(): void;
}

export default function VehicleDetailsModal({ open, onClose }: Props) {
  const query = useQuery({ ...taskQuery('get_vehicles_missing_details', {}), enabled: open });
  const canEdit = usePermission(['feature_vehicles_edit']);
  const vehicles = query.data?.vehicles ?? [];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Vehicle details needed">
      <Typography.Paragraph>
        These vehicles are missing details the provider needs to recover them and to bill them
        correctly.
        {canEdit
          ? ' Open one to complete it.'
          : ' Ask a user who may edit vehicles to complete them.'}
      </Typography.Paragraph>
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <List
          size="small"
          dataSource={vehicles}
          locale={{ emptyText: <Empty description="Every vehicle's details are complete" /> }}
          renderItem={(v) => (
            <List.Item>
              {canEdit ? (
                <Link to={`/portal/vehicles/vehicle/edit/${v.uid}`} onClick={onClose}>
                  {v.name}
                </Link>
              ) : (
                v.name
              )}
              <span className="muted">Missing: {v.missing.join(', ')}</span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
