/*
 * A file mapped into memory as an ArrayBuffer: map(path).
 *
 * Why: the time-zone tiles (build/zone-tiles.bin, about 120 MB) are read by every process and
 * every thread that looks up a zone. Mapped, their pages are the operating system's page
 * cache, shared by all of them and loaded only where a lookup reads, instead of a copy per
 * thread read tile by tile (a system call and an allocation each: about 70 µs a tile cold).
 *
 * The mapping is private and writable: a write through the ArrayBuffer (none is made) would
 * change this process's copy of the page, never the file, rather than crash the process. It
 * lives as long as the ArrayBuffer and any view of it. Files are replaced by rename, never
 * rewritten in place, so a mapped file cannot shrink under its readers.
 */
#include <node_api.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void unmap(napi_env env, void *data, void *hint) {
  (void)env;
  munmap(data, (size_t)(uintptr_t)hint);
}

static napi_value fail(napi_env env, const char *what, const char *path) {
  char message[512];
  snprintf(message, sizeof message, "%s %s: %s", what, path, strerror(errno));
  napi_throw_error(env, NULL, message);
  return NULL;
}

static napi_value map_file(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  char path[4096];
  size_t length = 0;
  if (argc < 1 || napi_get_value_string_utf8(env, argv[0], path, sizeof path, &length) != napi_ok || length >= sizeof path - 1) {
    napi_throw_type_error(env, NULL, "map expects a file path (under 4096 bytes)");
    return NULL;
  }
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(env, "cannot open", path);
  struct stat st;
  if (fstat(fd, &st) != 0) {
    close(fd);
    return fail(env, "cannot read the size of", path);
  }
  if (st.st_size <= 0) {
    close(fd);
    errno = EINVAL;
    return fail(env, "nothing to map in", path);
  }
  size_t size = (size_t)st.st_size;
  void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  close(fd); /* the mapping keeps the file */
  if (data == MAP_FAILED) return fail(env, "cannot map", path);
  napi_value buffer;
  if (napi_create_external_arraybuffer(env, data, size, unmap, (void *)(uintptr_t)size, &buffer) != napi_ok) {
    munmap(data, size);
    napi_throw_error(env, NULL, "cannot make an ArrayBuffer of a mapped file");
    return NULL;
  }
  return buffer;
}

NAPI_MODULE_INIT() {
  napi_property_descriptor properties[] = {
    { "map", NULL, map_file, NULL, NULL, NULL, napi_default, NULL },
  };
  napi_define_properties(env, exports, sizeof properties / sizeof properties[0], properties);
  return exports;
}
