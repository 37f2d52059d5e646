// Rows written straight to the tracking tables, as the pipeline stores them, for tests that need
// exact trips and positions (migrations, reports): only the columns every schema version has, the
// rest from the fields given.

/** A positions row of a valid fix with the ignition on, with these fields changed. */
export function positionRow(unitId: number, fixTime: number, fields: Record<string, unknown> = {}) {
  return {
    unit_id: unitId,
    fix_time: fixTime,
    server_time: fixTime,
    lat: -26.2,
    lon: 28,
    speed: 0,
    course: 0,
    altitude: null,
    satellites: 9,
    valid: 1,
    ignition: 1,
    odometer: 0,
    attributes: '{}',
    ...fields,
  };
}

/** A trips row (a closed trip unless the fields say otherwise), with these fields changed. */
export function tripRow(
  unitId: number,
  clientId: number,
  start: number,
  end: number,
  fields: Record<string, unknown> = {},
) {
  return {
    unit_id: unitId,
    client_id: clientId,
    type: 0,
    start_time: start,
    end_time: end,
    start_lat: 0,
    start_lon: 0,
    end_lat: 0,
    end_lon: 0,
    distance: 0,
    max_speed: 0,
    duration: Math.round((end - start) / 1000),
    driver_id: null,
    speed_histogram: '{}',
    open: 0,
    ...fields,
  };
}

/** A units row of an active Teltonika unit with device `deviceId`, with these fields changed. */
export function unitRow(
  clientId: number,
  deviceId: string,
  created: number,
  fields: Record<string, unknown> = {},
) {
  return {
    client_id: clientId,
    name: `Unit ${deviceId.slice(-3)}`,
    reg: '',
    icon_colour: 'blue',
    icon_type: 0,
    vehicle_class_ref: 'sedan',
    service_type: 'full',
    unit_type: 'Wired',
    active: 1,
    display: 1,
    driver_id: null,
    last_disconnect: null,
    device_id: deviceId,
    protocol: 'teltonika',
    stock_status: 5,
    created,
    ...fields,
  };
}
