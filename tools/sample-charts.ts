/**
 * Hand-made but plausible chart data for examples, benchmarks and tests. Aspects are derived
 * from the positions with a simple orb table so lines always match the drawn planets.
 */
import type { AspectType, ChartAspect, ChartDrawing, ChartPoint, RenderOptions, WheelRing } from '../renderer/chart-model.ts';

const NAMES: Record<string, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
  pluto: 'Pluto',
  true_node: 'True Node',
  chiron: 'Chiron',
  lilith: 'Lilith',
  part_of_fortune: 'Part of Fortune',
  vertex: 'Vertex',
  south_node: 'South Node',
  ceres: 'Ceres',
};

function pts(list: Array<[string, number, boolean?]>): ChartPoint[] {
  return list.map(([id, lon, r]) => ({ id, name: NAMES[id] ?? id, lon, retrograde: r ?? false }));
}

/** Equal-ish Placidus-looking cusps built from ASC and MC. */
function cuspsFrom(asc: number, mc: number): number[] {
  const ic = (mc + 180) % 360;
  const dsc = (asc + 180) % 360;
  const arc = (a: number, b: number) => ((b - a + 360) % 360) / 3;
  const q1 = arc(asc, ic);
  const q2 = arc(ic, dsc);
  return [asc, asc + q1, asc + 2 * q1, ic, ic + q2, ic + 2 * q2, dsc, dsc + q1, dsc + 2 * q1, mc, mc + q2, mc + 2 * q2].map((v) => ((v % 360) + 360) % 360);
}

function anglesFrom(asc: number, mc: number) {
  return { asc, mc, dc: (asc + 180) % 360, ic: (mc + 180) % 360 };
}

const ASPECTS: Array<[AspectType, number, number]> = [
  ['conjunction', 0, 8],
  ['opposition', 180, 8],
  ['trine', 120, 7],
  ['square', 90, 7],
  ['sextile', 60, 5],
  ['quincunx', 150, 2.5],
  ['semi_sextile', 30, 1.5],
  ['semi_square', 45, 1.5],
  ['sesquiquadrate', 135, 1.5],
  ['quintile', 72, 1.2],
];

const ASPECTING = new Set(['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto', 'true_node', 'chiron']);

export function findAspects(a: WheelRing, b: WheelRing | null, orbScale = 1): ChartAspect[] {
  const out: ChartAspect[] = [];
  const A = a.points.filter((p) => ASPECTING.has(p.id));
  const B = (b ?? a).points.filter((p) => ASPECTING.has(p.id));
  A.forEach((p, i) => {
    B.forEach((q, j) => {
      if (!b && j <= i) return;
      const sep = Math.abs(((p.lon - q.lon + 540) % 360) - 180);
      for (const [type, angle, orb] of ASPECTS) {
        const o = Math.abs(sep - angle);
        if (o <= orb * orbScale) {
          out.push({ a: { ring: 'inner', id: p.id }, b: { ring: b ? 'outer' : 'inner', id: q.id }, type, orb: Math.round(o * 100) / 100 });
          break;
        }
      }
    });
  });
  return out;
}

export const NATAL_RING: WheelRing = {
  label: 'Natal',
  points: pts([
    ['sun', 51.6],
    ['moon', 128.4],
    ['mercury', 37.4, true],
    ['venus', 359.1],
    ['mars', 335.8],
    ['jupiter', 96.2],
    ['saturn', 294.3, true],
    ['uranus', 278.9, true],
    ['neptune', 284.6, true],
    ['pluto', 226.1, true],
    ['true_node', 309.5, true],
    ['chiron', 107.3],
    ['lilith', 190.8],
  ]),
  cusps: cuspsFrom(133.4, 31.2),
  angles: anglesFrom(133.4, 31.2),
};

export function options(theme: RenderOptions['theme'], extra: Partial<RenderOptions> = {}): RenderOptions {
  return { size: 700, theme, showMetadata: true, chartConfig: {}, ...extra };
}

