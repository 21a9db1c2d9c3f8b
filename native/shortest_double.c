/*
 * Shortest round-trip digits of a double, exactly: the Schubfach method (Raffaello Giulietti,
 * "The Schubfach way to render doubles", 2020), written here for the doubles an answer holds.
 *
 * A double v = c * 2^q (c of 53 bits) reads back from every decimal inside its rounding
 * interval: half a unit in the last place either side (a quarter below when c is a power of two,
 * where the next double down is closer), the ends included when c is even (round-half-even
 * reading). With k = floor(log10 2^q) (of 3/4 * 2^q for a power of two), v * 10^-k has 16 or 17
 * integer digits and the interval, scaled alike, is less than 10 units wide. So at most one
 * multiple of ten lies in it, and when one does, it is the shortest text (after its trailing
 * zeros go); else one of the two integers around v is, the nearer one when both are inside
 * (ties to even). v and both ends are scaled by one 64 x 128-bit product each with g, a
 * 126-bit approximation of 10^-k from above; the paper proves that rounding "to odd" keeps every
 * comparison above exact.
 *
 * Here k <= 0 always (v < 2^53, where every larger double is an integer printed as one), so
 * 10^-k is an integer and g is exact but for the paper's +1: the table is made at load from
 * 128-bit powers of ten, up to 10^37, which covers every v from 2^-70 (about 8.5e-22). Below
 * that and from 2^53 up the caller asks the JavaScript engine, which is rare in an answer.
 */
#include <stdint.h>
#include <string.h>
#include "shortest_double.h"

typedef unsigned __int128 u128;

static const uint64_t POW10[20] = {
  1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
  1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
  100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
  1000000000000000000ULL, 10000000000000000000ULL,
};
static const char TWO_DIGITS[201] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

/* How many decimal digits n > 0 has: from its bit length (1233 / 4096 ~ log10 2), then one comparison. */
static int digit_count(uint64_t n) {
  int t = ((64 - __builtin_clzll(n)) * 1233) >> 12;
  return t - (n < POW10[t]) + 1;
}

/* The last `count` digits of n < 10^count into end - count .. end, two at a time, in 32 bits. */
static void write_low(uint32_t n, char *end, int count) {
  while (count >= 2) {
    uint32_t pair = n % 100;
    n /= 100;
    end -= 2;
    memcpy(end, TWO_DIGITS + 2 * pair, 2);
    count -= 2;
  }
  if (count) end[-1] = (char)('0' + n);
}

/* Exactly 8 digits of n < 10^8 at out: two halves of four, each two pairs, so that the divisions
 * (by constants: multiplications) run side by side rather than one after another. */
static void write_eight(uint32_t n, char *out) {
  uint32_t high = n / 10000, low = n - high * 10000;
  uint32_t h1 = high / 100, h2 = high - h1 * 100, l1 = low / 100, l2 = low - l1 * 100;
  memcpy(out, TWO_DIGITS + 2 * h1, 2);
  memcpy(out + 2, TWO_DIGITS + 2 * h2, 2);
  memcpy(out + 4, TWO_DIGITS + 2 * l1, 2);
  memcpy(out + 6, TWO_DIGITS + 2 * l2, 2);
}

/* Decimal digits of n (n > 0) into out; returns how many. The last eight and the eight before them
 * in fixed blocks, what leads them two at a time. */
static int write_digits(uint64_t n, char *out) {
  int len = digit_count(n);
  if (len <= 8) {
    write_low((uint32_t)n, out + len, len);
  } else if (len <= 16) {
    uint64_t top = n / 100000000;
    write_low((uint32_t)top, out + len - 8, len - 8);
    write_eight((uint32_t)(n - top * 100000000), out + len - 8);
  } else {
    uint64_t top = n / 10000000000000000ULL;
    uint64_t rest = n - top * 10000000000000000ULL;
    uint64_t middle = rest / 100000000;
    write_low((uint32_t)top, out + len - 16, len - 16);
    write_eight((uint32_t)middle, out + len - 16);
    write_eight((uint32_t)(rest - middle * 100000000), out + len - 8);
  }
  return len;
}

