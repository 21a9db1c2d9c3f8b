/*
 * The library's swephlib.c, compiled with its two long-term precession series (Vondrák 2011, the
 * library's default) remembered for the last dates asked: the precession matrix for one date,
 * and the general precession in longitude and obliquity for two (a body's speed asks for t and
 * t + 1 day).
 *
 * Why: every body of a chart is precessed to the same date, twice (its position and its speed),
 * and each precession evaluated the series again: 22 sines and cosines for the matrix and 10 for
 * each longitude term, about 830 per natal chart, a fifth of the library's time (perf: glibc's
 * sincos at 14 % of a chart's cast). Both series depend on the date alone, so a remembered value
 * is the very number the series would give again: answers stay the same to the last bit.
 *
 * How, without editing the library's file: it is included here with the two functions renamed
 * where they are defined, and the versions below stand in where they are called.
 *  - swi_ldp_peps is the library's own global: renamed throughout the included file (definition,
 *    prototype and its one call there, which goes on computing); the library's other files call
 *    the remembering version below by the original name.
 *  - pre_pmat is static, defined and called only in that file, so one name cannot tell the two
 *    apart. The function-like macro below does, by the first token of its first argument:
 *    `double` in the definition (which becomes pre_pmat_computed) and `J` at its one call (which
 *    becomes pre_pmat_remembered). Should a new version of the library call it otherwise, the
 *    build fails on an undefined name rather than silently computing without the cache.
 * The values are kept per thread (like the library's own state), for compute workers.
 */
#include <math.h>
#include <string.h>

#define swi_ldp_peps swi_ldp_peps_computed
#define pre_pmat(first, second) PRE_PMAT_##first, second)
#define PRE_PMAT_double pre_pmat_computed(double
#define PRE_PMAT_J pre_pmat_remembered(J

static void pre_pmat_remembered(double tjd, double *rp);

#include "swephlib.c"

#undef swi_ldp_peps
#undef pre_pmat

static TLS double matrix_date = NAN;
static TLS double matrix[9];

static void pre_pmat_remembered(double tjd, double *rp) {
  if (tjd != matrix_date) {
    pre_pmat_computed(tjd, matrix);
    matrix_date = tjd;
  }
  memcpy(rp, matrix, sizeof matrix);
}

static TLS struct { double tjd, dpre, deps; } precession_terms[2] = { { NAN, 0, 0 }, { NAN, 0, 0 } };
static TLS int next_replaced;

void swi_ldp_peps(double tjd, double *dpre, double *deps) {
  int i = precession_terms[0].tjd == tjd ? 0 : precession_terms[1].tjd == tjd ? 1 : -1;
  if (i < 0) {
    i = next_replaced;
    next_replaced ^= 1;
    swi_ldp_peps_computed(tjd, &precession_terms[i].dpre, &precession_terms[i].deps);
    precession_terms[i].tjd = tjd;
  }
  if (dpre != NULL) *dpre = precession_terms[i].dpre;
  if (deps != NULL) *deps = precession_terms[i].deps;
}
