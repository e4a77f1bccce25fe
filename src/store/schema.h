/*
 * schema.h - the migrations in schema/ (NNN_name.sql), embedded at build time by
 * cmake/EmbedSchema.cmake (the generated store_schema.c defines them).
 * Private to src/store.
 */
#ifndef PN_STORE_SCHEMA_H
#define PN_STORE_SCHEMA_H

/* One schema/NNN_name.sql file. */
typedef struct StoreMigration {
  int version;          /* NNN: PRAGMA user_version after it has run */
  const char *name;     /* "001_init" */
  const char *sql;      /* the file's text, NUL-terminated */
} StoreMigration;

/* In version order: store_migrations[i].version == i + 1. */
extern const StoreMigration store_migrations[];
extern const int store_migration_count;

#endif
