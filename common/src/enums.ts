// Enumerations of SPEC.md sections 3 and 4, named as the spec names them.

export const UNIT_TYPES = ['Wired', 'Mobile', 'Solar', 'Boat'] as const;

export const SERVICE_TYPES = [
  { id: 0, name: 'Recovery', api_name: 'recovery' },
  { id: 1, name: 'Stealth', api_name: 'stealth' },
  { id: 2, name: 'Lite', api_name: 'lite' },
  { id: 3, name: 'Full', api_name: 'full' },
  { id: 4, name: 'Backup', api_name: 'backup' },
  { id: 5, name: 'Old Lite', api_name: 'old_lite' },
] as const;
export type ServiceTypeApiName = (typeof SERVICE_TYPES)[number]['api_name'];

export const VEHICLE_CLASSES = [
  'hatchback',
  'sedan',
  'minibus',
  'large_truck',
  'small_truck',
  'van',
  'suv',
  'bus',
  'stationwagon',
  'bakkie',
  'motorcycle',
  'factory',
  'tractor',
  'construction',
  'machine',
  'trailer',
  'truck_trailer',
  'quad_bike',
  'tow_truck',
  'caravan',
  '3-wheeler',
] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

export const STOCK_STATUS: Record<number, string> = {
  0: 'Sold',
  1: 'Ready',
  2: 'Demo',
  3: 'Loan',
  4: 'Test',
  5: 'Prod',
  6: 'Broken',
  7: 'Returned',
  8: 'Ghost',
  9: 'Almost Ready',
  10: 'Lost',
  11: 'Repairing',
  12: 'Prod Failed',
  13: 'Probably Lost',
  14: 'Return Obsolete',
  15: 'Replaced',
};

export const UNIT_LIST_FILTERS = ['only_issues', 'all'] as const;

export const TRIP_ITEM_TYPE = { TRIP: 0, PARKED: 1 } as const;
export const TRIP_LABELS = ['unlabeled', 'business', 'personal'] as const;
export type TripLabel = (typeof TRIP_LABELS)[number];
export const TRIP_EVENTS = ['normal', 'crash', 'accelerate', 'brake', 'corner', 'gps'] as const;

export const LOCATION_TYPES = ['point', 'polygon'] as const;
export const PERSON_TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Dr', 'Prof', 'Rev'] as const;
export const CONTACT_ROLES = [
  'business_owner',
  'fleet_manager',
  'billing_accounts',
  'emergency_contact',
  'no_afterhours_contact',
] as const;
export const LICENCE_CLASSES = ['unknown', 'A1', 'A2', 'B', 'C'] as const;

/** Person roles by code (SPEC §6). Code 11 must never be displayed. */
export const PERSON_ROLES: Record<number, string> = {
  0: 'Active',
  1: 'Business owner',
  2: 'Fleet manager',
  3: 'Other manager',
  4: 'Billing',
  5: 'Sales contact',
  6: 'Driver',
  7: 'Service Agreement',
  8: 'Emergency contact',
  9: 'Surety Agreement',
  10: "Don't contact",
  11: 'DELETED',
};
export const PERSON_ROLE_DRIVER = 6;
export const PERSON_ROLE_DELETED = 11;

export const NOTICE_TYPES = { 0: 'Info', 1: 'Warning', 2: 'Error' } as const;
export const FAULT_TYPES = [
  'Info',
  'Warning',
  'Error',
  'battery charging',
  'battery level 1',
  'battery level 2',
  'battery level 3',
  'not charging',
] as const;

export const REMINDER_TYPES = [
  { key: 'service_km', name: 'Vehicle service by km', idType: 'vid', unit: 'km' },
  { key: 'service_hours', name: 'Vehicle service by hours', idType: 'vid', unit: 'hours' },
  { key: 'vehicle_licence', name: 'Vehicle licence expiry', idType: 'vid', unit: 'days' },
  { key: 'driver_licence', name: 'Driver licence expiry', idType: 'pid', unit: 'days' },
  { key: 'driver_prdp', name: 'Driver PrDP expiry', idType: 'pid', unit: 'days' },
] as const;

