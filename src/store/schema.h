/*
 * schema.h - each backend's migrations (schema/BACKEND/NNN_name.sql),
 * embedded at build time by cmake/EmbedSchema.cmake (the generated
 * store_BACKEND_schema.c defines them).  Private to src/store.
 */
#ifndef PN_STORE_SCHEMA_H
#define PN_STORE_SCHEMA_H

/* One schema/BACKEND/NNN_name.sql file. */
typedef struct StoreMigration {
  int version;          /* NNN: the schema version once it has run */
  const char *name;     /* "001_init" */
  const char *sql;      /* the file's text, NUL-terminated */
} StoreMigration;

/* schema/sqlite/, in version order: store_sqlite_migrations[i].version
 * == i + 1, the last one STORE_SCHEMA_VERSION. */
extern const StoreMigration store_sqlite_migrations[];
extern const int store_sqlite_migration_count;

/* schema/postgresql/, the same way (a build with libpq only). */
extern const StoreMigration store_postgresql_migrations[];
extern const int store_postgresql_migration_count;

#endif