int fixed_millionths(int64_t n, char *out) {
  int len = 0;
  if (n < 0) {
    out[len++] = '-';
    n = -n;
  }
  uint64_t whole = (uint64_t)n / 1000000, fraction = (uint64_t)n % 1000000;
  if (whole == 0) out[len++] = '0';
  else len += write_digits(whole, out + len);
  if (fraction != 0) {
    out[len++] = '.';
    int decimals = 6;
    while (fraction % 10 == 0) {
      fraction /= 10;
      decimals--;
    }
    write_low((uint32_t)fraction, out + len + decimals, decimals);
    len += decimals;
  }
  return len;
}

/*
 * Lays out the digits (count of them, no trailing zero) of a value 0.digits * 10^point as
 * Number::toString does: plain up to 21 integer digits, else an exponent. Fractions below 1
 * ("0.000ddd", down to five zeros) are written by shortest_double itself, in place.
 */
static int layout(const char *digits, int count, int point, char *out) {
  int len = 0;
  if (count <= point && point <= 21) {
    memcpy(out, digits, count);
    len = count;
    while (len < point) out[len++] = '0';
  } else if (0 < point && point <= 21) {
    memcpy(out, digits, point);
    out[point] = '.';
    memcpy(out + point + 1, digits + point, count - point);
    len = count + 1;
  } else {
    out[len++] = digits[0];
    if (count > 1) {
      out[len++] = '.';
      memcpy(out + len, digits + 1, count - 1);
      len += count - 1;
    }
    int exponent = point - 1;
    out[len++] = 'e';
    out[len++] = exponent < 0 ? '-' : '+';
    char tmp[4];
    int n = write_digits((uint64_t)(exponent < 0 ? -exponent : exponent), tmp);
    memcpy(out + len, tmp, n);
    len += n;
  }
  return len;
}

#define LOW_63 ((1ULL << 63) - 1)
#define MAX_POWER 37 /* 10^37 << 3 still fits the 126 bits of g */
#define MIN_EXPONENT (-122) /* the smallest q whose k is at least -MAX_POWER */

/* floor(q log10 2), floor(log10(3/4 * 2^q)) and floor(e log2 10), in fixed point (exact over the
 * ranges used here; the paper gives the constants and their ranges). */
static int floor_log10_pow2(int q) { return (int)(((int64_t)q * 661971961083LL) >> 41); }
static int floor_log10_three_quarters_pow2(int q) { return (int)(((int64_t)q * 661971961083LL - 274743187321LL) >> 41); }
static int floor_log2_pow10(int e) { return (int)(((int64_t)e * 913124641741LL) >> 38); }

/* g for 10^n, n = -k: 10^n * 2^(125 - floor(log2 10^n)) + 1, in [2^125, 2^126), split at bit 63. */
static uint64_t G_HIGH[MAX_POWER + 1], G_LOW[MAX_POWER + 1];

__attribute__((constructor)) static void fill_powers(void) {
  u128 power = 1;
  for (int n = 0; n <= MAX_POWER; n++, power *= 10) {
    u128 g = (power << (125 - floor_log2_pow10(n))) + 1;
    G_HIGH[n] = (uint64_t)(g >> 63);
    G_LOW[n] = (uint64_t)g & LOW_63;
  }
}

/* The top 64 bits of g * cp (a 190-bit product), rounded to odd: its lowest bit is set when any
 * bit below it was. */
static inline uint64_t round_to_odd(uint64_t g_high, uint64_t g_low, uint64_t cp) {
  uint64_t x1 = (uint64_t)(((u128)g_low * cp) >> 64);
  u128 y = (u128)g_high * cp;
  uint64_t z = ((uint64_t)y >> 1) + x1;
  uint64_t top = (uint64_t)(y >> 64) + (z >> 63);
  return top | (((z & LOW_63) + LOW_63) >> 63);
}

