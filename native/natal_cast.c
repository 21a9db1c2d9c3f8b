/*
 * The natal chart of a plain natal answer, cast and put on the answer's JSON tape in C.
 *
 * Why it exists: in JavaScript the chart around the library's calls (positions as objects,
 * declinations, house placements, aspects as objects, sorted) and the tape steps of its body
 * (planets, houses, angles, aspects and their summary) cost about as much as the library
 * itself. Here the same numbers are computed where the library answers, and the body's steps
 * are written straight into the tape's arrays: the same bytes, without a JavaScript object.
 *
 * What stays in JavaScript (src/features/natal/native-cast.ts): which requests come here (a
 * tropical chart, without the blocks that read the chart's objects), the
 * moment, every text (fragments registered by JavaScript, passed here by id: nothing here knows
 * a key's spelling), the subject, warnings and provenance. The rules of every number follow
 * src/astro/chart.ts, house-placement.ts, zodiac.ts and aspects.ts operation by operation, so
 * that the doubles are bit for bit the same (test/unit/natal-native-cast.test.ts compares the
 * answers of both paths on thousands of random births with every option this path takes):
 * - +, -, *, / and fmod are IEEE operations in both languages, done here in the same order;
 *   the build keeps the compiler from fusing a multiplication and an addition (-ffp-contract=off);
 * - Math.sin, Math.cos and Math.asin are V8's own functions (the fdlibm port in v8::base::ieee754),
 *   whose last bit differs from the C library's for a few inputs in a hundred. Node exports them,
 *   so they are called here by name; where they cannot be found, or do not give what Math gave
 *   JavaScript on a probe of a thousand arguments, this path is not offered.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "swephexp.h"
#include "natal_cast.h"

/* No multiplication fused with an addition: -ffp-contract=off in binding.gyp, and this for clang. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

typedef double (*UnaryMath)(double);

/*
 * V8's Math.sin, Math.cos and Math.asin when they are found and give what JavaScript's Math gave
 * for the probe: rows of (x, Math.sin(x), Math.cos(x), y, Math.asin(y)). The names alone do not
 * prove it: a V8 that computes Math.sin with another function (newer ones can use one derived
 * from the C library's) still exports these, and would then disagree with JavaScript in the last
 * bit now and then.
 */
typedef struct {
  UnaryMath sin, cos, asin;
} JsMath;

static int js_math(const double *probe, size_t rows, JsMath *math) {
  math->sin = (UnaryMath)dlsym(RTLD_DEFAULT, "_ZN2v84base7ieee7543sinEd");
  math->cos = (UnaryMath)dlsym(RTLD_DEFAULT, "_ZN2v84base7ieee7543cosEd");
  math->asin = (UnaryMath)dlsym(RTLD_DEFAULT, "_ZN2v84base7ieee7544asinEd");
  if (!math->sin || !math->cos || !math->asin) return 0;
  for (size_t i = 0; i < rows; i++) {
    const double *row = probe + 5 * i;
    double sin_x = math->sin(row[0]), cos_x = math->cos(row[0]), asin_y = math->asin(row[3]);
    if (memcmp(&sin_x, &row[1], sizeof sin_x) || memcmp(&cos_x, &row[2], sizeof cos_x) || memcmp(&asin_y, &row[4], sizeof asin_y)) return 0;
  }
  return 1;
}

/* normalizeDegrees (zodiac.ts). */
static double normalize_degrees(double deg) {
  if (deg >= 0 && deg < 360) return deg;
  if (deg < 0 && deg > -360) {
    double r = deg + 360;
    return r == 360 ? 0 : r;
  }
  double r = fmod(deg, 360);
  return r < 0 ? fmod(r + 360, 360) : r;
}

/* signIndexOf (zodiac.ts), for finite longitudes. */
static int sign_index(double lon) {
  double index = floor(normalize_degrees(lon) / 30);
  return index < 11 ? (int)index : 11;
}

/* degreeInSign (zodiac.ts). */
static double degree_in_sign(double lon) {
  return normalize_degrees(lon) - sign_index(lon) * 30;
}

