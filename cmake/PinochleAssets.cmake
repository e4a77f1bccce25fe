# PinochleAssets.cmake - embed src/web/assets/* (the pages' CSS and
# JavaScript) into the binary.
#
# pn_embed_assets(TARGET) adds to TARGET a C file generated at build time:
# the array report_assets[] of {name, type, bytes, length} declared in
# reports/report_html.h.  The server answers /assets/NAME from it and
# `report --format html` inlines the same bytes, so nothing is read from
# disk or fetched at run time.  Editing an asset regenerates the file; a
# new one re-runs configure through the CONFIGURE_DEPENDS glob.

include_guard(GLOBAL)

set(PN_EMBED_ASSETS_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedAssets.cmake")

function(pn_embed_assets target)
  file(GLOB assets CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/web/assets/*")
  set(out "${CMAKE_BINARY_DIR}/generated/report_assets.c")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} "-DASSET_DIR=${CMAKE_SOURCE_DIR}/src/web/assets" "-DOUT=${out}"
            -P "${PN_EMBED_ASSETS_SCRIPT}"
    DEPENDS ${assets} "${PN_EMBED_ASSETS_SCRIPT}"
    COMMENT "Embedding src/web/assets/*"
    VERBATIM)
  target_sources(${target} PRIVATE "${out}")
endfunction()