export const FUEL_IMPORT_COLUMNS = [
  'Registration',
  'Datetime',
  'Litres',
  'Hours',
  'Odometer',
] as const;

export const CHANGE_LOG_ACTIONS = { I: 'Add', E: 'Edit', D: 'Delete' } as const;
export type ChangeLogAction = keyof typeof CHANGE_LOG_ACTIONS;
export const CHANGE_LOG_ENTITY_TYPES = [
  'User Settings',
  'Panic Notification Settings',
  'Vehicle',
  'Service Log',
  'Odometer Log',
  'Immobiliser',
  'Speed Buzzer',
  'Unit',
  'Assign Tags',
  'Location',
  'Route',
  'Rule',
  'Fleet',
  'Person',
  'Remote',
  'Scheduled Report',
  'Reminder',
  'Tag',
  'Fuel Usage',
  // The business side (issue 15), beyond SPEC §3's list: its writes are logged the same way.
  'Client Details',
  'Account Entry',
  'Quote',
  'Job',
  'Work Approval',
  'Monthly Deal',
  'Survey',
  // The recovery desk (issue 16): every support action, with who and when.
  'Chase-up',
  'Comment',
  'Call Log',
  'Recovery Log',
  'Backup Unit',
] as const;
export type ChangeLogEntityType = (typeof CHANGE_LOG_ENTITY_TYPES)[number];

export const IMMOBILISER_MODES = ['mobilise', 'normal', 'immobilise'] as const;

export const PRICE_PLANS = ['Upfront', 'Rental', 'Contract', 'Rental Contract'] as const;
export const BILLING_METHODS = [
  'none',
  'yearly in advance',
  'debit order at the start of the month',
  'EFT',
  'debit order mid-month',
] as const;
export const BANK_ACCOUNT_TYPES = ['none', 'current/cheque', 'savings', 'transmission'] as const;
export const ORDER_PROGRESS = [
  'Undecided',
  'Not Interested',
  'Ordered',
  'Completed',
  'Not Able to Complete',
  'Reversed Sale',
] as const;
/** Vehicle value bands in R85000 steps from R0 up to exceeding R595000. */
export const VEHICLE_VALUE_BANDS: string[] = [
  ...Array.from({ length: 7 }, (_, i) => `R${i * 85000} - R${(i + 1) * 85000}`),
  'Exceeding R595000',
];

/** Jobs a client books (issue 15), with the dashboard card that counts the open ones. */
export const JOB_TYPES = [
  { api_name: 'installation', name: 'Installation', card: 'Scheduled installations' },
  { api_name: 'repair', name: 'Repair', card: 'Repairs' },
  { api_name: 'removal', name: 'Removal', card: 'Removals' },
  { api_name: 'transfer', name: 'Transfer', card: 'Transfers' },
] as const;
export type JobType = (typeof JOB_TYPES)[number]['api_name'];
/** A job's life: requested by the client, scheduled by the provider, worked, then closed. */
export const JOB_STATUSES = {
  requested: 'Requested',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
export type JobStatus = keyof typeof JOB_STATUSES;
/** Statuses of a job still to be done (counted on the dashboard's cards). */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = ['requested', 'scheduled', 'in_progress'];
/** A quote waits for the provider's price, is priced, or was withdrawn by the client. */
export const QUOTE_STATUSES = {
  requested: 'Waiting for a price',
  quoted: 'Quoted',
  withdrawn: 'Withdrawn',
} as const;
export type QuoteStatus = keyof typeof QUOTE_STATUSES;
/** ORDER_PROGRESS index of an accepted quote being worked on ("orders processing"). */
export const ORDER_PROGRESS_ORDERED = 2;
export const WORK_APPROVAL_STATUSES = {
  pending: 'Waiting for you',
  approved: 'Approved',
  declined: 'Declined',
} as const;
export type WorkApprovalStatus = keyof typeof WORK_APPROVAL_STATUSES;
/** Lines of an account: an invoice adds to the balance, a payment or a credit note takes off. */
export const ACCOUNT_ENTRY_KINDS = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Credit note',
} as const;
export type AccountEntryKind = keyof typeof ACCOUNT_ENTRY_KINDS;

