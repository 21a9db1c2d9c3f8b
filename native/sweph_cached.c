/*
 * The library's sweph.c, compiled with the segments of coefficients it unpacks remembered.
 *
 * Why: the library keeps one segment of Chebyshev coefficients per body (a stretch of days) and,
 * whenever a date leaves it, reads the next one from its data file, unpacks it and rotates it
 * into the equator of J2000. Random births leave every segment every time: the library unit
 * (ΔT, obliquity, 13 bodies, houses) took 91 µs for random dates against 62 µs for dates within
 * one day. A segment depends only on the data file and its number, so one unpacked and rotated
 * before is the very array the library would make again: answers keep every bit.
 *
 * How, without editing the library's file (as native/swephlib_cached.c does): it is included
 * here with its two segment functions taken apart by the first token of their first argument,
 * which is a type where they are declared and defined and a variable where sweph() calls them:
 *  - get_new_segment(double tjd, …) stays the reader (get_new_segment_read); the call
 *    get_new_segment(tjd, …) becomes get_new_segment_remembered, which restores a remembered
 *    segment or reads it;
 *  - rot_back(int ipl) stays the rotation (rot_back_computed); the call rot_back(ipl) becomes
 *    rot_back_remembered, which skips a restored segment's rotation (its coefficients are stored
 *    rotated) and remembers a newly rotated one.
 * A segment read without rotation (flag SEI_FLG_ROTATE clear) is remembered as read; the segments
 * of numbered asteroids (one shared slot, a file each) are not remembered. Should a new version of
 * the library call these functions otherwise, the build fails on an undefined name.
 *
 * The memory is per thread, like the library's own state, and bounded: past SEGMENT_BUDGET bytes
 * of coefficients (or 3/4 of the table's slots) the thread forgets all and starts again. Measured
 * after 100,000 random dates: 3-5 MB more in the process for dates of 1900-2050, 12 MB for dates
 * anywhere in the data files' 600 years (the slot table's 4 MB included). Setting the data path
 * forgets all too (another directory may hold other files under the same names).
 */
#include <stdlib.h>
#include <string.h>

#define get_new_segment(first, ...) GET_NEW_SEGMENT_##first, __VA_ARGS__)
#define GET_NEW_SEGMENT_double get_new_segment_read(double
#define GET_NEW_SEGMENT_tjd get_new_segment_remembered(tjd
#define rot_back(first) ROT_BACK_##first)
#define ROT_BACK_int rot_back_computed(int
#define ROT_BACK_ipl rot_back_remembered(ipl

static int get_new_segment_remembered(double tjd, int ipli, int ifno, char *serr);
static void rot_back_remembered(int ipli);

#include "sweph.c"

#undef get_new_segment
#undef rot_back

/* Bytes of remembered coefficients per thread: the 600 years of the shipped files fit. */
#define SEGMENT_BUDGET (16u << 20)
#define TABLE_SIZE 65536 /* slots, a power of two; the table is refilled from empty when it is 3/4 full */

typedef struct {
  /* What names a segment: the body, its file slot, the file's range for the body, the segment number. */
  int ipli, ifno, ncoe;
  int32 iseg;
  double tfstart, dseg;
  /* What the library's state holds after reading (and rotating) it. */
  double tseg0, tseg1;
  int neval;
  double *coefficients; /* 3 × ncoe, NULL for an empty slot */
} Segment;

static TLS Segment *segments;
static TLS size_t segments_used, segment_bytes;
/* Set by a restore, read by the rotation that sweph() asks for next: the coefficients are already rotated. */
static TLS int restored;

/* Forgets every segment: past the budget, or when the data path changes (the files may be others). */
void sweph_forget_segments(void) {
  if (segments == NULL) return;
  for (size_t i = 0; i < TABLE_SIZE; i++) free(segments[i].coefficients);
  memset(segments, 0, TABLE_SIZE * sizeof *segments);
  segments_used = 0;
  segment_bytes = 0;
}

/* The thread ends (its N-API environment is torn down): everything it remembered goes. */
void sweph_release_segments(void) {
  sweph_forget_segments();
  free(segments);
  segments = NULL;
}

static int32 segment_number(double tjd, const struct plan_data *pdp) {
  return (int32) ((tjd - pdp->tfstart) / pdp->dseg); /* as get_new_segment computes it */
}

