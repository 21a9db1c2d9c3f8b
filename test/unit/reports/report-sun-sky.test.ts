/**
 * The sky a polar birth came under: the midnight sun and the polar night are named where the Sun
 * stayed above or below the horizon all day, and a Sun that the wheel draws on the other side of
 * its horizon line is said to stand where it stood. Checked against the Sun's rises and sets as the
 * ephemeris finds them (rise_trans, not the report's own sampling of the altitude), over polar
 * births of every season and the Utqiaġvik reader's chart.
 */
import { describe, expect, it } from 'vitest';
import { julianDayFromUtcMs } from '../../../src/astro/civil-time.ts';
import { nextRiseOrSet, trueAltitude } from '../../../src/astro/ephemeris.ts';
import { reportSky } from '../../../src/reports/sky/report-sky.ts';
import { composeReport } from '../../../src/reports/text/compose-report.ts';
import { natalChartFor, PLACES } from '../../helpers/natal-charts.ts';
import { seededRandom } from '../../helpers/seeded-random.ts';
import { randomReportCharts, untimedBirths } from '../../helpers/random-report-charts.ts';
import { SIGNS } from '../../../src/astro/zodiac.ts';

const AS_OF = '2026-11-25T00:00:00Z';
const UTQIAGVIK = { city: 'Utqiagvik', country: 'US', lat: 71.2906, lng: -156.7887, source: 'request' as const, zone: 'America/Anchorage' };
const NOTE =
  /You were born (under the midnight sun|in the polar night): at [\d.]+° (?:north|south) the Sun did not (?:set|rise) on the day of your birth, and at your birth it stood (?:(\d+)° (above|below) the horizon|on the horizon)/;

/** Whether the Sun rose or set at the place within half a day either side of the instant. */
function crossesHorizon(jd: number, lat: number, lng: number): boolean {
  return (['rise', 'set'] as const).some((kind) => {
    const t = nextRiseOrSet(jd - 0.5, 0, kind, lat, lng);
    return t !== undefined && t < jd + 0.5;
  });
}

describe('the Sun in the sky of a polar birth', () => {
  it('names the midnight sun at Utqiaġvik in June, with the Sun above the horizon the wheel draws it under', () => {
    const chart = natalChartFor({ name: 'Reader', year: 2001, month: 6, day: 24, hour: 3, minute: 15 }, UTQIAGVIK);
    const md = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
    expect(md).toMatch(
      /You were born under the midnight sun: at 71\.3° north the Sun did not set on the day of your birth, and at your birth it stood 5° above the horizon, though the wheel draws it below its horizon line/,
    );
  });

  it('says only what the rises and sets bear out, over polar births of every season', () => {
    const random = seededRandom(7107);
    let named = 0;
    for (let i = 0; i < 40; i++) {
      const place = i % 2 ? PLACES.tromso : { ...UTQIAGVIK, lat: 66.6 + random() * 12 };
      const birth = {
        name: 'Polar',
        year: 1950 + Math.floor(random() * 70),
        month: 1 + Math.floor(random() * 12),
        day: 1 + Math.floor(random() * 28),
        hour: Math.floor(random() * 24),
        minute: 0,
      };
      const chart = natalChartFor(birth, place);
      const md = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
      const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const { lat, lng } = chart.subject.location;
      const m = NOTE.exec(md);
      if (!m) {
        // No note: the Sun rose or set within the day, or only grazed the horizon (the polar day's and night's edges are
        // left unsaid): its lowest or highest point of the day, every five minutes, within a degree of the horizon.
        if (!crossesHorizon(jd, lat, lng)) {
          const heights = Array.from({ length: 289 }, (_, k) => trueAltitude(jd - 0.5 + k / 288, 0, lat, lng).altitude + 0.833);
          const grazing = Math.min(Math.abs(Math.min(...heights)), Math.abs(Math.max(...heights)));
          expect(grazing, `${chart.subject.datetime_utc} at ${lat}`).toBeLessThan(1);
        }
        continue;
      }
      named++;
      expect(crossesHorizon(jd, lat, lng), `${chart.subject.datetime_utc} at ${lat}: ${m[0]}`).toBe(false);
      const altitude = trueAltitude(jd, 0, lat, lng).altitude;
      if (m[2] === undefined) {
        expect(Math.abs(altitude), m[0]).toBeLessThan(0.5);
        continue;
      }
      expect(m[3] === 'above', m[0]).toBe(altitude > 0);
      expect(Math.abs(Math.abs(altitude) - Number(m[2]))).toBeLessThanOrEqual(0.5);
    }
    expect(named).toBeGreaterThan(5);
  });

  it('says nothing of the kind at middle latitudes', () => {
    const chart = natalChartFor({ name: 'Paris', year: 1990, month: 6, day: 21, hour: 23, minute: 0 }, PLACES.paris);
    expect(composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown).not.toMatch(
      /midnight sun|polar night|draws it (above|below) its horizon line/,
    );
  });
});

