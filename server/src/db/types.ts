// The one Database interface (Kysely) and the tenant tables. The table types live by area in
// tables/ and are re-exported here. Timestamps are epoch milliseconds (UTC), booleans 0/1, JSON as
// text (ARCHITECTURE.md §4).
import type {
  AccountEntriesTable,
  FuelBatchesTable,
  FuelRowsTable,
  DeviceCommandsTable,
  DeviceCommandStepsTable,
  UnitControlsTable,
  ChangeLogsTable,
  ClientDetailsTable,
  ChaseupEventsTable,
  ChaseupCommentsTable,
  CallLogsTable,
  RecoveryLogsTable,
  ClientsTable,
  ConnectionLogsTable,
  DeviceEventsTable,
  FleetUnitsTable,
  FleetsTable,
  JobLeasesTable,
  StreamPartitionsTable,
  StreamMembersTable,
  DeadLettersTable,
  JobsTable,
  LocationsTable,
  LoginLimitsTable,
  MonthlyDealsTable,
  NoticeClientsTable,
  NoticeReadsTable,
  NoticesTable,
  OdometerLogsTable,
  OutboxTable,
  PanicNotificationSettingsTable,
  PeopleTable,
  PositionsTable,
  QuotesTable,
  ReminderMailsTable,
  RemindersTable,
  ReportRunsTable,
  ScheduledReportsTable,
  RemotesTable,
  RouteUnitsTable,
  RoutesTable,
  RuleAlertMarksTable,
  RuleAlertsTable,
  RulesTable,
  ServiceLogsTable,
  SessionsTable,
  SurveysTable,
  TagsTable,
  TicketsTable,
  TrackAllLinksTable,
  TrackLinksTable,
  TripsTable,
  UnitIssuesTable,
  UnitRuleMemoryTable,
  UnitStateTable,
  UnitTagsTable,
  UnitsTable,
  UserUnitsTable,
  UsersTable,
  WorkApprovalsTable,
} from './tables';

export type * from './tables';

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  sessions: SessionsTable;
  connection_logs: ConnectionLogsTable;
  change_logs: ChangeLogsTable;
  tickets: TicketsTable;
  units: UnitsTable;
  people: PeopleTable;
  user_units: UserUnitsTable;
  positions: PositionsTable;
  unit_state: UnitStateTable;
  unit_rule_memory: UnitRuleMemoryTable;
  trips: TripsTable;
  device_events: DeviceEventsTable;
  unit_issues: UnitIssuesTable;
  track_links: TrackLinksTable;
  track_all_links: TrackAllLinksTable;
  login_limits: LoginLimitsTable;
  job_leases: JobLeasesTable;
  stream_partitions: StreamPartitionsTable;
  stream_members: StreamMembersTable;
  dead_letters: DeadLettersTable;
  locations: LocationsTable;
  routes: RoutesTable;
  route_units: RouteUnitsTable;
  tags: TagsTable;
  unit_tags: UnitTagsTable;
  fleets: FleetsTable;
  fleet_units: FleetUnitsTable;
  rules: RulesTable;
  rule_alerts: RuleAlertsTable;
  rule_alert_marks: RuleAlertMarksTable;
  outbox: OutboxTable;
  chaseup_events: ChaseupEventsTable;
  panic_notification_settings: PanicNotificationSettingsTable;
  notices: NoticesTable;
  notice_clients: NoticeClientsTable;
  notice_reads: NoticeReadsTable;
  remotes: RemotesTable;
  client_details: ClientDetailsTable;
  account_entries: AccountEntriesTable;
  quotes: QuotesTable;
  jobs: JobsTable;
  work_approvals: WorkApprovalsTable;
  monthly_deals: MonthlyDealsTable;
  surveys: SurveysTable;
  fuel_batches: FuelBatchesTable;
  fuel_rows: FuelRowsTable;
  device_commands: DeviceCommandsTable;
  device_command_steps: DeviceCommandStepsTable;
  unit_controls: UnitControlsTable;
  service_logs: ServiceLogsTable;
  odometer_logs: OdometerLogsTable;
  reminders: RemindersTable;
  reminder_mails: ReminderMailsTable;
  scheduled_reports: ScheduledReportsTable;
  report_runs: ReportRunsTable;
  chaseup_comments: ChaseupCommentsTable;
  call_logs: CallLogsTable;
  recovery_logs: RecoveryLogsTable;
}

/** Tables whose rows belong to one client (tenant); scoped by `client_id`. */
export type TenantTable =
  | 'users'
  | 'sessions'
  | 'connection_logs'
  | 'change_logs'
  | 'units'
  | 'people'
  | 'unit_state'
  | 'unit_rule_memory'
  | 'trips'
  | 'device_events'
  | 'track_links'
  | 'track_all_links'
  | 'locations'
  | 'routes'
  | 'route_units'
  | 'tags'
  | 'unit_tags'
  | 'fleets'
  | 'fleet_units'
  | 'remotes'
  | 'rules'
  | 'rule_alerts'
  | 'rule_alert_marks'
  | 'outbox'
  | 'chaseup_events'
  | 'panic_notification_settings'
  | 'notice_clients'
  | 'notice_reads'
  | 'client_details'
  | 'account_entries'
  | 'quotes'
  | 'jobs'
  | 'work_approvals'
  | 'surveys'
  | 'fuel_batches'
  | 'fuel_rows'
  | 'device_commands'
  | 'device_command_steps'
  | 'unit_controls'
  | 'service_logs'
  | 'odometer_logs'
  | 'reminders'
  | 'reminder_mails'
  | 'scheduled_reports'
  | 'report_runs'
  | 'chaseup_comments'
  | 'call_logs'
  | 'recovery_logs';
