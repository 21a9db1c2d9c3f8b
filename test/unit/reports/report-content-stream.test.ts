/** The content-stream reader that finds where a page draws its text (for the contents' page numbers). */
import { describe, expect, it } from 'vitest';
import { textRunOrigins } from '../../../src/reports/pdf/content-stream-text.ts';

describe('textRunOrigins', () => {
  it('applies the graphics matrix, restored by Q, to each run of text', () => {
    const stream = [
      '.75 0 0 -.75 0 842 cm', // CSS pixels, y down, as Chromium writes
      'q 2 0 0 2 10 20 cm',
      'BT /F4 14 Tf 1 0 0 -1 0 100 Tm <0026> Tj 13.1 0 Td <0052> Tj ET',
      'Q',
      'BT 1 0 0 -1 5 10 Tm (a \\) b) Tj ET',
    ].join('\n');
    const origins = textRunOrigins(stream);
    expect(origins).toHaveLength(3);
    // (0, 100) → scaled by 2 and moved by (10, 20) → (10, 220) in pixels → (7.5, 842 − 165) in points.
    expect(origins[0]!.x).toBeCloseTo(7.5);
    expect(origins[0]!.y).toBeCloseTo(677);
    expect(origins[1]!.x).toBeCloseTo((13.1 * 2 + 10) * 0.75);
    expect(origins[1]!.y).toBeCloseTo(677);
    // After Q the outer matrix alone: (5, 10) → (3.75, 834.5); the escaped parenthesis ends no string.
    expect(origins[2]!.x).toBeCloseTo(3.75);
    expect(origins[2]!.y).toBeCloseTo(834.5);
  });

  it('follows line moves (TD sets the leading that T* and the quote operator use)', () => {
    const origins = textRunOrigins("BT 0 0 Td 10 700 TD (a) Tj 0 -12 TD (b) Tj T* (c) Tj (d) ' ET");
    expect(origins.map((o) => [o.x, o.y])).toEqual([
      [10, 700],
      [10, 688],
      [10, 676],
      [10, 664],
    ]);
  });

  it('skips dictionaries, names, hex strings and inline images without reading operators in them', () => {
    const origins = textRunOrigins('/P <</MCID 3>> BDC BI /W 2 /H 1 ID Tj Tm EI BT 1 0 0 1 4 5 Tm <00410042> Tj ET EMC');
    expect(origins).toEqual([{ x: 4, y: 5 }]);
  });
});
