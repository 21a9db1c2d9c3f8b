/*
 * Expands a JSON tape into the answer's UTF-8 bytes in one call.
 *
 * Why it exists: JSON.stringify of a natal answer's objects (12 KB, some 190 doubles) took
 * about as long as the Swiss Ephemeris computing the chart, and a JavaScript writer was slower
 * still in Node 20 (formatting each number to a string, then joining hundreds of pieces). Here
 * the JavaScript side writes a tape of small integers and numbers (typed arrays, no strings),
 * and this module turns it into bytes: fixed fragments copied from a table registered once,
 * numbers formatted as JSON.stringify formats them, and the few texts that vary per answer
 * (already JSON, escaped by JSON.stringify) inserted as they are.
 *
 * The tape (src/answers/json-tape.ts): one uint32 per step; the top two bits say what it is.
 *   FRAGMENT    the fragment with the id in the low 30 bits;
 *   NUMBER      the next number of the numbers' array: its JavaScript text, or null if not finite;
 *   TEXT        the next string of the texts' array, as it is;
 *   MILLIONTHS  the next number of the numbers' array, a whole count n of millionths: the text of
 *               n / 1e6 (coordinates rounded to six decimals, laid out without the digit search).
 * Fragments and state are per thread (N-API instance data): each worker registers its own.
 *
 * The answer is written straight into the room JavaScript offers in a shared block when it fits
 * there; a longer one goes to this thread's output buffer, from which JavaScript copies it into
 * an array of its own (see `bytes()` in json-tape.ts for why).
 */
#include <node_api.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "shortest_double.h"

#define KIND_SHIFT 30
#define KIND_FRAGMENT 0u
#define KIND_NUMBER 1u
#define KIND_TEXT 2u
#define KIND_MILLIONTHS 3u
#define ID_MASK ((1u << KIND_SHIFT) - 1)
/*
 * Fragments are mostly a key with its punctuation, under 32 bytes: copying a fixed 32 bytes
 * (two 16-byte moves the compiler inlines) beats a call to memcpy for each of the 600 or so in
 * an answer. The block may overrun a fragment's text (into the texts after it, or the table's
 * FRAGMENT_PAD spare bytes) and the output's end (it keeps as many spare bytes); what it writes
 * past the text is overwritten by what follows or lies past the answer's end.
 *
 * The texts lie end to end in one block, in the order they were declared, which is near the
 * order an answer uses them: a chart's library calls push the writer's data out of the caches
 * between answers, and a dense table comes back in fewer cache lines than one allocation per
 * fragment did (about four times the text's bytes).
 */
#define FRAGMENT_PAD 32
#define SHORT_FRAGMENT 32

typedef struct {
  char *texts; /* every fragment's text, end to end, with FRAGMENT_PAD bytes after the last */
  size_t texts_used, texts_capacity;
  uint32_t *fragment_offsets, *fragment_lengths;
  uint32_t fragment_count, fragment_capacity;
  char *out; /* the answer being written, reused by every call */
  size_t out_capacity;
  size_t out_length; /* the last answer's length, for copy_last */
  int last_in_room; /* the last answer was written straight into the room: nothing to copy */
} WriterState;

static void free_state(napi_env env, void *data, void *hint) {
  WriterState *state = data;
  (void)env;
  (void)hint;
  free(state->texts);
  free(state->fragment_offsets);
  free(state->fragment_lengths);
  free(state->out);
  free(state);
}

static WriterState *state_of(napi_env env) {
  void *data = NULL;
  napi_get_instance_data(env, &data);
  return data;
}

static napi_value fail(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/*
 * Where an answer is being written: straight into the room JavaScript offers when it has one
 * (saving a copy of the whole answer), else, or once the answer outgrows the room, into this
 * thread's own buffer.
 */
typedef struct {
  char *data;
  size_t capacity;
  int in_room;
} Output;

/* Room in the thread's own buffer for `bytes` in all; 0 when memory runs out. */
static int grow_own(WriterState *state, size_t bytes) {
  if (bytes <= state->out_capacity) return 1;
  size_t capacity = state->out_capacity ? state->out_capacity : 16384;
  while (capacity < bytes) capacity *= 2;
  char *grown = realloc(state->out, capacity);
  if (!grown) return 0;
  state->out = grown;
  state->out_capacity = capacity;
  return 1;
}

/* Room for `more` bytes after `used`, moving what is written to the own buffer when the room is too small; 0 when memory runs out. */
static int reserve(WriterState *state, Output *out, size_t used, size_t more) {
  if (used + more <= out->capacity) return 1;
  if (!grow_own(state, used + more)) return 0;
  if (out->in_room) memcpy(state->out, out->data, used);
  out->data = state->out;
  out->capacity = state->out_capacity;
  out->in_room = 0;
  return 1;
}

/* A JavaScript string's UTF-8 bytes appended at out + *used. */
static int append_string(napi_env env, WriterState *state, Output *out, napi_value value, size_t *used) {
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, NULL, 0, &length) != napi_ok) return 0;
  if (!reserve(state, out, *used, length + 1)) return 0;
  napi_get_value_string_utf8(env, value, out->data + *used, length + 1, &length);
  *used += length;
  return 1;
}

