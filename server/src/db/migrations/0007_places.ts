import type { Kysely } from 'kysely';
import { withId, type Dialect, type Migration } from './helpers';

/**
 * Places on the map (issue 10): geofence locations, routes and the units assigned to routes; and
 * a `ref` on device events, so that two events of one type at one time (entering two overlapping
 * locations on the same fix) are two rows: the lid or roid they concern, 0 for the others.
 */
export function places(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: Kysely<any>) {
      // A location's shape is kept twice: `geofence` (JSON, as the API sends it) and, for the
      // readers that test many positions, its bounding box (with the radius for points) in columns,
      // so that a query can narrow by box in SQL and the ingest index is built without parsing
      // anything per position.
      await withId(db.schema.createTable('locations'), dialect, 'lid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('geofence', 'text', (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('radius', real)
        .addColumn('min_lat', real, (c) => c.notNull())
        .addColumn('min_lon', real, (c) => c.notNull())
        .addColumn('max_lat', real, (c) => c.notNull())
        .addColumn('max_lon', real, (c) => c.notNull())
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('locations_client_name')
        .on('locations')
        .columns(['client_id', 'name'])
        .execute();

      await withId(db.schema.createTable('routes'), dialect, 'roid')
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('waypoints', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('legs', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('polyline', 'text', (c) => c.notNull())
        .addColumn('polyline_overview', 'text', (c) => c.notNull())
        .addColumn('distance', real, (c) => c.notNull())
        .addColumn('corridor', real, (c) => c.notNull().defaultTo(500))
        .addColumn('min_lat', real, (c) => c.notNull())
        .addColumn('min_lon', real, (c) => c.notNull())
        .addColumn('max_lat', real, (c) => c.notNull())
        .addColumn('max_lon', real, (c) => c.notNull())
        .addColumn('datetime', 'bigint', (c) => c.notNull())
        .addColumn('updated', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('routes_client_name')
        .on('routes')
        .columns(['client_id', 'name'])
        .execute();

      await db.schema
        .createTable('route_units')
        .addColumn('route_id', 'integer', (c) =>
          c.notNull().references('routes.roid').onDelete('cascade'),
        )
        .addColumn('unit_id', 'integer', (c) =>
          c.notNull().references('units.uid').onDelete('cascade'),
        )
        .addColumn('client_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('route_units_pk', ['route_id', 'unit_id'])
        .execute();
      await db.schema.createIndex('route_units_unit').on('route_units').column('unit_id').execute();

      await db.schema
        .alterTable('device_events')
        .addColumn('ref', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('device_events_unique').execute();
      await db.schema
        .createIndex('device_events_unique')
        .on('device_events')
        .columns(['unit_id', 'time', 'type', 'ref'])
        .unique()
        .execute();
    },
  };
}
