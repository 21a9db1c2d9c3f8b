/*
 * A file mapped into memory as an ArrayBuffer: map(path).
 *
 * Why: the time-zone tiles (build/zone-tiles.bin, about 120 MB) are read by every process and
 * every thread that looks up a zone. Mapped, their pages are the operating system's page
 * cache, shared by all of them and loaded only where a lookup reads, instead of a copy per
 * thread read tile by tile (a system call and an allocation each).
 *
 * The mapping is private and writable: a write through the ArrayBuffer (none is made) would
 * change this process's copy of the page, never the file, rather than crash the process (where
 * memory overcommit is off, the kernel counts the whole mapping as committed). It lives as long
 * as the ArrayBuffer and any view of it. The project replaces its files by rename, never in
 * place; a file truncated under its readers (a `cp` over it) would end them with SIGBUS.
 *
 * Only regular files up to MAX_MAPPED_BYTES are mapped (a larger one is not a file of ours, and
 * Node refuses ArrayBuffers past its own limit after taking the mapping's finaliser).
 */
#define _POSIX_C_SOURCE 200809L /* strerror_r of POSIX (it returns an int), not GNU's */
#include <node_api.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_MAPPED_BYTES ((off_t)1 << 30)

static void unmap(napi_env env, void *data, void *hint) {
  (void)env;
  munmap(data, (size_t)(uintptr_t)hint);
}

/* Throws "<what> <path>: <the error's text>" (strerror_r: the threads of a process share strerror's buffer). */
static napi_value fail(napi_env env, const char *what, const char *path, int error) {
  char reason[128] = "";
  char message[4600];
  if (strerror_r(error, reason, sizeof reason) != 0) snprintf(reason, sizeof reason, "error %d", error);
  snprintf(message, sizeof message, "%s %s: %s", what, path, reason);
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
  /* O_NONBLOCK: a FIFO at the path must not hold the thread in open (it is refused below). */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return fail(env, "cannot open", path, errno);
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int error = errno;
    close(fd);
    return fail(env, "cannot read the size of", path, error);
  }
  if (!S_ISREG(st.st_mode) || st.st_size <= 0 || st.st_size > MAX_MAPPED_BYTES) {
    close(fd);
    return fail(env, "not a regular file of 1 byte to 1 GiB:", path, st.st_size > MAX_MAPPED_BYTES ? EFBIG : EINVAL);
  }
  size_t size = (size_t)st.st_size;
  void *data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  int error = errno;
  close(fd); /* the mapping keeps the file */
  if (data == MAP_FAILED) return fail(env, "cannot map", path, error);
  napi_value buffer;
  napi_status status = napi_create_external_arraybuffer(env, data, size, unmap, (void *)(uintptr_t)size, &buffer);
  if (status != napi_ok) {
    /* Unmapped here only when the finaliser was never taken; otherwise Node runs it (or has run it). */
    if (status == napi_no_external_buffers_allowed) munmap(data, size);
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
