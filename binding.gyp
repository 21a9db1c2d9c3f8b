# The JSON tape writer (native/json_writer.c: the bytes of the calculation answers) and the lean
# swe_calc_ut binding (native/swe_calc.c) with its own copy of the Swiss Ephemeris, compiled from
# the sources that the sweph package ships (the same version as the main binding), its data files
# read from memory (native/ephemeris_files.c).
{
  "targets": [
    {
      "target_name": "swe_calc",
      "sources": ["native/swe_calc.c", "native/ephemeris_files.c"],
      "dependencies": ["swisseph"],
      "defines": ["NAPI_VERSION=8"]
    },
    {
      "target_name": "json_writer",
      "sources": ["native/json_writer.c", "native/shortest_double.c"],
      "cflags": ["-O2"],
      "defines": ["NAPI_VERSION=8"]
    },
    {
      "target_name": "swisseph",
      "type": "static_library",
      "sources": [
        "node_modules/sweph/swisseph/swecl.c",
        "node_modules/sweph/swisseph/swedate.c",
        "node_modules/sweph/swisseph/swehel.c",
        "node_modules/sweph/swisseph/swehouse.c",
        "node_modules/sweph/swisseph/swejpl.c",
        "node_modules/sweph/swisseph/swemmoon.c",
        "node_modules/sweph/swisseph/swemplan.c",
        "native/sweph_cached.c",
        "native/swephlib_cached.c"
      ],
      "include_dirs": ["node_modules/sweph/swisseph"],
      # Every file the library opens goes through native/ephemeris_files.c, which serves the
      # data files from one copy in memory; sweph.c and swephlib.c are compiled through
      # native/sweph_cached.c (segments of coefficients remembered) and native/swephlib_cached.c
      # (precession series remembered for the last dates).
      "cflags": ["-w", "-include", "<(module_root_dir)/native/ephemeris_files.h"],
      "direct_dependent_settings": { "include_dirs": ["node_modules/sweph/swisseph"] }
    }
  ]
}
