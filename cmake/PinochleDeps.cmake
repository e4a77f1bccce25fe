# PinochleDeps.cmake - find the three system libraries the project uses.
#
# Each finder makes an imported target and stops configure with the Debian
# package to install when the library is missing:
#   SQLite::SQLite3   libsqlite3-dev  (CMake's own FindSQLite3)
#   pn::csv           libcsv-dev      (csv.h + libcsv; no pkg-config file)
#   pn::cmocka        libcmocka-dev   (pkg-config cmocka, else a plain search)
#
# Only the store, the importers and the CLI link SQLite and libcsv; cmocka
# is for tests.  The rules library links none of them (see CMakeLists.txt).

include_guard(GLOBAL)

function(pn_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "${what} not found: apt-get install ${package}")
  endif()
endfunction()

# ---- SQLite
find_package(SQLite3 QUIET)
pn_require(SQLite3_FOUND "SQLite3" libsqlite3-dev)

# ---- libcsv (Robert Gamble's; Debian ships no .pc file for it)
find_path(PN_CSV_INCLUDE_DIR csv.h)
find_library(PN_CSV_LIBRARY NAMES csv)
if(PN_CSV_INCLUDE_DIR AND PN_CSV_LIBRARY)
  # Another package could own a csv.h; libcsv's declares csv_init().
  file(STRINGS "${PN_CSV_INCLUDE_DIR}/csv.h" _pn_csv_init REGEX "csv_init")
  if(NOT _pn_csv_init)
    message(FATAL_ERROR "${PN_CSV_INCLUDE_DIR}/csv.h is not libcsv's: apt-get install libcsv-dev")
  endif()
  set(PN_CSV_FOUND TRUE)
else()
  set(PN_CSV_FOUND FALSE)
endif()
pn_require(PN_CSV_FOUND "libcsv" libcsv-dev)
mark_as_advanced(PN_CSV_INCLUDE_DIR PN_CSV_LIBRARY)
if(NOT TARGET pn::csv)
  add_library(pn::csv UNKNOWN IMPORTED)
  set_target_properties(pn::csv PROPERTIES
    IMPORTED_LOCATION "${PN_CSV_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PN_CSV_INCLUDE_DIR}")
endif()

# ---- cmocka
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_CMOCKA QUIET cmocka)
endif()
find_path(PN_CMOCKA_INCLUDE_DIR cmocka.h HINTS ${PC_CMOCKA_INCLUDE_DIRS})
find_library(PN_CMOCKA_LIBRARY NAMES cmocka HINTS ${PC_CMOCKA_LIBRARY_DIRS})
if(PN_CMOCKA_INCLUDE_DIR AND PN_CMOCKA_LIBRARY)
  set(PN_CMOCKA_FOUND TRUE)
else()
  set(PN_CMOCKA_FOUND FALSE)
endif()
pn_require(PN_CMOCKA_FOUND "cmocka" libcmocka-dev)
mark_as_advanced(PN_CMOCKA_INCLUDE_DIR PN_CMOCKA_LIBRARY)
if(NOT TARGET pn::cmocka)
  add_library(pn::cmocka UNKNOWN IMPORTED)
  set_target_properties(pn::cmocka PROPERTIES
    IMPORTED_LOCATION "${PN_CMOCKA_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${PN_CMOCKA_INCLUDE_DIR}")
endif()

message(STATUS "SQLite3 ${SQLite3_VERSION}: ${SQLite3_LIBRARIES}")
message(STATUS "libcsv: ${PN_CSV_LIBRARY}")
message(STATUS "cmocka: ${PN_CMOCKA_LIBRARY}")

# ---- libmicrohttpd (the HTTP server of `pinochle serve`) and jansson (the
# JSON the server reads in request bodies, and the reports' JSON that the
# HTML views are drawn from)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_MHD QUIET libmicrohttpd)
  pkg_check_modules(PC_JANSSON QUIET jansson)
endif()
find_path(PN_MHD_INCLUDE_DIR microhttpd.h HINTS ${PC_MHD_INCLUDE_DIRS})
find_library(PN_MHD_LIBRARY NAMES microhttpd HINTS ${PC_MHD_LIBRARY_DIRS})
set(PN_MHD_FOUND FALSE)
if(PN_MHD_INCLUDE_DIR AND PN_MHD_LIBRARY)
  set(PN_MHD_FOUND TRUE)
endif()
pn_require(PN_MHD_FOUND "libmicrohttpd" libmicrohttpd-dev)
find_path(PN_JANSSON_INCLUDE_DIR jansson.h HINTS ${PC_JANSSON_INCLUDE_DIRS})
find_library(PN_JANSSON_LIBRARY NAMES jansson HINTS ${PC_JANSSON_LIBRARY_DIRS})
set(PN_JANSSON_FOUND FALSE)
if(PN_JANSSON_INCLUDE_DIR AND PN_JANSSON_LIBRARY)
  set(PN_JANSSON_FOUND TRUE)
endif()
pn_require(PN_JANSSON_FOUND "jansson" libjansson-dev)
mark_as_advanced(PN_MHD_INCLUDE_DIR PN_MHD_LIBRARY PN_JANSSON_INCLUDE_DIR PN_JANSSON_LIBRARY)
foreach(lib mhd jansson)
  string(TOUPPER ${lib} LIB)
  if(NOT TARGET pn::${lib})
    add_library(pn::${lib} UNKNOWN IMPORTED)
    set_target_properties(pn::${lib} PROPERTIES
      IMPORTED_LOCATION "${PN_${LIB}_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${PN_${LIB}_INCLUDE_DIR}")
  endif()
endforeach()
message(STATUS "libmicrohttpd: ${PN_MHD_LIBRARY}")
message(STATUS "jansson: ${PN_JANSSON_LIBRARY}")