describe("the chart's sect", () => {
  const SECT =
    /(?:You were born by (day|night), the Sun (\d+)° (above|below) the horizon, which the tradition calls a (?:day|night) chart|That makes yours a (day|night) chart in the tradition's terms)[^]*?(Mars|Saturn), out of sect \(in (\w+)(?:, in your (\d+)\w\w house)?\)/;
  const POLAR_SECT = /(?:midnight sun|polar night)[^\n]*That makes yours a (day|night) chart in the tradition's terms/;

  it('is a day chart when the Sun has risen and not yet set, by the ephemeris rises and sets, over 60 timed births', () => {
    let read = 0;
    for (const chart of randomReportCharts(60, 7211)) {
      if (chart.subject.settings.time_known === false) continue;
      const jd = julianDayFromUtcMs(Date.parse(chart.subject.datetime_utc));
      const { lat, lng } = chart.subject.location;
      const set = nextRiseOrSet(jd, 0, 'set', lat, lng);
      const rise = nextRiseOrSet(jd, 0, 'rise', lat, lng);
      if (set === undefined || rise === undefined) continue;
      const md = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
      const m = SECT.exec(md);
      // Within twenty minutes of sunrise or sunset the Sun's disc and the refraction decide; the report says nothing there.
      const lastRise = nextRiseOrSet(jd - 1, 0, 'rise', lat, lng)!;
      const lastSet = nextRiseOrSet(jd - 1, 0, 'set', lat, lng)!;
      if ([set, rise, lastRise, lastSet].some((t) => Math.abs(t - jd) < 20 / 1440)) continue;
      expect(m, chart.subject.datetime_utc).not.toBeNull();
      read++;
      const up = set < rise;
      expect(m![1] ?? m![4], chart.subject.datetime_utc).toBe(up ? 'day' : 'night');
      if (m![3]) expect(m![3]).toBe(up ? 'above' : 'below');
      const contrary = chart.planets.find((p) => p.id === (up ? 'mars' : 'saturn'))!;
      expect(m![5]).toBe(up ? 'Mars' : 'Saturn');
      expect(SIGNS[Math.floor(contrary.abs_pos / 30)]!.name).toBe(m![6]);
      if (m![7]) expect(Number(m![7])).toBe(contrary.house);
    }
    expect(read).toBeGreaterThan(30);
  });

  it('follows the polar note without saying the altitude again, by the Sun above or below the horizon all day', () => {
    const random = seededRandom(7213);
    let said = 0;
    for (let i = 0; i < 12; i++) {
      const north = random() < 0.5;
      const winter = random() < 0.5;
      // Deep in the polar summer or winter of either hemisphere.
      const month = north !== winter ? 6 : 12;
      const place = {
        city: 'Polar',
        country: 'NO',
        lat: (north ? 1 : -1) * (72 + random() * 6),
        lng: random() * 360 - 180,
        source: 'request' as const,
        zone: 'UTC',
      };
      const chart = natalChartFor(
        { name: 'Polar', year: 1950 + Math.floor(random() * 60), month, day: 15 + Math.floor(random() * 10), hour: Math.floor(random() * 24), minute: 0 },
        place,
      );
      const md = composeReport(chart, { sky: reportSky({ chart, asOf: AS_OF }) }).markdown;
      const m = POLAR_SECT.exec(md);
      if (!m) continue;
      said++;
      expect(md).not.toMatch(/You were born by (day|night), the Sun/);
      expect(m[1]).toBe(md.includes('midnight sun') ? 'day' : 'night');
    }
    expect(said).toBeGreaterThan(4);
  });

  it('is not said without a birth time', () => {
    for (const chart of untimedBirths(10, 7212)) expect(composeReport(chart, { asOf: AS_OF }).markdown).not.toContain('the tradition calls a');
  });
});