/* addFragments(texts): appends to this thread's table; ids follow in order from the current count. */
static napi_value add_fragments(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  WriterState *state = state_of(env);
  uint32_t count = 0;
  if (argc < 1 || napi_get_array_length(env, argv[0], &count) != napi_ok) return fail(env, "addFragments expects an array of strings");
  if (state->fragment_count + count > state->fragment_capacity) {
    uint32_t capacity = state->fragment_capacity ? state->fragment_capacity : 256;
    while (capacity < state->fragment_count + count) capacity *= 2;
    uint32_t *offsets = realloc(state->fragment_offsets, capacity * sizeof *offsets);
    if (offsets) state->fragment_offsets = offsets;
    uint32_t *lengths = realloc(state->fragment_lengths, capacity * sizeof *lengths);
    if (lengths) state->fragment_lengths = lengths;
    if (!offsets || !lengths) return fail(env, "out of memory");
    state->fragment_capacity = capacity;
  }
  for (uint32_t i = 0; i < count; i++) {
    napi_value text;
    size_t length = 0;
    napi_get_element(env, argv[0], i, &text);
    if (napi_get_value_string_utf8(env, text, NULL, 0, &length) != napi_ok) return fail(env, "a fragment is not a string");
    /* Room for the text, its terminator while it is copied in, and the padding after the last. */
    size_t needed = state->texts_used + length + 1 + FRAGMENT_PAD;
    if (needed > UINT32_MAX) return fail(env, "the fragments' texts exceed 4 GB");
    if (needed > state->texts_capacity) {
      size_t capacity = state->texts_capacity ? state->texts_capacity : 16384;
      while (capacity < needed) capacity *= 2;
      char *texts = realloc(state->texts, capacity);
      if (!texts) return fail(env, "out of memory");
      state->texts = texts;
      state->texts_capacity = capacity;
    }
    char *copy = state->texts + state->texts_used;
    napi_get_value_string_utf8(env, text, copy, length + 1, &length);
    memset(copy + length, 0, FRAGMENT_PAD); /* the padding is read by the fixed-size copies, never written out */
    state->fragment_offsets[state->fragment_count] = (uint32_t)state->texts_used;
    state->fragment_lengths[state->fragment_count] = (uint32_t)length;
    state->texts_used += length;
    state->fragment_count++;
  }
  napi_value total;
  napi_create_uint32(env, state->fragment_count, &total);
  return total;
}

/* A number as JSON.stringify writes it; the engine itself for the rare ones outside the fast range. */
static int append_number(napi_env env, WriterState *state, Output *out, double v, size_t *used) {
  if (!reserve(state, out, *used, SHORTEST_DOUBLE_MAX)) return 0;
  if (!isfinite(v)) {
    memcpy(out->data + *used, "null", 4);
    *used += 4;
    return 1;
  }
  int length = shortest_double(v, out->data + *used);
  if (length > 0) {
    *used += (size_t)length;
    return 1;
  }
  napi_value number, text;
  napi_create_double(env, v, &number);
  if (napi_coerce_to_string(env, number, &text) != napi_ok) return 0;
  return append_string(env, state, out, text, used);
}

/* A count of millionths n as JSON.stringify writes n / 1e6 (see fixed_millionths); the general path beyond its range. */
static int append_millionths(napi_env env, WriterState *state, Output *out, double n, size_t *used) {
  if (!(fabs(n) < 1e15) || n != (double)(int64_t)n) return append_number(env, state, out, n / 1e6, used);
  if (!reserve(state, out, *used, SHORTEST_DOUBLE_MAX)) return 0;
  *used += (size_t)fixed_millionths((int64_t)n, out->data + *used);
  return 1;
}

/* A Uint8Array's bytes and length; 0 when it is not one. */
static int uint8_array(napi_env env, napi_value value, char **data, size_t *length) {
  napi_typedarray_type type;
  void *bytes = NULL;
  if (napi_get_typedarray_info(env, value, &type, length, &bytes, NULL, NULL) != napi_ok || type != napi_uint8_array) return 0;
  *data = bytes;
  return 1;
}

/*
 * write(steps: Uint32Array, stepCount, numbers: Float64Array, texts: string[], room: Uint8Array, offset, limit):
 * the answer's length in bytes. When it is at most `limit` (and the room has that much space
 * from `offset`), the answer is there; otherwise it is kept for copyLast. Bytes of the room past
 * the answer may be written over (the fixed-size copies' spare bytes).
 */
