/**
 * The natal chart the interpretation engine reads: the fields it needs from the natal response
 * (`POST /api/v1/natal/calculate`), so that a parsed response, or the natal task's result, can be
 * handed to it as it is.
 */
export interface ChartPointInput {
  id: string;
  /** Ecliptic longitude, degrees. */
  abs_pos: number;
  /** Daily motion in longitude; negative when retrograde. */
  speed: number;
  house?: number | undefined;
  /** Ecliptic latitude, degrees, and geocentric distance (the Moon's phase reads them when present). */
  latitude?: number | undefined;
  distance_au?: number | undefined;
}

export interface NatalChartInput {
  subject: {
    name: string;
    datetime: string;
    datetime_utc: string;
    location: { city: string | null; country: string | null; lat: number; lng: number; timezone: string };
    settings: { house_system: string; house_system_requested: string; zodiac_type: string; sidereal_ayanamsa: string | null; time_known: boolean };
  };
  planets: ChartPointInput[];
  houses?: { house: number; abs_pos: number }[] | undefined;
  /** `armc`: the sidereal angle (right ascension of the Midheaven), which the natal answer carries. */
  angles?: { asc: number; mc: number; armc?: number | undefined } | undefined;
  aspects: { p1: string; p2: string; type: string; orb: number; is_applying?: boolean }[];
  confidence: { houses: string; angles: string; overall: string; notes: string[] };
  warnings?: string[] | undefined;
}

/** Whether the chart has houses and angles (a known birth time). */
export function isTimed(chart: NatalChartInput): boolean {
  return chart.houses !== undefined && chart.angles !== undefined && chart.houses.length === 12;
}
