/*
 * Included before each source of the Swiss Ephemeris (binding.gyp): the library's fopen becomes
 * ephemeris_fopen (native/ephemeris_files.c), which serves its data files from memory. stdio.h
 * comes first, so that its own declaration of fopen (renamed fopen64 where file offsets are 64
 * bits) is read before the name is taken over.
 */
#ifndef EPHEMERIS_FILES_H
#define EPHEMERIS_FILES_H
#include <stdio.h>

FILE *ephemeris_fopen(const char *path, const char *mode);
/* The paths of the data files held in memory so far (at most `capacity` of them) and their count. */
size_t ephemeris_copied_files(const char **paths, size_t capacity);
#define fopen ephemeris_fopen

#if defined(__linux__)
/* The library's streams belong to one thread each (its open files are in its thread-local state),
 * so its many small reads of a segment's coefficients can skip stdio's lock. */
#define fread fread_unlocked
#endif

#endif
