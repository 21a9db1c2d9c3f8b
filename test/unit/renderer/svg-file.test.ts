import { describe, expect, it } from 'vitest';
import { renderChartSvg } from '../../../renderer/index.ts';
import { natal, synastry } from '../../../tools/sample-charts.ts';
import { checkXml } from '../../helpers/xml-check.ts';

describe('the SVG as a file', () => {
  it('has a <title> and a <desc> that reads the chart as text', () => {
    const svg = renderChartSvg(natal('light'));
    expect(svg).toMatch(/<svg[^>]*><title>Camille Durand – Natal Chart<\/title><desc>[^<]*Paris[^<]*Sun 21°36′ Taurus/);
  });

  it('uses ids of its own, so two different charts can share a page', () => {
    const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    const a = renderChartSvg(natal('light'));
    const b = renderChartSvg(synastry('light'));
    const idsA = ids(a);
    expect(new Set(idsA).size).toBe(idsA.length);
    expect(idsA.filter((id) => ids(b).includes(id))).toEqual([]);
    // Every reference resolves inside its own chart, and the same chart gets the same ids.
    for (const m of a.matchAll(/href="#([^"]+)"/g)) expect(idsA).toContain(m[1]);
    expect(renderChartSvg(natal('light'))).toBe(a);
  });

  it('carries each point’s, cusp’s and angle’s longitude in data-lon', () => {
    const d = natal('light');
    const doc = checkXml(renderChartSvg(d));
    const sun = doc.elements.find((e) => e.attrs['data-point'] === 'sun')!;
    expect(Number(sun.attrs['data-lon'])).toBeCloseTo(d.inner.points.find((p) => p.id === 'sun')!.lon, 4);
    expect(doc.elements.filter((e) => e.attrs['data-cusp'] && e.attrs['data-lon']).length).toBe(12);
    const asc = doc.elements.find((e) => e.attrs['data-angle'] === 'asc')!;
    expect(Number(asc.attrs['data-lon'])).toBeCloseTo(d.inner.angles!.asc, 4);
  });
});
