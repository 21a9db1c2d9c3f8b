/**
 * The element and modality balance as a figure: one bar per element and per modality, its length
 * the share of the chart's weighted points (the temperament table's weights), the share printed
 * beside it. Drawn as inline SVG with the page's typeface; the weakest of each group is marked
 * (all of them where two or more tie), since the text reads it.
 */
import type { Balance } from '../../interpretations/chart-factors/balance.ts';
import { ELEMENTS, MODALITIES } from '../../interpretations/keys.ts';
import { ELEMENT_NAMES, MODALITY_NAMES } from '../text/phrases.ts';

const COLOURS: Record<string, string> = {
  fire: '#c4553a',
  earth: '#7a8a3c',
  air: '#d2a93b',
  water: '#3b6fa8',
  cardinal: '#6b5ca5',
  fixed: '#4f7f7a',
  mutable: '#a0708f',
};

const ROW = 22;
const LABEL = 78;
const BAR = 250;

function group(title: string, ids: readonly string[], names: Record<string, string>, values: Record<string, number>, total: number, top: number): string {
  // Every one of the smallest is marked: the text reads one of a tie and names the others as holding the same share.
  const least = Math.min(...ids.map((id) => values[id]!));
  const rows = ids.map((id, i) => {
    const y = top + 18 + i * ROW;
    const share = total > 0 ? values[id]! / total : 0;
    const w = Math.max(1, share * BAR);
    const mark = values[id] === least ? ' (weakest)' : '';
    return (
      `<text x="0" y="${y + 12}" class="l">${names[id]}</text>` +
      `<rect x="${LABEL}" y="${y}" width="${BAR}" height="15" fill="#eeebf7"/>` +
      `<rect x="${LABEL}" y="${y}" width="${w.toFixed(1)}" height="15" fill="${COLOURS[id]}"/>` +
      `<text x="${LABEL + BAR + 8}" y="${y + 12}" class="v">${Math.round(share * 100)} %${mark}</text>`
    );
  });
  return `<text x="0" y="${top + 10}" class="h">${title}</text>${rows.join('')}`;
}

export function balanceFigure(balance: Balance): string {
  const height = 18 + ELEMENTS.length * ROW + 14 + 18 + MODALITIES.length * ROW;
  const elements = group('Elements', ELEMENTS, ELEMENT_NAMES, balance.elements, balance.total, 0);
  const modalities = group('Modalities', MODALITIES, MODALITY_NAMES, balance.modalities, balance.total, 18 + ELEMENTS.length * ROW + 14);
  return (
    // The report inlines every figure into one page: style rules are scoped by the root's class, or one figure's
    // bare `.o` styles another's (the aspect grid's orbs were drawn with the year ahead's `fill: none`).
    `<svg xmlns="http://www.w3.org/2000/svg" class="balance-figure" viewBox="0 0 430 ${height}" width="430" height="${height}" role="img" aria-label="Element and modality balance">` +
    `<style>.balance-figure .h{font:bold 10pt 'Noto Serif',serif;fill:#2e2363}.balance-figure .l{font:9pt 'Noto Serif',serif;fill:#1d1d24}.balance-figure .v{font:9pt 'Noto Serif',serif;fill:#55506b}</style>` +
    `${elements}${modalities}</svg>`
  );
}