static napi_value write_tape(napi_env env, napi_callback_info info) {
  size_t argc = 7;
  napi_value argv[7];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 7) return fail(env, "write expects steps, a step count, numbers, texts, a room, an offset and a limit");
  WriterState *state = state_of(env);

  napi_typedarray_type type;
  size_t step_capacity = 0, number_capacity = 0;
  void *steps_data = NULL, *numbers_data = NULL;
  if (napi_get_typedarray_info(env, argv[0], &type, &step_capacity, &steps_data, NULL, NULL) != napi_ok || type != napi_uint32_array) return fail(env, "steps must be a Uint32Array");
  if (napi_get_typedarray_info(env, argv[2], &type, &number_capacity, &numbers_data, NULL, NULL) != napi_ok || type != napi_float64_array) return fail(env, "numbers must be a Float64Array");
  uint32_t step_count = 0;
  napi_get_value_uint32(env, argv[1], &step_count);
  if (step_count > step_capacity) return fail(env, "step count beyond the steps array");
  const uint32_t *steps = steps_data;
  const double *numbers = numbers_data;

  char *room = NULL;
  size_t room_length = 0;
  uint32_t offset = 0, limit = 0;
  if (!uint8_array(env, argv[4], &room, &room_length)) return fail(env, "the room must be a Uint8Array");
  napi_get_value_uint32(env, argv[5], &offset);
  napi_get_value_uint32(env, argv[6], &limit);
  size_t space = offset <= room_length ? room_length - offset : 0;
  if (space > limit) space = limit;
  Output out = { room + (offset <= room_length ? offset : 0), space, 1 };

  state->out_length = 0; /* nothing to copy until this answer is whole */
  state->last_in_room = 0;
  size_t used = 0, next_number = 0;
  uint32_t next_text = 0;
  for (uint32_t i = 0; i < step_count; i++) {
    uint32_t step = steps[i];
    uint32_t kind = step >> KIND_SHIFT;
    if (kind == KIND_FRAGMENT) {
      uint32_t id = step & ID_MASK;
      if (id >= state->fragment_count) return fail(env, "unknown fragment id");
      uint32_t length = state->fragment_lengths[id];
      if (!reserve(state, &out, used, length + SHORT_FRAGMENT)) return fail(env, "out of memory");
      const char *text = state->texts + state->fragment_offsets[id];
      if (length <= SHORT_FRAGMENT) {
        memcpy(out.data + used, text, 16);
        memcpy(out.data + used + 16, text + 16, 16);
      } else {
        memcpy(out.data + used, text, length);
      }
      used += length;
    } else if (kind == KIND_NUMBER || kind == KIND_MILLIONTHS) {
      if (next_number >= number_capacity) return fail(env, "more number steps than numbers");
      double value = numbers[next_number++];
      int written = kind == KIND_NUMBER ? append_number(env, state, &out, value, &used) : append_millionths(env, state, &out, value, &used);
      if (!written) return fail(env, "a number could not be written");
    } else if (kind == KIND_TEXT) {
      napi_value text;
      if (napi_get_element(env, argv[3], next_text++, &text) != napi_ok || !append_string(env, state, &out, text, &used)) return fail(env, "a text step has no string");
    } else {
      return fail(env, "unknown step kind");
    }
  }

  if (out.in_room) {
    state->last_in_room = 1;
  } else {
    /* Moved out of the room on the way (near its end, its spare bytes for the fixed-size copies
     * did not fit): copied back when the answer itself fits. */
    state->out_length = used;
    if (used <= space) memcpy(room + offset, state->out, used);
  }
  napi_value length;
  napi_create_double(env, (double)used, &length);
  return length;
}

/* copyLast(target: Uint8Array): the last answer written, copied to the start of target (as long as it is). */
static napi_value copy_last(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  WriterState *state = state_of(env);
  char *target = NULL;
  size_t target_length = 0;
  if (argc < 1 || !uint8_array(env, argv[0], &target, &target_length)) return fail(env, "copyLast expects a Uint8Array");
  if (state->last_in_room) return fail(env, "copyLast: the last answer was written into the room");
  if (target_length < state->out_length) return fail(env, "copyLast: the target is shorter than the answer");
  memcpy(target, state->out, state->out_length);
  return NULL;
}

NAPI_MODULE_INIT() {
  WriterState *state = calloc(1, sizeof *state);
  napi_set_instance_data(env, state, free_state, NULL);
  napi_property_descriptor properties[] = {
    { "addFragments", NULL, add_fragments, NULL, NULL, NULL, napi_default, NULL },
    { "write", NULL, write_tape, NULL, NULL, NULL, napi_default, NULL },
    { "copyLast", NULL, copy_last, NULL, NULL, NULL, napi_default, NULL },
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}