export function natal(theme: RenderOptions['theme'] = 'light', extra: Partial<RenderOptions> = {}): ChartDrawing {
  return {
    kind: 'natal',
    inner: NATAL_RING,
    aspects: findAspects(NATAL_RING, null),
    metadata: {
      title: 'Camille Durand – Natal Chart',
      lines: ['Sat 12 May 1990, 14:30 (UTC+02:00)', 'Paris, France 48°51′N 2°21′E', 'Placidus · Tropical'],
    },
    options: options(theme, extra),
  };
}

export function untimedNatal(theme: RenderOptions['theme'] = 'mono'): ChartDrawing {
  const inner: WheelRing = { label: 'Natal', points: NATAL_RING.points };
  return {
    kind: 'natal',
    inner,
    aspects: findAspects(inner, null),
    metadata: { title: 'Camille Durand – Natal Chart', lines: ['Sat 12 May 1990, time unknown', 'Paris, France', 'No houses · Tropical'] },
    options: options(theme),
  };
}

/** Five planets within 6°, the layout stress case. */
export function stellium(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  const inner: WheelRing = {
    label: 'Natal',
    points: pts([
      ['sun', 100.0],
      ['mercury', 101.4, true],
      ['venus', 102.9],
      ['mars', 104.2],
      ['jupiter', 105.8],
      ['moon', 98.7],
      ['saturn', 283.1, true],
      ['uranus', 280.5, true],
      ['neptune', 284.0, true],
      ['pluto', 227.0, true],
      ['true_node', 97.2, true],
      ['chiron', 110.1],
      ['lilith', 12.3],
    ]),
    cusps: cuspsFrom(181.2, 92.7),
    angles: anglesFrom(181.2, 92.7),
  };
  return {
    kind: 'natal',
    inner,
    aspects: findAspects(inner, null),
    metadata: { title: 'Stellium Test – Natal Chart', lines: ['Fri 20 Jul 1990, 11:05 (UTC+01:00)', 'London, United Kingdom', 'Placidus · Tropical'] },
    options: options(theme),
  };
}

const TRANSIT_RING: WheelRing = {
  label: 'Transits 20 Nov 2025, 12:00',
  points: pts([
    ['sun', 238.2],
    ['moon', 231.4],
    ['mercury', 232.1, true],
    ['venus', 226.3],
    ['mars', 258.7],
    ['jupiter', 114.8, true],
    ['saturn', 355.2, true],
    ['uranus', 58.9, true],
    ['neptune', 359.5, true],
    ['pluto', 301.6],
    ['true_node', 350.1, true],
    ['chiron', 23.5, true],
    ['lilith', 180.4],
  ]),
};

export function transits(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  return {
    kind: 'transits',
    inner: NATAL_RING,
    outer: TRANSIT_RING,
    aspects: findAspects(NATAL_RING, TRANSIT_RING, 0.4),
    metadata: {
      title: 'Camille Durand – Transits',
      lines: ['Natal: 12 May 1990, 14:30, Paris', 'Transits: 20 Nov 2025, 12:00 (UTC+01:00)', 'Placidus · Tropical'],
    },
    options: options(theme),
  };
}

export function solarReturn(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  const sr: WheelRing = {
    label: 'Solar return 2025',
    points: pts([
      ['sun', 51.6],
      ['moon', 301.2],
      ['mercury', 33.0],
      ['venus', 12.8],
      ['mars', 129.9],
      ['jupiter', 84.7],
      ['saturn', 0.9],
      ['uranus', 57.1],
      ['neptune', 1.9],
      ['pluto', 303.8, true],
      ['true_node', 348.7, true],
      ['chiron', 25.6],
      ['lilith', 160.2],
    ]),
    cusps: cuspsFrom(265.8, 190.3),
    angles: anglesFrom(265.8, 190.3),
  };
  return {
    kind: 'solar_return',
    inner: NATAL_RING,
    outer: sr,
    aspects: findAspects(NATAL_RING, sr, 0.35),
    metadata: {
      title: 'Camille Durand – Solar Return 2025',
      lines: ['Return: 12 May 2025, 08:14 (UTC+02:00)', 'Paris, France', 'Placidus · Tropical'],
    },
    options: options(theme),
  };
}