// States (SPEC §4).
export const CLIENT_STATE = { 0: 'Disabled', 1: 'Active', 2: 'Written off', 3: 'Deleted' } as const;
export const PARK_STATE = { MOVING: 0, PARKED: 1, UNKNOWN: 2 } as const;
export const PARK_STATE_NAMES = { 0: 'Moving', 1: 'Parked', 2: 'Unknown' } as const;
export const UNIT_ACTIVE_CLIENT_VIEW = (code: number) => (code === 1 ? 'Active' : 'Disabled');
export const UNIT_ACTIVE_SUPPORT_VIEW: Record<number, string> = {
  0: 'Dead',
  1: 'Active',
  2: 'Disabled by client: plain',
  3: 'Disabled by client: blacklisted',
  4: 'Disabled by client: supply',
  5: 'Disabled by client: broken',
  6: 'Disabled by client: dead',
  7: 'Disabled by distributor: blacklisted',
  8: 'Disabled by distributor: supply',
  9: 'Disabled by distributor: broken',
  10: 'Disabled by distributor: dead',
  11: 'Disabled by distributor: non-payment',
  12: 'Disabled by distributor: details or ownership issue',
  13: 'Disabled by distributor: conflict',
};
export const CHASEUP_STATE: Record<number, string> = {
  0: 'New',
  1: 'Assigned',
  2: 'Customer Contacted',
  3: 'Resolved',
  4: 'Cancelled',
  5: 'Filter first',
  6: 'Duplicate',
  7: "Don't chase up",
  8: 'Too late',
  9: 'Data in the future',
  10: 'Investigate first',
  11: 'Sending notification',
  12: 'Only client notifications sent',
};
export const CHASEUP_LOCKED_STATES = [3, 4];
export const RECOVERY_LOG_STATE: Record<number, string> = {
  0: 'In Progress',
  1: 'Vehicle recovered',
  2: 'Vehicle not recovered',
  3: 'False alarm',
  5: 'Recovered by a third party',
};
export const RECOVERY_INITIATED_BY = {
  0: 'unknown',
  1: 'client called in',
  2: 'chase-up event',
} as const;

/** Recovery chase-up types (SPEC §8). Only type 7 is on the remote display list. */
export const CHASEUP_TYPES: Record<number, string> = {
  1: 'Power loss',
  2: 'Flat battery',
  3: 'Tampering (accelerometer)',
  4: 'Rule alert',
  5: 'Accident detection',
  6: 'Panic wired',
  7: 'Panic remote',
  8: 'Driver ID timeout on trip start',
  9: 'Driver ID loss during trip',
  10: 'Unit issue: GPS',
  11: 'Unit issue: not connecting',
  12: 'Tampering (harness unplugged)',
  13: 'Tampering (supply wiring cut or fuse blown)',
  14: 'Tampering (immobiliser) or immobiliser hardware fault',
  15: 'Towing',
  16: 'House alarm',
  17: 'Unit issue: immobiliser line high for 20 s and no ignition',
  18: 'GPS jamming',
  19: 'GSM jamming',
  20: 'Early warning timeout on trip start',
  21: 'Early warning loss during trip',
  22: 'Accident detection (park tilt)',
  23: 'Accident detection (crash braking)',
  24: 'Accident detection (impact and park)',
};
export const CHASEUP_REMOTE_DISPLAY_TYPES = [7];

/** Speed histogram keys (SPEC §3): low, high, or a number followed by s. */
export const SPEED_HISTOGRAM_BANDS = [60, 80, 100, 120, 140] as const;

// UI settings enumerations (SPEC §4).
export const LOCATION_DISPLAY_TYPES = ['Hide', 'Show All', 'Labels'] as const;
export const LOCATION_OPACITY = ['Normal', 'Clear', 'Custom'] as const;
export const TRIP_DISPLAY = [
  'Arrows',
  'Arrows and Lines',
  'Lines',
  'Arrows and Equiment Usage',
] as const;
export const REALTIME_ICON_STYLES = [
  'Arrows',
  'Icon Style 1',
  'Icon Style 2',
  'Icon Style 3',
  'Icon Style 4',
] as const;
/** Icon styles 1 and 2 hide name tags. */
export const ICON_STYLES_HIDING_TAGS = [1, 2];
