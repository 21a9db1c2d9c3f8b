/*
 * The text JavaScript gives a finite number (Number::toString, which JSON.stringify also uses):
 * the fewest significant digits that read back as the same double, the closest such digits to
 * the double when several qualify (ties to the even one), laid out as plain digits, a decimal
 * fraction or an exponent exactly as ECMAScript lays them out.
 */
#ifndef SHORTEST_DOUBLE_H
#define SHORTEST_DOUBLE_H

#include <stdint.h>

/* Longest text written: a sign, 17 digits, a point, "e-" and three exponent digits, or a
   fraction with up to five leading zeros after "0." (the point and the zeros never both). */
#define SHORTEST_DOUBLE_MAX 32

/*
 * Writes v's text into out (no terminator) and returns its length, or 0 when v is outside the
 * range computed here (subnormals, magnitudes below 2^-70, about 8.5e-22, integers from 2^53
 * up, infinities and NaN): the caller then asks the JavaScript engine, which is rare.
 */
int shortest_double(double v, char *out);

/*
 * Writes the text JavaScript gives n / 10^6 for an integer n with |n| < 10^15 (the number
 * Math.round(x * 1e6) / 1e6 for an x that n counts the millionths of): the integer part, then
 * the six decimals without their trailing zeros. The double nearest n / 10^6 reads back from
 * that decimal, and no shorter decimal is within half a unit of it, so it is the shortest text.
 * Returns the length (at most SHORTEST_DOUBLE_MAX).
 */
int fixed_millionths(int64_t n, char *out);

#endif