/* Math.sign. */
static double js_sign(double x) {
  return x > 0 ? 1 : x < 0 ? -1 : x;
}

/*
 * declinationOf (chart.ts), with the sine and cosine of the obliquity computed once per chart
 * (declinationOf computes them for every point: the same numbers).
 */
static double declination_of(const JsMath *math, double lon, double lat, double sin_obliquity, double cos_obliquity) {
  const double rad = M_PI / 180;
  double s = math->sin(lat * rad) * cos_obliquity + math->cos(lat * rad) * sin_obliquity * math->sin(lon * rad);
  s = s > 1 ? 1 : s;   /* Math.min(1, s), NaN kept */
  s = s < -1 ? -1 : s; /* Math.max(-1, s) */
  return math->asin(s) / rad;
}

/* houseOf (house-placement.ts). */
static int house_of(double lon, const double *cusps, int forward) {
  for (int i = 0; i < 12; i++) {
    double start = cusps[i], end = cusps[(i + 1) % 12];
    double arc = forward ? normalize_degrees(end - start) : normalize_degrees(start - end);
    double offset = forward ? normalize_degrees(lon - start) : normalize_degrees(start - lon);
    if (offset < arc) return i + 1;
  }
  return 1;
}

/* The fragment ids of the layout (the slots that register() in native-cast.ts lists, in this order). */
enum {
  L_PLANETS, L_HOUSES, L_ANGLES, L_ANGLES_DETAILS, L_ASPECTS,
  L_EMPTY_LIST, L_LIST_OPEN, L_COMMA, L_CLOSE, L_CLOSE_LIST,
  L_POS, L_ABS_POS, L_SPEED_DIRECT, L_SPEED_RETROGRADE, L_LATITUDE_MOVING, L_LATITUDE_STATIONARY,
  L_DISTANCE, L_DECLINATION, L_HOUSE,
  L_ANGLE_ASC, L_ANGLE_MC, L_ANGLE_IC, L_ANGLE_DC, L_ANGLE_VERTEX, L_ANGLE_ARMC,
  L_DETAIL_KEYS, /* 5: asc, mc, ic, dc, vertex */
  L_HOUSE_HEADS = L_DETAIL_KEYS + 5, /* 12 */
  L_SIGN_FIELDS = L_HOUSE_HEADS + 12, /* 12 */
  L_P1_FIRST = L_SIGN_FIELDS + 12, L_P1_LATER, L_P2, L_ORB,
  L_ASPECT_FLAGS, /* 8, by is_major * 4 + is_applying * 2 + out_of_sign */
  L_SUMMARY = L_ASPECT_FLAGS + 8, L_MAJOR, L_MINOR, L_BY_TYPE, L_COLON, L_CLOSE_TWO,
  L_ASC_ID, L_MC_ID,
  LAYOUT_SLOTS
};

#define NUMBER_STEP 0x40000000u

typedef struct {
  double lon, lat, dist, speed, declination;
  int house;
  int body; /* the library's body number of a body, -1 for a point derived from others */
  /* From the request's point list: fragments of its head and its quoted id, and what the writer and the aspects ask of it. */
  uint32_t head, quoted;
  int is_node, group, is_angle, in_aspects;
  double stationary_below;
} Point;

typedef struct {
  uint32_t p1, p2; /* quoted ids */
  int type;        /* index in the layout's aspect types */
  double angle, orb;
  int flags;       /* is_major * 4 + is_applying * 2 + out_of_sign */
} Aspect;

typedef struct {
  uint32_t typed;  /* ,"type":"trine","deg":120,"angle": */
  uint32_t quoted; /* "trine" */
  double angle;
  int major;
  /* angle / 30 for the whole multiples of 30° (whose sign distance out_of_sign compares), else -1. */
  int sign_steps;
} AspectType;

/*
 * The active types of a search with their orbs and, by whole degree of distance (0 to 180), the
 * ones a distance in that degree could be within orb of, as bits of the active list
 * (findAspectsWithin's byDegree): most pairs of a chart form no aspect and cost no comparison.
 * Made again when a cast's types or orbs differ from the last.
 */