export function progressions(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  const prog: WheelRing = {
    label: 'Progressed 1 Jan 2026',
    points: pts([
      ['sun', 86.7],
      ['moon', 250.3],
      ['mercury', 64.9],
      ['venus', 42.5],
      ['mars', 359.2],
      ['jupiter', 102.1],
      ['saturn', 292.4, true],
      ['uranus', 278.0, true],
      ['neptune', 284.1, true],
      ['pluto', 225.4, true],
      ['true_node', 307.6, true],
      ['chiron', 110.2],
      ['lilith', 194.6],
    ]),
    angles: anglesFrom(165.9, 64.1),
  };
  return {
    kind: 'progressions',
    inner: NATAL_RING,
    outer: prog,
    aspects: findAspects(NATAL_RING, prog, 0.25),
    metadata: {
      title: 'Camille Durand – Secondary Progressions',
      lines: ['Natal: 12 May 1990, 14:30, Paris', 'Progressed to 1 Jan 2026 (age 35.64)', 'Placidus · Tropical'],
    },
    options: options(theme),
  };
}

export function composite(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  const inner: WheelRing = {
    label: 'Composite',
    points: pts([
      ['sun', 12.4],
      ['moon', 187.9],
      ['mercury', 20.2],
      ['venus', 341.7],
      ['mars', 67.3],
      ['jupiter', 140.5],
      ['saturn', 300.8],
      ['uranus', 281.2],
      ['neptune', 285.9],
      ['pluto', 227.6],
      ['true_node', 252.3],
      ['chiron', 125.0],
      ['lilith', 48.6],
    ]),
    cusps: cuspsFrom(208.5, 118.9),
    angles: anglesFrom(208.5, 118.9),
  };
  return {
    kind: 'composite',
    inner,
    aspects: findAspects(inner, null),
    metadata: {
      title: 'Camille & Jonas – Composite',
      lines: ['Midpoint composite', 'Camille: 12 May 1990, Paris', 'Jonas: 3 Feb 1988, Lyon', 'Placidus · Tropical'],
    },
    options: options(theme, { chartConfig: { show_horoscope_shape: true } }),
  };
}

export function synastry(theme: RenderOptions['theme'] = 'light'): ChartDrawing {
  const b: WheelRing = {
    label: 'Jonas Martin',
    points: pts([
      ['sun', 314.2],
      ['moon', 247.5],
      ['mercury', 297.9],
      ['venus', 331.4],
      ['mars', 262.6],
      ['jupiter', 24.8],
      ['saturn', 299.1],
      ['uranus', 283.0],
      ['neptune', 287.5],
      ['pluto', 231.2, true],
      ['true_node', 338.0, true],
      ['chiron', 100.1, true],
      ['lilith', 251.9],
    ]),
    cusps: cuspsFrom(286.1, 218.4),
    angles: anglesFrom(286.1, 218.4),
  };
  const a = { ...NATAL_RING, label: 'Camille Durand' };
  return {
    kind: 'synastry',
    inner: a,
    outer: b,
    aspects: findAspects(a, b, 0.5),
    metadata: {
      title: 'Camille & Jonas – Synastry',
      lines: ['Camille: 12 May 1990, 14:30, Paris', 'Jonas: 3 Feb 1988, 06:10, Lyon', 'Placidus · Tropical'],
    },
    options: options(theme),
  };
}

export const ALL_KINDS = { natal, transits, solar_return: solarReturn, progressions, composite, synastry } as const;
