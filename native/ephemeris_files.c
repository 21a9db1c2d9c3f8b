/*
 * The Swiss Ephemeris data files (*.se1), read from memory.
 *
 * Why: the library keeps one segment of Chebyshev coefficients per body and reads the next one
 * with an fseek and an fread whenever a date falls outside it. For random dates, as a service
 * sees them, that is about 23 seeks and 23 reads per natal chart, each a system call: a third of
 * the library's time in a tight loop, and more between HTTP requests (measured with strace and
 * perf). The files are small (about 2 MB for 1800-2400) and never change while the service
 * runs, so each is read once per process and every open of it is a stdio stream over that copy
 * (fopencookie): the same stdio calls, answered by memcpy.
 *
 * The library's sources are compiled with fopen defined as ephemeris_fopen (ephemeris_files.h,
 * which binding.gyp includes before each of them), so every file they open comes here. Only
 * read-only opens of *.se1 files are served from memory; any other file (fixed stars, leap
 * seconds, a data file too large to copy) is opened as before.
 */
#define _GNU_SOURCE /* fopencookie */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ephemeris_files.h" /* declares ephemeris_fopen; fopen stays the C library's here */
#undef fopen

/* Larger files are read from disk as before; the project's own files are at most 1.3 MB. */
#define MAX_COPIED_BYTES (64L * 1024 * 1024)

typedef struct CopiedFile {
  struct CopiedFile *next;
  char *path;
  char *bytes;
  size_t length;
} CopiedFile;

/* Copies live as long as the process; threads share them read-only. */
static CopiedFile *copies = NULL;
static pthread_mutex_t copies_lock = PTHREAD_MUTEX_INITIALIZER;

size_t ephemeris_copied_files(const char **paths, size_t capacity) {
  size_t count = 0;
  pthread_mutex_lock(&copies_lock);
  for (const CopiedFile *copy = copies; copy != NULL; copy = copy->next, count++)
    if (count < capacity) paths[count] = copy->path; /* copies are never freed: the pointers stay valid */
  pthread_mutex_unlock(&copies_lock);
  return count;
}

/*
 * Streams over a copy need fopencookie (glibc and musl, so every Linux the service runs on);
 * elsewhere (a developer's macOS, say) the data files open from disk as they always did.
 */
#if defined(__linux__)

static int is_data_file(const char *path) {
  size_t n = strlen(path);
  return n > 4 && strcmp(path + n - 4, ".se1") == 0;
}

/* The whole file in memory, or NULL (missing, unreadable, too large: the caller opens it from disk). */
static CopiedFile *copy_of_file(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return NULL;
  CopiedFile *copy = NULL;
  char *bytes = NULL;
  long length;
  if (fseek(file, 0, SEEK_END) != 0 || (length = ftell(file)) <= 0 || length > MAX_COPIED_BYTES || fseek(file, 0, SEEK_SET) != 0) goto done;
  bytes = malloc((size_t)length);
  if (bytes == NULL || fread(bytes, 1, (size_t)length, file) != (size_t)length) goto done;
  copy = malloc(sizeof *copy);
  if (copy == NULL) goto done;
  copy->path = strdup(path);
  if (copy->path == NULL) {
    free(copy);
    copy = NULL;
    goto done;
  }
  copy->bytes = bytes;
  copy->length = (size_t)length;
  bytes = NULL;
done:
  free(bytes);
  fclose(file);
  return copy;
}

static CopiedFile *find_or_copy(const char *path) {
  pthread_mutex_lock(&copies_lock);
  CopiedFile *copy = copies;
  while (copy != NULL && strcmp(copy->path, path) != 0) copy = copy->next;
  if (copy == NULL && (copy = copy_of_file(path)) != NULL) {
    copy->next = copies;
    copies = copy;
  }
  pthread_mutex_unlock(&copies_lock);
  return copy;
}

/* glibc's seek callback takes an off64_t, musl's an off_t (64 bits wide there too). */
#ifdef __GLIBC__
typedef off64_t CookieOffset;
#else
typedef off_t CookieOffset;
#endif

/* One open stream of a copy: its position, and the stdio buffer it reads through. */
typedef struct {
  const CopiedFile *copy;
  size_t position;
  /* Small: every seek empties the buffer, and a segment's read is a few hundred bytes (a full
     BUFSIZ buffer, refilled after each seek, cost about 5% of a chart's library time). */
  char buffer[512];
} CopyReader;

static ssize_t read_copy(void *cookie, char *into, size_t size) {
  CopyReader *reader = cookie;
  size_t left = reader->position < reader->copy->length ? reader->copy->length - reader->position : 0;
  if (size > left) size = left;
  if (size == 0) return 0;
  memcpy(into, reader->copy->bytes + reader->position, size);
  reader->position += size;
  return (ssize_t)size;
}

static int seek_copy(void *cookie, CookieOffset *offset, int whence) {
  CopyReader *reader = cookie;
  CookieOffset base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (CookieOffset)reader->position : (CookieOffset)reader->copy->length;
  CookieOffset target = base + *offset;
  /* Past the end is allowed, as on disk: the next read then finds nothing (a damaged file's
     index pointing there gives the library's "damaged" error, not bytes from elsewhere). */
  if (target < 0) return -1;
  reader->position = (size_t)target;
  *offset = target;
  return 0;
}

static int close_copy(void *cookie) {
  free(cookie);
  return 0;
}

FILE *ephemeris_fopen(const char *path, const char *mode) {
  if (mode[0] != 'r' || strchr(mode, '+') != NULL || !is_data_file(path)) return fopen(path, mode);
  CopiedFile *copy = find_or_copy(path);
  CopyReader *reader = copy == NULL ? NULL : calloc(1, sizeof *reader);
  if (reader == NULL) return fopen(path, mode);
  reader->copy = copy;
  FILE *stream = fopencookie(reader, "r", (cookie_io_functions_t){ .read = read_copy, .seek = seek_copy, .close = close_copy });
  if (stream == NULL) {
    free(reader);
    return fopen(path, mode);
  }
  setvbuf(stream, reader->buffer, _IOFBF, sizeof reader->buffer);
  return stream;
}

#else

FILE *ephemeris_fopen(const char *path, const char *mode) {
  return fopen(path, mode);
}

#endif