typedef struct {
  int count;
  int types[NATAL_MAX_ASPECT_TYPES];
  double angles[NATAL_MAX_ASPECT_TYPES], orbs[NATAL_MAX_ASPECT_TYPES];
  uint32_t by_degree[181];
} AspectSearch;

struct NatalCast {
  uint32_t layout[LAYOUT_SLOTS];
  int asc_group, mc_group;
  AspectType types[NATAL_MAX_ASPECT_TYPES];
  int type_count;
  int has_layout;
  int math_agrees;
  JsMath math;
  AspectSearch search;

  /* The last chart cast on this thread. */
  Point points[NATAL_MAX_POINTS];
  int point_count;
  int has_houses;
  double cusps[12], asc, mc, armc, vertex, asc_speed, mc_speed, vertex_speed;
  int forward;
  Aspect aspects[NATAL_MAX_ASPECTS];
  int aspect_count;
  double round_factor; /* 0: numbers as they are */
  uint32_t variant;
};

size_t natal_cast_size(void) {
  return sizeof(struct NatalCast);
}

int natal_cast_available(const struct NatalCast *cast) {
  return cast->has_layout && cast->math_agrees;
}

int natal_cast_set_layout(struct NatalCast *cast, const int32_t *slots, size_t slot_count, const double *types, size_t type_count, const double *math_probe, size_t probe_rows) {
  if (slot_count != LAYOUT_SLOTS + 2 || type_count > NATAL_MAX_ASPECT_TYPES) return 0;
  cast->math_agrees = js_math(math_probe, probe_rows, &cast->math);
  for (int i = 0; i < LAYOUT_SLOTS; i++) cast->layout[i] = (uint32_t)slots[i];
  cast->asc_group = slots[LAYOUT_SLOTS];
  cast->mc_group = slots[LAYOUT_SLOTS + 1];
  for (size_t t = 0; t < type_count; t++) {
    cast->types[t].typed = (uint32_t)types[4 * t];
    cast->types[t].quoted = (uint32_t)types[4 * t + 1];
    cast->types[t].angle = types[4 * t + 2];
    cast->types[t].major = types[4 * t + 3] != 0;
    cast->types[t].sign_steps = fmod(cast->types[t].angle, 30) == 0 ? (int)(cast->types[t].angle / 30) : -1;
  }
  cast->search.count = -1; /* none made yet */
  cast->type_count = (int)type_count;
  cast->has_layout = 1;
  return 1;
}

/* The search for these types and orbs (the last one, or made again). */
static const AspectSearch *aspect_search(struct NatalCast *cast, const int *types, const double *orbs, int count) {
  AspectSearch *search = &cast->search;
  if (search->count == count && memcmp(search->types, types, count * sizeof *types) == 0 && memcmp(search->orbs, orbs, count * sizeof *orbs) == 0) return search;
  search->count = count;
  for (int i = 0; i < count; i++) {
    search->types[i] = types[i];
    search->orbs[i] = orbs[i];
    search->angles[i] = cast->types[types[i]].angle;
  }
  const double margin = 1e-9; /* degrees: far above the rounding of numbers below 360 */
  for (int degree = 0; degree <= 180; degree++) {
    uint32_t bits = 0;
    for (int i = 0; i < count; i++) {
      int reaches = !(search->angles[i] - orbs[i] > degree + 1 + margin || search->angles[i] + orbs[i] < degree - margin);
      if (reaches) bits |= 1u << i;
    }
    search->by_degree[degree] = bits;
  }
  return search;
}

/*
 * signedSeparation (aspects.ts) of two longitudes: normalizeDegrees of their difference, folded
 * into (-180, 180], with the same operations. For longitudes in [0, 360) (every point's) the
 * difference needs at most one turn added, and each step is chosen without a branch: which way
 * a pair falls is a coin toss, and a mispredicted branch per pair cost more than the arithmetic.
 */
