/*
 * A lean binding of swe_calc, the Swiss Ephemeris call behind every body position, of
 * swe_houses_ex2, the houses of every timed chart, and of swe_deltat_ex, the ΔT of every instant.
 *
 * Why it exists: the general binding answers each call with a new object holding a new array
 * and an error string, after checking its arguments one by one. For the 13 calls of one
 * ephemeris row that costs about 19 us of the row's 62 (measured), a third of the library's
 * time. Here a call takes numbers, writes the six coordinates into a Float64Array that the
 * caller registered once, and returns only the library's flag; the error text is fetched
 * separately, and only when the flag says there is one.
 *
 * The Swiss Ephemeris sources are compiled into this module (its own copy of the library, with
 * its state in thread-local storage like the other copy's): the caller sets the data path here
 * too, and passes the sidereal mode with every sidereal call.
 *
 * The time is Terrestrial Time (swe_calc, not swe_calc_ut): the caller adds the one ΔT it also
 * reports. swe_calc_ut would add its own, and where the data files do not reach it takes the ΔT of
 * the ephemeris it fell back to (Moshier's tidal acceleration: 112 s instead of 114.8 s in 1583,
 * 1.6" on the Moon), which then differs from the ΔT the caller reports.
 */
#include <node_api.h>
#include <stdlib.h>
#include "swephexp.h"
#include "ephemeris_files.h"

/* native/sweph_cached.c: the segments of coefficients this thread's library remembers. */
void sweph_forget_segments(void);
void sweph_release_segments(void);

typedef struct {
  napi_ref out_ref; /* keeps the registered Float64Array alive */
  double *out;      /* its elements: six for calc, HOUSES_OUT for houses */
  size_t out_length;
  char error[AS_MAXCH];
} ThreadState;

static void free_state(napi_env env, void *data, void *hint) {
  ThreadState *state = data;
  (void)hint;
  if (state->out_ref) napi_delete_reference(env, state->out_ref);
  free(state);
  /*
   * The thread's end (a worker's, or the process's): its library closes its files and frees
   * what it holds, and the segments it remembered go. Without the close, its streams stayed
   * in stdio's list of open files after a worker ended, and when Node had unloaded this module
   * with the worker, exit's flush of every stream called into unmapped code: a crash at exit.
   */
  swe_close();
  sweph_release_segments();
}

static ThreadState *state_of(napi_env env) {
  void *data = NULL;
  napi_get_instance_data(env, &data);
  return data;
}

static napi_value throw_type_error(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

/* A typed array's elements when it has the type and at least `minimum` of them; NULL otherwise. */
static void *typed_elements(napi_env env, napi_value value, napi_typedarray_type wanted, size_t minimum, size_t *length) {
  bool is_typed_array = false;
  if (napi_is_typedarray(env, value, &is_typed_array) != napi_ok || !is_typed_array) return NULL;
  napi_typedarray_type type;
  void *data = NULL;
  napi_get_typedarray_info(env, value, &type, length, &data, NULL, NULL);
  return type == wanted && *length >= minimum ? data : NULL;
}

/* init(ephePath: string, out: Float64Array of at least 6 elements) */
static napi_value init(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 2) return throw_type_error(env, "init(ephePath, out) expects two arguments");

  char path[AS_MAXCH];
  size_t length;
  if (napi_get_value_string_utf8(env, argv[0], path, sizeof path, &length) != napi_ok) return throw_type_error(env, "ephePath must be a string");
  /* The library keeps at most AS_MAXCH - 1 characters of the path: refuse rather than truncate. */
  if (length >= sizeof path - 1) return throw_type_error(env, "ephePath is longer than the library accepts");

  size_t elements = 0;
  double *data = typed_elements(env, argv[1], napi_float64_array, 6, &elements);
  if (!data) return throw_type_error(env, "out must be a Float64Array of at least 6 elements");

  ThreadState *state = state_of(env);
  if (state->out_ref) napi_delete_reference(env, state->out_ref);
  napi_create_reference(env, argv[1], 1, &state->out_ref);
  state->out = data;
  state->out_length = elements;
  swe_set_ephe_path(path);
  sweph_forget_segments(); /* another directory may hold other files under the same names */
  return NULL;
}

/* calc(jdTt, body, flags, sidMode): the library's return flag; coordinates in `out`. */
static napi_value calc(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  ThreadState *state = state_of(env);
  if (argc < 4 || state->out == NULL) return throw_type_error(env, "calc(jdTt, body, flags, sidMode) needs init() first");

  double jd_tt;
  int32_t body, flags, sid_mode;
  if (napi_get_value_double(env, argv[0], &jd_tt) != napi_ok
      || napi_get_value_int32(env, argv[1], &body) != napi_ok
      || napi_get_value_int32(env, argv[2], &flags) != napi_ok
      || napi_get_value_int32(env, argv[3], &sid_mode) != napi_ok) {
    return throw_type_error(env, "calc expects four numbers");
  }
  /* Sidereal mode is library state: set it on every sidereal call so no earlier one leaks in. */
  if (flags & SEFLG_SIDEREAL) swe_set_sid_mode(sid_mode, 0, 0);
  state->error[0] = '\0';
  int32_t result = swe_calc(jd_tt, body, flags, state->out, state->error);

  napi_value flag;
  napi_create_int32(env, result, &flag);
  return flag;
}

