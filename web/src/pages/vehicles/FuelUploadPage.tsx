import PendingPage from '../../components/PendingPage';

export default function FuelUploadPage() {
  return (
    <PendingPage capability="Fuel usage import (Registration, Datetime, Litres, Hours, Odometer)" />
  );
}