static inline double signed_separation(double from, double to) {
  double d = to - from;
  double r;
  if (__builtin_expect(d > -360 && d < 360, 1)) {
    double turned = d + 360;
    turned = turned == 360 ? 0 : turned;
    r = d < 0 ? turned : d;
  } else {
    r = normalize_degrees(d); /* not a number, or a longitude outside a turn */
  }
  return r > 180 ? r - 360 : r;
}

/* A pair of points that the search by degree could find an aspect for, with its separation. */
typedef struct {
  const Point *a, *b;
  double separation;
  uint32_t candidates;
} Pair;

/* The candidates of a distance: the types whose orb a distance in its whole degree could be within. */
static inline uint32_t candidates_of(const AspectSearch *search, double distance) {
  /* A distance that is not a number is compared with every type, as in JavaScript. */
  return distance <= 180 ? search->by_degree[(int)distance] : (1u << search->count) - 1;
}

/* closestAspect (aspects.ts) of a pair with candidates: the first of the closest types within their orbs; 0 when there is none. */
static int closest_aspect(const struct NatalCast *cast, const AspectSearch *search, const Pair *pair, Aspect *out) {
  const Point *a = pair->a, *b = pair->b;
  double separation = pair->separation;
  double distance = fabs(separation);
  uint32_t candidates = pair->candidates;
  int chosen = -1;
  double orb = INFINITY;
  while (candidates) {
    int i = __builtin_ctz(candidates);
    candidates &= candidates - 1;
    double candidate = fabs(distance - search->angles[i]);
    if (candidate > search->orbs[i] || candidate >= orb) continue;
    chosen = search->types[i];
    orb = candidate;
  }
  if (chosen < 0) return 0;
  const AspectType *type = &cast->types[chosen];
  double distance_rate = js_sign(separation) * (b->speed - a->speed);
  double orb_rate = js_sign(distance - type->angle) * distance_rate;
  int sign_steps = abs(sign_index(a->lon) - sign_index(b->lon));
  int sign_distance = sign_steps < 12 - sign_steps ? sign_steps : 12 - sign_steps;
  int out_of_sign = type->sign_steps >= 0 && sign_distance != type->sign_steps;
  *out = (Aspect){ a->quoted, b->quoted, chosen, distance, orb, (type->major ? 4 : 0) + (orb_rate < 0 ? 2 : 0) + out_of_sign };
  return 1;
}

/* A body of the library with its declination (LibraryPositions.position in chart.ts); 0 when the library cannot give it. */
static int library_position(double jd_tt, int body, int32_t ephemeris, const JsMath *math, double sin_obliquity, double cos_obliquity, Point *p, int *moshier) {
  char error[AS_MAXCH];
  double x[6];
  int32_t flag = swe_calc(jd_tt, body, ephemeris | SEFLG_SPEED, x, error);
  if (flag < 0) return 0;
  *moshier |= (flag & SEFLG_MOSEPH) != 0;
  p->lon = x[0];
  p->lat = x[1];
  p->dist = x[2];
  p->speed = x[3];
  p->declination = declination_of(math, p->lon, p->lat, sin_obliquity, cos_obliquity);
  return 1;
}

/*
 * A body among the first `count` points of this chart, or from the library when it is not there
 * (LibraryPositions.position asks the library once per body: the part of fortune's Sun and Moon
 * are the chart's own).
 */
static int chart_body(const struct NatalCast *cast, int count, double jd_tt, int body, int32_t ephemeris, double sin_obliquity, double cos_obliquity, Point *p, int *moshier) {
  for (int i = 0; i < count; i++) {
    if (cast->points[i].body == body) {
      *p = cast->points[i];
      return 1;
    }
  }
  return library_position(jd_tt, body, ephemeris, &cast->math, sin_obliquity, cos_obliquity, p, moshier);
}

/* derivedPosition (chart.ts): a point on the ecliptic without distance. */
static void derived_position(const JsMath *math, double lon, double speed, double tropical_lon, double sin_obliquity, double cos_obliquity, Point *p) {
  p->lon = normalize_degrees(lon);
  p->lat = 0;
  p->dist = 0;
  p->speed = speed;
  p->declination = declination_of(math, tropical_lon, 0, sin_obliquity, cos_obliquity);
}

