// The vehicle page's device commands: the immobiliser and the speed buzzer (issue 13).
import { COMMAND_ROLES } from '@fleet/common';
import { usePermission } from '../../../components/Permission';
import ImmobiliserPanel from './ImmobiliserPanel';
import SpeedBuzzerPanel from './SpeedBuzzerPanel';
import './commands.css';

export default function VehicleCommands({ uid }: { uid: number }) {
  const canCommand = usePermission(COMMAND_ROLES);
  return (
    <div className="command-panels">
      <ImmobiliserPanel uid={uid} canCommand={canCommand} />
      <SpeedBuzzerPanel uid={uid} canCommand={canCommand} />
    </div>
  );
}
