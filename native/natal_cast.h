/*
 * The natal chart cast in C (native/natal_cast.c), as the lean binding (native/swe_calc.c) offers
 * it to JavaScript. The numbers go in and out through one Float64Array registered once (its
 * places below, mirrored in src/features/natal/native-cast.ts), the points through one Int32Array.
 */
#ifndef NATAL_CAST_H
#define NATAL_CAST_H
#include <stddef.h>
#include <stdint.h>

#define NATAL_MAX_POINTS 40
#define NATAL_MAX_ASPECT_TYPES 16
#define NATAL_MAX_ASPECTS ((NATAL_MAX_POINTS + 2) * (NATAL_MAX_POINTS + 1) / 2)

/* Places in the numbers' array: what JavaScript sets before a cast ... */
#define NATAL_IN_JD_UT 0
#define NATAL_IN_JD_TT 1
#define NATAL_IN_EPHEMERIS 2
#define NATAL_IN_LAT 3
#define NATAL_IN_LNG 4
#define NATAL_IN_HOUSE_SYSTEM 5 /* the letter's code, 0 without houses */
#define NATAL_IN_ROUND_FACTOR 6 /* 10^precision, 0 for numbers as they are */
#define NATAL_IN_POINT_COUNT 7
#define NATAL_IN_ASPECT_TYPE_COUNT 8
#define NATAL_IN_VARIANT 9 /* the fragment after a node: ,"variant":"mean" */
/* ... what the cast answers ... */
#define NATAL_OUT_HOUSES_FELL_BACK 10
#define NATAL_OUT_HOUSES_IN_ORDER 11
#define NATAL_OUT_MOSHIER 12
#define NATAL_OUT_ASPECT_COUNT 13
#define NATAL_OUT_NUMBER_COUNT 16 /* the tape's numbers after natalWrite */
/* ... and the lists: active aspect types (type index, orb), then each point's stationary speed (NaN: none). */
#define NATAL_IN_ASPECT_TYPES 20
#define NATAL_IN_STATIONARY (NATAL_IN_ASPECT_TYPES + 2 * NATAL_MAX_ASPECT_TYPES)
#define NATAL_IO_SIZE (NATAL_IN_STATIONARY + NATAL_MAX_POINTS)

/*
 * A point's row in the points' array: what it is (a NATAL_POINT_* kind), its library body number
 * (a body's, or the node's for the south node), head fragment, quoted id fragment, whether the
 * node variant follows it, axis group, whether it is an angle (never retrograde), and whether it
 * takes part in aspects (the angles do not: the Ascendant and the Midheaven are added from the
 * houses).
 */
#define NATAL_POINT_ROW 8
#define NATAL_POINT_BODY 0
#define NATAL_POINT_SOUTH_NODE 1
#define NATAL_POINT_ASC 2
#define NATAL_POINT_DC 3
#define NATAL_POINT_MC 4
#define NATAL_POINT_IC 5
#define NATAL_POINT_VERTEX 6
#define NATAL_POINT_PART_OF_FORTUNE 7

#define NATAL_CAST_DONE 1
#define NATAL_CAST_DECLINED 0 /* this chart is left to the JavaScript path */

struct NatalCast;
size_t natal_cast_size(void);
/* Whether the cast is offered: a layout set, and V8's Math.sin, Math.cos and Math.asin found and agreeing with JavaScript's. */
int natal_cast_available(const struct NatalCast *cast);
/*
 * slots: the layout's fragment ids, then the axis groups of the Ascendant and the Midheaven;
 * types: (typed fragment, quoted fragment, angle, major) per aspect type; math_probe: rows of
 * (x, Math.sin(x), Math.cos(x), y, Math.asin(y)) as JavaScript computed them.
 */
int natal_cast_set_layout(struct NatalCast *cast, const int32_t *slots, size_t slot_count, const double *types, size_t type_count, const double *math_probe, size_t probe_rows);
int natal_cast_run(struct NatalCast *cast, const double *io, const int32_t *point_rows, double *out);
/* The body's steps appended to the tape; 0 when they do not fit. */
int natal_cast_write(const struct NatalCast *cast, uint32_t *steps, size_t *step_count, size_t step_capacity, double *numbers, size_t *number_count, size_t number_capacity);
#endif