int natal_cast_run(struct NatalCast *cast, const double *io, const int32_t *point_rows, double *out) {
  if (!cast->has_layout || !cast->math_agrees) return NATAL_CAST_DECLINED;
  double jd_ut = io[NATAL_IN_JD_UT], jd_tt = io[NATAL_IN_JD_TT], lat = io[NATAL_IN_LAT], lng = io[NATAL_IN_LNG];
  int32_t ephemeris = (int32_t)io[NATAL_IN_EPHEMERIS];
  int house_letter = (int)io[NATAL_IN_HOUSE_SYSTEM];
  int point_count = (int)io[NATAL_IN_POINT_COUNT], active_count = (int)io[NATAL_IN_ASPECT_TYPE_COUNT];
  if (point_count < 0 || point_count > NATAL_MAX_POINTS || active_count < 0 || active_count > cast->type_count) return NATAL_CAST_DECLINED;
  cast->round_factor = io[NATAL_IN_ROUND_FACTOR];
  cast->variant = (uint32_t)io[NATAL_IN_VARIANT];
  char error[AS_MAXCH];
  double x[6];

  /* computeChartMoment's order: the obliquity, the houses, then the bodies. */
  if (swe_calc(jd_tt, SE_ECL_NUT, ephemeris, x, error) < 0) return NATAL_CAST_DECLINED;
  const double rad = M_PI / 180;
  double sin_obliquity = cast->math.sin(x[0] * rad), cos_obliquity = cast->math.cos(x[0] * rad);

  int fell_back = 0, in_order = 1;
  cast->has_houses = house_letter != 0;
  if (cast->has_houses) {
    double cusps[37], ascmc[10], cusp_speeds[37], ascmc_speeds[10];
    fell_back = swe_houses_ex2(jd_ut, ephemeris, lat, lng, house_letter, cusps, ascmc, cusp_speeds, ascmc_speeds, error) == ERR;
    for (int i = 0; i < 12; i++) cast->cusps[i] = cusps[i + 1];
    cast->asc = ascmc[SE_ASC];
    cast->mc = ascmc[SE_MC];
    cast->armc = ascmc[SE_ARMC];
    cast->vertex = ascmc[SE_VERTEX];
    cast->asc_speed = ascmc_speeds[SE_ASC];
    cast->mc_speed = ascmc_speeds[SE_MC];
    cast->vertex_speed = ascmc_speeds[SE_VERTEX];
    /* cuspOrder */
    double total = 0;
    for (int i = 0; i < 12; i++) total += normalize_degrees(cast->cusps[(i + 1) % 12] - cast->cusps[i]);
    cast->forward = fabs(total - 360) < 1e-6;
    in_order = cast->forward || fabs(total - 11 * 360) < 1e-6;
    if (!isfinite(cast->asc) || !isfinite(cast->mc) || !isfinite(cast->vertex) || !isfinite(cast->armc)) return NATAL_CAST_DECLINED;
    for (int i = 0; i < 12; i++) if (!isfinite(cast->cusps[i])) return NATAL_CAST_DECLINED;
  }

  int moshier = 0, count = 0;
  for (int i = 0; i < point_count; i++) {
    const int32_t *row = point_rows + NATAL_POINT_ROW * i;
    int kind = row[0];
    Point *p = &cast->points[count];
    p->lat = 0;
    p->dist = 0;
    p->body = kind == NATAL_POINT_BODY ? row[1] : -1;
    if (kind == NATAL_POINT_BODY || kind == NATAL_POINT_SOUTH_NODE) {
      /* A body the library cannot give (an asteroid outside its files) is left to the JavaScript path, which says so. */
      if (!library_position(jd_tt, row[1], ephemeris, &cast->math, sin_obliquity, cos_obliquity, p, &moshier)) return NATAL_CAST_DECLINED;
      if (kind == NATAL_POINT_SOUTH_NODE) {
        p->lon = normalize_degrees(p->lon + 180);
        p->lat = -p->lat;
        p->declination = -p->declination;
      }
    } else if (!cast->has_houses) {
      continue; /* the angles and the part of fortune need the birth time */
    } else if (kind == NATAL_POINT_PART_OF_FORTUNE) {
      /* partOfFortune (chart.ts): by day Asc + Moon - Sun, by night Asc + Sun - Moon. */
      Point sun, moon;
      if (!chart_body(cast, count, jd_tt, SE_SUN, ephemeris, sin_obliquity, cos_obliquity, &sun, &moshier)
          || !chart_body(cast, count, jd_tt, SE_MOON, ephemeris, sin_obliquity, cos_obliquity, &moon, &moshier)) return NATAL_CAST_DECLINED;
      int day = normalize_degrees(sun.lon - cast->asc) >= 180;
      double lon = day ? normalize_degrees(cast->asc + moon.lon - sun.lon) : normalize_degrees(cast->asc + sun.lon - moon.lon);
      double speed = day ? cast->asc_speed + moon.speed - sun.speed : cast->asc_speed + sun.speed - moon.speed;
      derived_position(&cast->math, lon, speed, lon, sin_obliquity, cos_obliquity, p);
    } else {
      /* derivedPoint (chart.ts): the angles, on the ecliptic; the declination from the longitude before it is normalised. */
      double lon, speed;
      switch (kind) {
        case NATAL_POINT_ASC: lon = cast->asc; speed = cast->asc_speed; break;
        case NATAL_POINT_DC: lon = cast->asc + 180; speed = cast->asc_speed; break;
        case NATAL_POINT_MC: lon = cast->mc; speed = cast->mc_speed; break;
        case NATAL_POINT_IC: lon = cast->mc + 180; speed = cast->mc_speed; break;
        case NATAL_POINT_VERTEX: lon = cast->vertex; speed = cast->vertex_speed; break;
        default: return NATAL_CAST_DECLINED;
      }
      derived_position(&cast->math, lon, speed, lon, sin_obliquity, cos_obliquity, p);
    }
    if (!isfinite(p->lon)) return NATAL_CAST_DECLINED;
    p->house = cast->has_houses ? house_of(p->lon, cast->cusps, cast->forward) : 0;
    p->head = (uint32_t)row[2];
    p->quoted = (uint32_t)row[3];
    p->is_node = row[4];
    p->group = row[5];
    p->is_angle = row[6];
    p->in_aspects = row[7];
    p->stationary_below = io[NATAL_IN_STATIONARY + i];
    count++;
  }
  cast->point_count = count;

  /* aspectPointsOf and findAspectsWithin, then sortByOrb. */
  const Point *aspect_points[NATAL_MAX_POINTS + 2];
  int aspect_point_count = 0;
  for (int i = 0; i < cast->point_count; i++) {
    if (cast->points[i].in_aspects) aspect_points[aspect_point_count++] = &cast->points[i];
  }
  Point angles[2];
  if (cast->has_houses) {
    angles[0] = (Point){ .lon = cast->asc, .speed = cast->asc_speed, .quoted = cast->layout[L_ASC_ID], .group = cast->asc_group };
    angles[1] = (Point){ .lon = cast->mc, .speed = cast->mc_speed, .quoted = cast->layout[L_MC_ID], .group = cast->mc_group };
    aspect_points[aspect_point_count++] = &angles[0];
    aspect_points[aspect_point_count++] = &angles[1];
  }
  int active[NATAL_MAX_ASPECT_TYPES];
  double orbs[NATAL_MAX_ASPECT_TYPES];
  for (int i = 0; i < active_count; i++) {
    active[i] = (int)io[NATAL_IN_ASPECT_TYPES + 2 * i];
    orbs[i] = io[NATAL_IN_ASPECT_TYPES + 2 * i + 1];
    if (active[i] < 0 || active[i] >= cast->type_count) return NATAL_CAST_DECLINED;
  }
  const AspectSearch *search = aspect_search(cast, active, orbs, active_count);
  /*
   * Two passes: every pair's separation and candidates, keeping (without a branch) the pairs
   * that have any, about a third; then the closest aspect of those. Pairs in order, as
   * findAspectsWithin takes them.
   */
  Pair pairs[NATAL_MAX_ASPECTS];
  int pair_count = 0;
  for (int i = 0; i < aspect_point_count; i++) {
    const Point *a = aspect_points[i];
    for (int j = i + 1; j < aspect_point_count; j++) {
      const Point *b = aspect_points[j];
      double separation = signed_separation(a->lon, b->lon);
      uint32_t candidates = candidates_of(search, fabs(separation));
      if (a->group != 0 && a->group == b->group) candidates = 0;
      pairs[pair_count] = (Pair){ a, b, separation, candidates };
      pair_count += candidates != 0;
    }
  }
  count = 0;
  for (int p = 0; p < pair_count; p++) {
    Aspect found;
    if (!closest_aspect(cast, search, &pairs[p], &found)) continue;
    /* Inserted after every aspect of an orb not greater: the order of sortByOrb's stable sort. */
    int k = count++;
    while (k > 0 && cast->aspects[k - 1].orb > found.orb) {
      cast->aspects[k] = cast->aspects[k - 1];
      k--;
    }
    cast->aspects[k] = found;
  }
  cast->aspect_count = count;

  out[NATAL_OUT_HOUSES_FELL_BACK] = fell_back;
  out[NATAL_OUT_HOUSES_IN_ORDER] = in_order;
  out[NATAL_OUT_MOSHIER] = moshier;
  out[NATAL_OUT_ASPECT_COUNT] = count;
  return NATAL_CAST_DONE;
}