static size_t slot_of(int ipli, int ifno, int32 iseg) {
  uint32 h = (uint32) iseg * 2654435761u ^ (uint32) ipli * 40503u ^ (uint32) ifno * 97u;
  return h & (TABLE_SIZE - 1);
}

static int same_segment(const Segment *s, int ipli, int ifno, int32 iseg, const struct plan_data *pdp) {
  return s->ipli == ipli && s->ifno == ifno && s->iseg == iseg
    && s->ncoe == pdp->ncoe && s->tfstart == pdp->tfstart && s->dseg == pdp->dseg;
}

/* The slot holding the segment, or the empty slot where it goes; NULL when the table cannot take it. */
static Segment *find_slot(int ipli, int ifno, int32 iseg, const struct plan_data *pdp) {
  if (segments == NULL) {
    segments = calloc(TABLE_SIZE, sizeof *segments);
    if (segments == NULL) return NULL;
  }
  for (size_t i = slot_of(ipli, ifno, iseg), probes = 0; probes < TABLE_SIZE; i = (i + 1) & (TABLE_SIZE - 1), probes++) {
    Segment *s = &segments[i];
    if (s->coefficients == NULL || same_segment(s, ipli, ifno, iseg, pdp)) return s; /* an empty slot ends the probe */
  }
  return NULL;
}

/* Remembers the segment now in the library's state for the body (after reading, and rotating if it does). */
static void remember(int ipli, int ifno, int32 iseg, const struct plan_data *pdp) {
  size_t bytes = (size_t) pdp->ncoe * 3 * sizeof(double);
  if (segments_used + 1 > TABLE_SIZE / 4 * 3 || segment_bytes + bytes > SEGMENT_BUDGET) sweph_forget_segments();
  Segment *s = find_slot(ipli, ifno, iseg, pdp);
  if (s == NULL || s->coefficients != NULL) return;
  double *copy = malloc(bytes);
  if (copy == NULL) return;
  memcpy(copy, pdp->segp, bytes);
  *s = (Segment) { ipli, ifno, pdp->ncoe, iseg, pdp->tfstart, pdp->dseg, pdp->tseg0, pdp->tseg1, pdp->neval, copy };
  segments_used++;
  segment_bytes += bytes;
}

/* The segment just read for a body, remembered once rot_back_remembered has rotated it. */
static TLS int reading_ifno;
static TLS int32 reading_iseg;
static TLS int reading_pending;

/* The segment the body's coefficients come from for tjd: remembered, or read from the file. */
static int get_new_segment_remembered(double tjd, int ipli, int ifno, char *serr) {
  struct plan_data *pdp = &swed.pldat[ipli];
  int32 iseg = segment_number(tjd, pdp);
  restored = 0;
  reading_pending = 0;
  /* Numbered asteroids share one body slot and one file slot, each in a file of its own: their
   * segments are not told apart here, so they are read as the library reads them. */
  if (ifno == SEI_FILE_ANY_AST) return get_new_segment_read(tjd, ipli, ifno, serr);
  Segment *s = find_slot(ipli, ifno, iseg, pdp);
  if (s != NULL && s->coefficients != NULL) {
    size_t bytes = (size_t) pdp->ncoe * 3 * sizeof(double);
    if (pdp->segp == NULL) pdp->segp = (double *) malloc(bytes);
    if (pdp->segp != NULL) {
      memcpy(pdp->segp, s->coefficients, bytes);
      pdp->tseg0 = s->tseg0;
      pdp->tseg1 = s->tseg1;
      pdp->neval = s->neval;
      restored = (pdp->iflg & SEI_FLG_ROTATE) != 0;
      return OK;
    }
  }
  int retc = get_new_segment_read(tjd, ipli, ifno, serr);
  if (retc != OK) return retc;
  if (pdp->iflg & SEI_FLG_ROTATE) {
    reading_ifno = ifno;
    reading_iseg = iseg;
    reading_pending = 1;
  } else {
    /* Without rotation sweph() sets neval to ncoe itself: the segment is complete as read. */
    pdp->neval = pdp->ncoe;
    remember(ipli, ifno, iseg, pdp);
  }
  return OK;
}

static void rot_back_remembered(int ipli) {
  if (restored) {
    restored = 0;
    return;
  }
  rot_back_computed(ipli);
  if (reading_pending) {
    reading_pending = 0;
    remember(ipli, reading_ifno, reading_iseg, &swed.pldat[ipli]);
  }
}