int shortest_double(double v, char *out) {
  if (v == 0) {
    out[0] = '0'; /* -0 too, as JavaScript writes it */
    return 1;
  }
  int len = 0;
  if (v < 0) {
    out[len++] = '-';
    v = -v;
  }
  if (!(v < 9007199254740992.0)) return 0; /* also NaN */

  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  int biased = (int)(bits >> 52);
  uint64_t fraction = bits & ((1ULL << 52) - 1);
  uint64_t c = fraction | (1ULL << 52);
  int q = biased - 1075; /* v = c * 2^q; q <= 0 below 2^53 */
  /* An integer (below 2^53 here) when the bits below its units are zero: printed directly. */
  if (q >= -52 && (c & ((1ULL << -q) - 1)) == 0) return len + write_digits(c >> -q, out + len);
  if (q < MIN_EXPONENT) return 0; /* also subnormals */

  /* The scaled interval, in quarter units: [cbl, cbr] around cb = 4c. */
  uint64_t cb = c << 2, cbr = cb + 2, cbl;
  int k;
  if (fraction != 0) {
    cbl = cb - 2;
    k = floor_log10_pow2(q);
  } else {
    cbl = cb - 1; /* a power of two: the double below is half as far */
    k = floor_log10_three_quarters_pow2(q);
  }
  int h = q + floor_log2_pow10(-k) + 2; /* 2..5 over this range: cb << h stays below 2^60 */
  uint64_t g_high = G_HIGH[-k], g_low = G_LOW[-k];
  uint64_t vb = round_to_odd(g_high, g_low, cb << h);
  uint64_t vbl = round_to_odd(g_high, g_low, cbl << h);
  uint64_t vbr = round_to_odd(g_high, g_low, cbr << h);
  uint64_t odd = c & 1; /* an odd c's interval leaves its ends out */

  /*
   * The candidates: the multiple of ten on either side of v (one digit shorter), then the two
   * integers around v. They are all compared without a branch: a double with a full fraction
   * (most of an answer's) takes the integers, and whether the lower, the upper or the nearer
   * of them wins is a coin toss no predictor could guess.
   */
  uint64_t s = vb >> 2, t = s + 1;
  uint64_t s10 = s / 10 * 10, t10 = s10 + 10;
  int s10_in = vbl + odd <= s10 << 2, t10_in = (t10 << 2) + odd <= vbr;
  int s_in = vbl + odd <= s << 2, t_in = (t << 2) + odd <= vbr;
  int64_t above_middle = (int64_t)(vb - ((s + t) << 1)); /* v against (s + t) / 2, in quarters */
  int s_nearer = above_middle < 0 || (above_middle == 0 && (s & 1) == 0);
  uint64_t integer = (s_in & ((!t_in) | s_nearer)) ? s : t;
  uint64_t chosen = s10_in != t10_in ? (s10_in ? s10 : t10) : integer;
  int dropped = 0;
  if (s10_in != t10_in) {
    /* Only a multiple of ten ends in zeros: the integers never do (a zero-ending s or t is that
     * multiple, found outside the interval above). */
    while (chosen % 10 == 0) {
      chosen /= 10;
      dropped++;
    }
  }

  /* chosen * 10^(k + dropped) = 0.digits * 10^(count + k + dropped) */
  int count = digit_count(chosen);
  int point = count + k + dropped;
  if (0 < point && point < count) {
    /* The usual case (123.456): the digits one place to the right, then the integer part moved
     * back over the gap and the point put in it, with no call to memcpy. */
    char *text = out + len;
    if (point <= 8) {
      /* The fraction's digits (at most 16) moved one place right as a fixed block, the point put in the gap. */
      char fraction[16];
      write_digits(chosen, text);
      memcpy(fraction, text + point, 16);
      memcpy(text + point + 1, fraction, 16);
    } else {
      write_digits(chosen, text + 1);
      for (int i = 0; i < point; i++) text[i] = text[i + 1];
    }
    text[point] = '.';
    return len + count + 1;
  }
  if (-6 < point && point <= 0) {
    /* 0.000ddd: "0." and the zeros as one fixed block, then the digits where they belong. */
    char *text = out + len;
    memcpy(text, "0.000000", 8);
    write_digits(chosen, text + 2 - point);
    return len + 2 - point + count;
  }
  char digits[20];
  write_digits(chosen, digits);
  return len + layout(digits, count, point, out + len);
}