/* The steps of the chart's body, the JavaScript writers' order (chart-tape.ts, answer-writer.ts). */
typedef struct {
  uint32_t *steps;
  size_t step_count, step_capacity;
  double *numbers;
  size_t number_count, number_capacity;
  const struct NatalCast *cast;
  int overflow;
} Tape;

static void fragment(Tape *t, int slot) {
  if (t->step_count == t->step_capacity) {
    t->overflow = 1;
    return;
  }
  t->steps[t->step_count++] = t->cast->layout[slot];
}

static void fragment_id(Tape *t, uint32_t id) {
  if (t->step_count == t->step_capacity) {
    t->overflow = 1;
    return;
  }
  t->steps[t->step_count++] = id;
}

/* A number as it is (num). */
static void number(Tape *t, double v) {
  if (t->step_count == t->step_capacity || t->number_count == t->number_capacity) {
    t->overflow = 1;
    return;
  }
  t->steps[t->step_count++] = NUMBER_STEP;
  t->numbers[t->number_count++] = v;
}

/* Math.round. */
static double js_round(double x) {
  double r = ceil(x);
  return r - 0.5 > x ? r - 1.0 : r;
}

/* A number of the chart's body (bodyNumber): rounded as roundNumbers rounds it when the request asks for a precision. */
static void body_number(Tape *t, double v) {
  double factor = t->cast->round_factor;
  int integer = isfinite(v) && floor(v) == v; /* Number.isInteger */
  number(t, factor == 0 || integer ? v : js_round(v * factor) / factor);
}