/*
 * deltaT(jdUt, flags): swe_deltat_ex in days, the library's message (if any) in lastError().
 * Through the general binding the call built an object with the number and an error string:
 * about 3.5 us of a chart's task, against a fraction of one here.
 */
static napi_value delta_t(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  ThreadState *state = state_of(env);
  double jd_ut;
  int32_t flags;
  if (argc < 2 || napi_get_value_double(env, argv[0], &jd_ut) != napi_ok || napi_get_value_int32(env, argv[1], &flags) != napi_ok) {
    return throw_type_error(env, "deltaT(jdUt, flags) expects two numbers");
  }
  state->error[0] = '\0';
  napi_value days;
  napi_create_double(env, swe_deltat_ex(jd_ut, flags, state->error), &days);
  return days;
}

/* What houses() writes: the 12 cusps, then Ascendant, MC, ARMC, Vertex, then the speeds of the Ascendant, MC and Vertex. */
#define HOUSES_OUT 19

/*
 * houses(jdUt, flags, latitude, longitude, system, sidMode): swe_houses_ex2's return flag (ERR
 * when the system cannot be computed at the latitude and Porphyry was used; its message is in
 * lastError()); the cusps and angles in `out`. Through the general binding the same call built an
 * object with four arrays of up to 37 numbers: 17.6 us against the library's 10.1 (measured).
 */
static napi_value houses(napi_env env, napi_callback_info info) {
  size_t argc = 6;
  napi_value argv[6];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  ThreadState *state = state_of(env);
  if (argc < 6 || state->out == NULL || state->out_length < HOUSES_OUT) return throw_type_error(env, "houses(jdUt, flags, lat, lng, system, sidMode) needs init() with an output of 19 elements first");

  double jd_ut, lat, lng;
  int32_t flags, sid_mode;
  char system[2] = { 0, 0 };
  size_t length = 0;
  if (napi_get_value_double(env, argv[0], &jd_ut) != napi_ok
      || napi_get_value_int32(env, argv[1], &flags) != napi_ok
      || napi_get_value_double(env, argv[2], &lat) != napi_ok
      || napi_get_value_double(env, argv[3], &lng) != napi_ok
      || napi_get_value_string_utf8(env, argv[4], NULL, 0, &length) != napi_ok || length != 1
      || napi_get_value_string_utf8(env, argv[4], system, sizeof system, &length) != napi_ok
      || napi_get_value_int32(env, argv[5], &sid_mode) != napi_ok) {
    return throw_type_error(env, "houses expects four numbers, a one-letter house system and a number");
  }
  if (flags & SEFLG_SIDEREAL) swe_set_sid_mode(sid_mode, 0, 0);
  /* Gauquelin sectors have 36 cusps: room for them, though only the first 12 are kept. */
  double cusps[37], ascmc[10], cusp_speeds[37], ascmc_speeds[10];
  state->error[0] = '\0';
  int32_t result = swe_houses_ex2(jd_ut, flags, lat, lng, system[0], cusps, ascmc, cusp_speeds, ascmc_speeds, state->error);

  double *out = state->out;
  for (int i = 0; i < 12; i++) out[i] = cusps[i + 1];
  out[12] = ascmc[SE_ASC];
  out[13] = ascmc[SE_MC];
  out[14] = ascmc[SE_ARMC];
  out[15] = ascmc[SE_VERTEX];
  out[16] = ascmc_speeds[SE_ASC];
  out[17] = ascmc_speeds[SE_MC];
  out[18] = ascmc_speeds[SE_VERTEX];
  napi_value flag;
  napi_create_int32(env, result, &flag);
  return flag;
}

/* lastError(): the library's message of the last calc on this thread ("" when none). */
static napi_value last_error(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value message;
  napi_create_string_utf8(env, state_of(env)->error, NAPI_AUTO_LENGTH, &message);
  return message;
}

/* filesInMemory(): the data files this process reads from memory (native/ephemeris_files.c). */
static napi_value files_in_memory(napi_env env, napi_callback_info info) {
  (void)info;
  const char *paths[64];
  size_t count = ephemeris_copied_files(paths, 64);
  if (count > 64) count = 64;
  napi_value list;
  napi_create_array_with_length(env, count, &list);
  for (size_t i = 0; i < count; i++) {
    napi_value path;
    napi_create_string_utf8(env, paths[i], NAPI_AUTO_LENGTH, &path);
    napi_set_element(env, list, (uint32_t)i, path);
  }
  return list;
}

NAPI_MODULE_INIT() {
  ThreadState *state = calloc(1, sizeof *state);
  napi_set_instance_data(env, state, free_state, NULL);
  napi_property_descriptor properties[] = {
    { "init", NULL, init, NULL, NULL, NULL, napi_default, NULL },
    { "calc", NULL, calc, NULL, NULL, NULL, napi_default, NULL },
    { "houses", NULL, houses, NULL, NULL, NULL, napi_default, NULL },
    { "deltaT", NULL, delta_t, NULL, NULL, NULL, napi_default, NULL },
    { "lastError", NULL, last_error, NULL, NULL, NULL, napi_default, NULL },
    { "filesInMemory", NULL, files_in_memory, NULL, NULL, NULL, napi_default, NULL },
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}
