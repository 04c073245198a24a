#include "CSQLiteBaseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

struct csqlite_baseline {
  sqlite3 *db;
};

static const char *const setup_sql =
    "PRAGMA schema_version;"
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "PRAGMA foreign_keys = ON;"
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL);";

csqlite_baseline *csqlite_baseline_open(const char *path) {
  sqlite3 *db = NULL;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
    sqlite3_close_v2(db);
    return NULL;
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_exec(db, setup_sql, NULL, NULL, NULL) != SQLITE_OK) {
    sqlite3_close_v2(db);
    return NULL;
  }
  csqlite_baseline *handle = malloc(sizeof *handle);
  if (handle == NULL) {
    sqlite3_close_v2(db);
    return NULL;
  }
  handle->db = db;
  return handle;
}

int csqlite_baseline_insert(csqlite_baseline *handle, int64_t count, const char *const *names) {
  sqlite3 *db = handle->db;
  sqlite3_stmt *insert = NULL;
  int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  rc = sqlite3_prepare_v3(db, "INSERT INTO items (id, name, score) VALUES (?, ?, ?)", -1,
                          SQLITE_PREPARE_PERSISTENT, &insert, NULL);
  if (rc != SQLITE_OK) goto fail;
  for (int64_t i = 0; i < count; i++) {
    sqlite3_reset(insert);
    if ((rc = sqlite3_bind_int64(insert, 1, i)) != SQLITE_OK) goto fail;
    const char *name = names[i];
    rc = sqlite3_bind_text64(insert, 2, name, strlen(name), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) goto fail;
    if ((rc = sqlite3_bind_double(insert, 3, (double)i * 0.5)) != SQLITE_OK) goto fail;
    if ((rc = sqlite3_step(insert)) != SQLITE_DONE) goto fail;
  }
  sqlite3_finalize(insert);
  return sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
fail:
  sqlite3_finalize(insert);
  sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
  return rc;
}

double csqlite_baseline_fetch(csqlite_baseline *handle) {
  sqlite3_stmt *select = NULL;
  if (sqlite3_prepare_v3(handle->db, "SELECT id, name, score FROM items", -1,
                         SQLITE_PREPARE_PERSISTENT, &select, NULL) != SQLITE_OK) {
    return -1;
  }
  int64_t ids = 0, bytes = 0;
  double scores = 0;
  int rc;
  while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
    ids += sqlite3_column_int64(select, 0);
    // The text itself, as a reader of the row would take it, then its length.
    if (sqlite3_column_text(select, 1) != NULL) bytes += sqlite3_column_bytes(select, 1);
    scores += sqlite3_column_double(select, 2);
  }
  sqlite3_finalize(select);
  if (rc != SQLITE_DONE) return -1;
  return (double)ids + (double)bytes + scores;
}

int csqlite_baseline_each_row(csqlite_baseline *handle, csqlite_baseline_row_fn row,
                              void *context) {
  sqlite3_stmt *select = NULL;
  int rc = sqlite3_prepare_v3(handle->db, "SELECT id, name, score FROM items", -1,
                              SQLITE_PREPARE_PERSISTENT, &select, NULL);
  if (rc != SQLITE_OK) return rc;
  while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
    const unsigned char *name = sqlite3_column_text(select, 1);
    int length = name == NULL ? 0 : sqlite3_column_bytes(select, 1);
    row(context, sqlite3_column_int64(select, 0), name, length, sqlite3_column_double(select, 2));
  }
  sqlite3_finalize(select);
  return rc;
}

void csqlite_baseline_close(csqlite_baseline *handle) {
  sqlite3_close_v2(handle->db);
  free(handle);
}