/* placement (chart-tape.ts): sign, degree in sign, longitude. */
static void placement(Tape *t, double lon) {
  fragment(t, L_SIGN_FIELDS + sign_index(lon));
  fragment(t, L_POS);
  body_number(t, degree_in_sign(lon));
  fragment(t, L_ABS_POS);
  body_number(t, lon);
}

static void write_planet(Tape *t, const Point *p) {
  fragment_id(t, p->head);
  placement(t, p->lon);
  fragment(t, p->speed < 0 && !p->is_angle ? L_SPEED_RETROGRADE : L_SPEED_DIRECT);
  body_number(t, p->speed);
  fragment(t, fabs(p->speed) < p->stationary_below ? L_LATITUDE_STATIONARY : L_LATITUDE_MOVING);
  body_number(t, p->lat);
  fragment(t, L_DISTANCE);
  body_number(t, p->dist);
  fragment(t, L_DECLINATION);
  body_number(t, p->declination);
  if (p->house) {
    fragment(t, L_HOUSE);
    number(t, p->house);
  }
  if (p->is_node) fragment_id(t, t->cast->variant);
  fragment(t, L_CLOSE);
}

static void write_houses_and_angles(Tape *t) {
  const struct NatalCast *c = t->cast;
  fragment(t, L_HOUSES);
  for (int i = 0; i < 12; i++) {
    fragment(t, L_HOUSE_HEADS + i);
    placement(t, c->cusps[i]);
    fragment(t, L_CLOSE);
  }
  fragment(t, L_CLOSE_LIST);

  double ic = normalize_degrees(c->mc + 180), dc = normalize_degrees(c->asc + 180);
  /* In the order of the angles' slots: asc, mc, ic, dc, vertex, armc. */
  const double angles[6] = { c->asc, c->mc, ic, dc, c->vertex, c->armc };
  fragment(t, L_ANGLES);
  for (int i = 0; i < 6; i++) {
    fragment(t, L_ANGLE_ASC + i);
    body_number(t, angles[i]);
  }
  fragment(t, L_CLOSE);

  fragment(t, L_ANGLES_DETAILS);
  for (int i = 0; i < 5; i++) { /* the details: every angle but the armc */
    fragment(t, L_DETAIL_KEYS + i);
    placement(t, angles[i]);
    fragment(t, L_HOUSE);
    number(t, house_of(angles[i], c->cusps, c->forward));
    fragment(t, L_CLOSE);
  }
  fragment(t, L_CLOSE);
}

