// A person's licence class and expiry as the driver list shows them: red once expired, orange in
// its last 30 days, with the days left in words (licence.ts).
import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import type { Person } from '@fleet/common';
import { now } from '../../components/clock';
import { useUserZone, zoned } from '../../components/zone';
import { expiryStatus } from './licence';

/** Today in the user's zone, YYYY-MM-DD. */
export function useToday(): string {
  const zone = useUserZone();
  return useMemo(() => zoned(now()).format('YYYY-MM-DD'), [zone]);
}

export default function LicenceExpiry({
  person,
  today,
}: {
  person: Pick<Person, 'licence_class' | 'licence_expiry'>;
  today: string;
}) {
  const status = expiryStatus(person.licence_expiry, today);
  const cls =
    person.licence_class && person.licence_class !== 'unknown' ? person.licence_class : null;
  if (!status && !cls) return <>—</>;
  return (
    <span className="driver-cell-lines">
      <span>
        {cls && <Tag>{cls}</Tag>}
        {status && (
          <Tag color={status.colour} data-expiry={status.state}>
            {person.licence_expiry}
          </Tag>
        )}
      </span>
      {status?.text && (
        <Typography.Text type={status.state === 'expired' ? 'danger' : 'warning'}>
          {status.text}
        </Typography.Text>
      )}
    </span>
  );
}
