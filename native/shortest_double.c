/*
 * Shortest round-trip digits of a double, exactly, with 128-bit integer arithmetic.
 *
 * A double v = m * 2^e (m of 53 bits, e < 0 here) reads back from every decimal inside its
 * rounding interval: half a unit in the last place either side (a quarter below when m is a
 * power of two, where the next double down is closer), the ends included when m is even
 * (round-half-even reading). Scaled by 10^k so that v has 17 or 18 integer digits, v and both
 * ends are exact fractions over 2^s: (4m, 4m + 2, 4m - 2 or 4m - 1) * 10^k / 2^s. There is
 * always an integer inside the scaled interval (it is more than 1.1 wide); the shortest text is
 * the one with the most trailing zeros, found by dividing the interval's integer bounds by ten
 * while a multiple still fits. Among the multiples that fit, the one nearest to v is taken.
 *
 * Valid for 1e-4 <= |v| < 2^53 with a fraction (integers below 2^53 are printed directly): there
 * 4m * 10^k stays below 2^128 (k <= 21) and s below 128.
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

static u128 pow10_128(int k) {
  return k < 20 ? (u128)POW10[k] : (u128)POW10[19] * POW10[k - 19];
}

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

/*
 * Lays out the digits (count of them, no trailing zero) of a value 0.digits * 10^point as
 * Number::toString does: plain up to 21 integer digits, else an exponent. Fractions below 1
 * ("0.000ddd", down to six zeros) are written by shortest_double itself, in place.
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
  if (!(v >= 1e-4 && v < 9007199254740992.0)) return 0; /* also NaN */

  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  int biased = (int)(bits >> 52);
  uint64_t fraction = bits & ((1ULL << 52) - 1);
  uint64_t m = fraction | (1ULL << 52);
  int e = biased - 1075; /* v = m * 2^e; e < 0 below 2^52, where the fractions are */
  /* An integer (below 2^53 here) when the bits below its units are zero: printed directly. */
  if (e >= -52 && (m & ((1ULL << -e) - 1)) == 0) return len + write_digits(m >> -e, out + len);
  int s = 2 - e;         /* the scaled values below are numerators over 2^s */

  /* floor(log10 v) is estimate or estimate + 1, since 2^(e+52) <= v < 2^(e+53). */
  int estimate = (int)((e + 52) * 0.30102999566398114 + (e + 52 < 0 ? -1 : 0));
  int k = 16 - estimate; /* v * 10^k in [1e16, 1e18) */
  u128 p = pow10_128(k);
  int inclusive = (m & 1) == 0;
  uint64_t lower_gap = (fraction == 0 && biased > 1) ? 1 : 2;

  u128 mask = ((u128)1 << s) - 1;
  u128 vn = (u128)(4 * m) * p;
  u128 hn = vn + 2 * p;
  u128 ln = vn - lower_gap * p;

  uint64_t v_int = (uint64_t)(vn >> s);
  u128 v_rem = vn & mask;
  uint64_t high = (uint64_t)(hn >> s); /* largest integer <= the upper end */
  uint64_t low = (uint64_t)(ln >> s) + ((ln & mask) != 0); /* smallest integer >= the lower end */
  if (!inclusive) {
    if ((hn & mask) == 0) high -= 1;
    if ((ln & mask) == 0) low += 1;
  }

  /*
   * Drop digits while a multiple of the next power of ten still lies in [low, high]. A double
   * with a full fraction (most of an answer's) drops two at most: those two steps are taken
   * without a branch, whose outcome no predictor could guess; the rest in a loop.
   */
  int dropped = 0;
  for (int step = 0; step < 2; step++) {
    uint64_t next_high = high / 10, next_low = (low + 9) / 10;
    int fits = next_high >= next_low && dropped == step;
    high = fits ? next_high : high;
    low = fits ? next_low : low;
    dropped += fits;
  }
  if (dropped == 2) {
    for (;;) {
      uint64_t next_high = high / 10;
      uint64_t next_low = (low + 9) / 10;
      if (next_high < next_low) break;
      high = next_high;
      low = next_low;
      dropped++;
    }
  }

  uint64_t chosen = low;
  if (low != high) {
    /* The integer nearest to v / 10^dropped, ties to even, kept within [low, high]. */
    uint64_t q = dropped == 0 ? v_int : dropped == 1 ? v_int / 10 : v_int / 100; /* by constants: no division instruction */
    for (int i = 2; i < dropped; i++) q /= 10;
    uint64_t r = v_int - q * POW10[dropped];
    int up;
    if (dropped == 0) {
      u128 half = (u128)1 << (s - 1);
      up = v_rem > half || (v_rem == half && (q & 1));
    } else {
      uint64_t half = 5 * POW10[dropped - 1];
      up = r > half || (r == half && (v_rem != 0 || (q & 1)));
    }
    chosen = q + (uint64_t)up;
    if (chosen < low) chosen = low;
    if (chosen > high) chosen = high;
  }

  /* chosen * 10^(dropped - k) = 0.digits * 10^(count + dropped - k) */
  int count = digit_count(chosen);
  int point = count + dropped - k;
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