static void write_aspects_and_summary(Tape *t) {
  const struct NatalCast *c = t->cast;
  int seen[NATAL_MAX_ASPECT_TYPES], counts[NATAL_MAX_ASPECT_TYPES];
  int seen_count = 0, major = 0;
  fragment(t, L_ASPECTS);
  for (int i = 0; i < c->aspect_count; i++) {
    const Aspect *a = &c->aspects[i];
    fragment(t, i == 0 ? L_P1_FIRST : L_P1_LATER);
    fragment_id(t, a->p1);
    fragment(t, L_P2);
    fragment_id(t, a->p2);
    fragment_id(t, c->types[a->type].typed);
    body_number(t, a->angle);
    fragment(t, L_ORB);
    body_number(t, a->orb);
    fragment(t, L_ASPECT_FLAGS + a->flags);
    /* AspectCounts: the types in the order they first appear. */
    if (a->flags & 4) major++;
    int k = 0;
    while (k < seen_count && seen[k] != a->type) k++;
    if (k == seen_count) {
      seen[seen_count] = a->type;
      counts[seen_count++] = 0;
    }
    counts[k]++;
  }
  fragment(t, L_CLOSE_LIST);

  fragment(t, L_SUMMARY);
  number(t, c->aspect_count);
  fragment(t, L_MAJOR);
  number(t, major);
  fragment(t, L_MINOR);
  number(t, c->aspect_count - major);
  fragment(t, L_BY_TYPE);
  for (int k = 0; k < seen_count; k++) {
    if (k > 0) fragment(t, L_COMMA);
    fragment_id(t, c->types[seen[k]].quoted);
    fragment(t, L_COLON);
    number(t, counts[k]);
  }
  fragment(t, L_CLOSE_TWO);
}

int natal_cast_write(const struct NatalCast *cast, uint32_t *steps, size_t *step_count, size_t step_capacity, double *numbers, size_t *number_count, size_t number_capacity) {
  Tape t = { steps, *step_count, step_capacity, numbers, *number_count, number_capacity, cast, 0 };
  fragment(&t, L_PLANETS);
  if (cast->point_count == 0) {
    fragment(&t, L_EMPTY_LIST);
  } else {
    fragment(&t, L_LIST_OPEN);
    for (int i = 0; i < cast->point_count; i++) {
      if (i > 0) fragment(&t, L_COMMA);
      write_planet(&t, &cast->points[i]);
    }
    fragment(&t, L_CLOSE_LIST);
  }
  if (cast->has_houses) write_houses_and_angles(&t);
  write_aspects_and_summary(&t);
  if (t.overflow) return 0;
  *step_count = t.step_count;
  *number_count = t.number_count;
  return 1;
}
