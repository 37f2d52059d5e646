// Device events in words (the unit panel's event list, the events report): one wording for each
// type the trackers report or the pipeline derives (server/src/ingest/types.ts DeviceEventType).
const DEVICE_EVENT_LABELS: Record<string, string> = {
  harsh_braking: 'Harsh braking',
  harsh_acceleration: 'Harsh acceleration',
  harsh_cornering: 'Harsh cornering',
  crash: 'Crash detected',
  panic: 'Panic button',
  panic_remote: 'Panic remote',
  tamper: 'Tampering',
  power_cut: 'Power cut',
  power_restored: 'Power restored',
  low_battery: 'Low battery',
  towing: 'Towing',
  gps_jamming: 'GPS jamming',
  gsm_jamming: 'GSM jamming',
  immobiliser_bypass: 'Immobiliser bypass',
  driver_id: 'Driver identified',
  driver_changed: 'Driver changed',
  overspeed: 'Speeding',
  ignition_on: 'Ignition on',
  ignition_off: 'Ignition off',
  location_enter: 'Entered a location',
  location_exit: 'Left a location',
  route_violation: 'Left the route',
  route_return: 'Back on the route',
  harness_unplugged: 'Tracker unplugged',
  supply_cut: 'Supply wiring cut',
  immobiliser_fault: 'Immobiliser tampered or faulty',
  house_alarm: 'House alarm',
  immobiliser_line_high: 'Immobiliser line high without ignition',
  gps_fault: 'GPS fault',
  driver_id_timeout: 'No driver ID at trip start',
  driver_id_lost: 'Driver ID lost during trip',
  early_warning_timeout: 'No early warning tag at trip start',
  early_warning_lost: 'Early warning tag lost during trip',
  crash_park_tilt: 'Tilted while parked',
  crash_braking: 'Crash braking',
  crash_impact_park: 'Impact while parked',
  command_reply: 'Device replied to a command',
};

/** A device event type in words; a type without a wording reads as its words ("some_type": "Some type"). */
export function eventLabel(type: string): string {
  return DEVICE_EVENT_LABELS[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
