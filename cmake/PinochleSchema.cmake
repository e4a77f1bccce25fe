# PinochleSchema.cmake - embed a store backend's schema/BACKEND/*.sql into
# the binary.
#
# pn_embed_schema(TARGET BACKEND) adds to TARGET a C file generated at
# build time from schema/BACKEND/NNN_name.sql: the array
# store_BACKEND_migrations[] of {version, name, sql} declared in
# src/store/schema.h, in version order.  Each backend has its own folder
# (schema/sqlite/ today, schema/postgresql/ next), so SQL in one
# database's dialect never reaches another.  The program never reads a
# schema file at run time.  Adding or editing a .sql file regenerates it
# (a new file re-runs configure through the CONFIGURE_DEPENDS glob).
# EmbedSchema.cmake does the work and refuses misnamed files and gaps in
# the numbering.

include_guard(GLOBAL)

set(PN_EMBED_SCHEMA_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedSchema.cmake")

function(pn_embed_schema target backend)
  set(dir "${CMAKE_SOURCE_DIR}/schema/${backend}")
  file(GLOB sql CONFIGURE_DEPENDS "${dir}/*.sql")
  if(NOT sql)
    message(FATAL_ERROR "no migrations in ${dir}/")
  endif()
  set(out "${CMAKE_BINARY_DIR}/generated/store_${backend}_schema.c")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} "-DSCHEMA_DIR=${dir}" "-DBACKEND=${backend}" "-DOUT=${out}"
            -P "${PN_EMBED_SCHEMA_SCRIPT}"
    DEPENDS ${sql} "${PN_EMBED_SCHEMA_SCRIPT}"
    COMMENT "Embedding schema/${backend}/*.sql"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
endfunction()
