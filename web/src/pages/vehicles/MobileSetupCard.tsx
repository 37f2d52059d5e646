// What to type into the phone so that it reports as a tracker: the server's address, port and the
// unit's device identifier, each copyable, a QR code of `server_url/?id=device_id` for the Traccar
// Client to scan, and the steps for the Traccar Client and OsmAnd apps.
import { Card, Descriptions, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { MobileSetup } from '@fleet/common';

/** The address the phone sends to, with the unit's identifier, as the QR code holds it. */
export function setupUrl(setup: MobileSetup): string {
  return `${setup.server_url.replace(/\/+$/, '')}/?id=${encodeURIComponent(setup.device_id)}`;
}

/** OsmAnd's online tracking address: its placeholders in braces are filled by the app. */
export function osmandUrl(setup: MobileSetup): string {
  return `${setupUrl(setup)}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`;
}

export default function MobileSetupCard({ setup, name }: { setup: MobileSetup; name: string }) {
  const url = setupUrl(setup);
  const qrLabel = `QR code of the server address and device identifier of ${name}`;
  return (
    <Card variant="borderless" className="mobile-setup">
      <Typography.Title level={2}>Set up the phone</Typography.Title>
      <div className="mobile-setup-body">
        {/* qrcode.react draws an svg with role img, named by its title. */}
        <div className="mobile-setup-qr">
          <QRCodeSVG value={url} size={176} title={qrLabel} marginSize={1} />
        </div>
        <div className="mobile-setup-fields">
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'url',
                label: 'Server URL',
                children: <Typography.Text copyable>{setup.server_url}</Typography.Text>,
              },
              {
                key: 'host',
                label: 'Host',
                children: <Typography.Text copyable>{setup.host}</Typography.Text>,
              },
              {
                key: 'port',
                label: 'Port',
                children: <Typography.Text copyable>{String(setup.port)}</Typography.Text>,
              },
              {
                key: 'id',
                label: 'Device identifier',
                children: (
                  <Typography.Text copyable code data-testid="mobile-device-id">
                    {setup.device_id}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </div>
      </div>
      <div className="mobile-setup-steps">
        <Typography.Title level={3}>Traccar Client (Android and iPhone)</Typography.Title>
        <ol>
          <li>Install Traccar Client from the Play Store or the App Store.</li>
          <li>
            Scan the QR code above from the app, or type the device identifier and the server URL
            into its settings.
          </li>
          <li>Allow location access all the time, then switch the service on.</li>
        </ol>
        <Typography.Title level={3}>OsmAnd</Typography.Title>
        <ol>
          <li>Install OsmAnd and switch on its Trip recording plugin.</li>
          <li>
            In Trip recording, turn on online tracking and set the web address to{' '}
            <Typography.Text copyable code>
              {osmandUrl(setup)}
            </Typography.Text>
          </li>
          <li>Start trip recording; the phone reports while it records.</li>
        </ol>
      </div>
    </Card>
  );
}
