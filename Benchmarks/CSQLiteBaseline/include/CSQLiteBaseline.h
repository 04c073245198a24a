// The raw baseline for `bench database`: the same work as the DatabaseClient cases, written
// directly against the SQLite C API, with the same pragmas (WAL, synchronous=NORMAL,
// foreign_keys=ON, a busy timeout) and the same SQL.
#pragma once
#include <stdint.h>

/// An open baseline database (an sqlite3 connection).
typedef struct csqlite_baseline csqlite_baseline;

/// Opens (creating) the database at `path`, applies the pragmas and creates the table
/// `items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)`.
/// Returns NULL on failure.
csqlite_baseline *csqlite_baseline_open(const char *path);

/// Inserts rows (i, names[i], i * 0.5) for i in 0..<count in one transaction with one
/// prepared statement. Returns 0 on success, an SQLite result code otherwise.
int csqlite_baseline_insert(csqlite_baseline *db, int64_t count, const char *const *names);

/// Reads every row back, returning the sum of the ids, of the name lengths in bytes and of the
/// scores, folded into one checksum (so the reads cannot be optimized away); -1 on failure.
double csqlite_baseline_fetch(csqlite_baseline *db);

/// Closes the database.
/// Called once per row of `SELECT id, name, score FROM items` with the row's columns; `name`
/// is valid only during the call.
typedef void (*csqlite_baseline_row_fn)(void *context, int64_t id, const unsigned char *name,
                                        int length, double score);

/// Steps through every row, handing each to `row`; returns SQLITE_DONE (101) on success.
int csqlite_baseline_each_row(csqlite_baseline *db, csqlite_baseline_row_fn row, void *context);

void csqlite_baseline_close(csqlite_baseline *db);
