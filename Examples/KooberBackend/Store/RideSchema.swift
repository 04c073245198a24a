/// The ride phase's tables, appended to `BackendStore.migrations` after the accounts.
enum RideSchema {
  /// Migration 2: rides. `seq` orders rides by arrival and is the list cursor; the partial
  /// unique index backs "one active ride per passenger" even if a rule were ever skipped.
  static let rides = """
    CREATE TABLE rides (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      passenger_id TEXT NOT NULL REFERENCES users(id),
      driver_id TEXT REFERENCES users(id),
      pickup_latitude REAL NOT NULL,
      pickup_longitude REAL NOT NULL,
      pickup_address TEXT,
      destination_latitude REAL NOT NULL,
      destination_longitude REAL NOT NULL,
      destination_address TEXT,
      vehicle_type TEXT NOT NULL CHECK (vehicle_type IN ('wallaby', 'wallaroo', 'kangaroo')),
      status TEXT NOT NULL CHECK (status IN
        ('requested', 'accepted', 'arrived', 'inProgress', 'completed', 'cancelled')),
      fare_amount INTEGER NOT NULL CHECK (fare_amount >= 0),
      fare_currency TEXT NOT NULL,
      requested_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      started_at INTEGER,
      completed_at INTEGER
    );
    CREATE INDEX rides_by_passenger ON rides(passenger_id, seq);
    CREATE INDEX rides_by_driver ON rides(driver_id, seq);
    CREATE INDEX rides_by_status ON rides(status, seq);
    CREATE UNIQUE INDEX rides_one_active_per_passenger ON rides(passenger_id)
      WHERE status NOT IN ('completed', 'cancelled');
    """
}
