# PinochleSchema.cmake - embed schema/*.sql into the binary.
#
# pn_embed_schema(TARGET) adds to TARGET a C file generated at build time
# from schema/NNN_name.sql: the array store_migrations[] of {version,
# name, sql} declared in src/store/schema.h, in version order.  The
# program never reads a schema file at run time.  Adding or editing a
# .sql file regenerates it (a new file re-runs configure through the
# CONFIGURE_DEPENDS glob).  EmbedSchema.cmake does the work and refuses
# misnamed files and gaps in the numbering.

include_guard(GLOBAL)

set(PN_EMBED_SCHEMA_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedSchema.cmake")

function(pn_embed_schema target)
  file(GLOB sql CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/schema/*.sql")
  if(NOT sql)
    message(FATAL_ERROR "no migrations in ${CMAKE_SOURCE_DIR}/schema/")
  endif()
  set(out "${CMAKE_BINARY_DIR}/generated/store_schema.c")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} "-DSCHEMA_DIR=${CMAKE_SOURCE_DIR}/schema" "-DOUT=${out}"
            -P "${PN_EMBED_SCHEMA_SCRIPT}"
    DEPENDS ${sql} "${PN_EMBED_SCHEMA_SCRIPT}"
    COMMENT "Embedding schema/*.sql"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
endfunction()
