/** Request schema of POST /api/v2/vedic/visual/chart: a birth, the varga, the style and the image options. */
import { z } from 'zod/v4';
import { KUNDLI_STYLES } from '../../../../renderer/kundli/kundli-model.ts';
import { VARGA_DIVISIONS, VARGA_NAMES } from '../../../astro/vedic/vargas.ts';
import { vedicBirthFields } from '../vedic-request-schemas.ts';
import { exampleBirth } from '../../../requests/examples.ts';
import { caseInsensitiveEnum } from '../../../requests/lenient-enum.ts';
import { MAX_SIZE, MIN_SIZE } from '../../charts/charts-schemas.ts';
import { kundliOptionFields } from './vedic-visual-options.ts';

const { house_system: _houseSystem, ...vedicBirthFieldsWithoutHouses } = vedicBirthFields;

const divisionList = VARGA_DIVISIONS.map((n) => `D${n} (${VARGA_NAMES[n]})`).join(', ');

/** A division as a number (9) or as clients name it ("D9", "d9"). */
const division = z
  .union([z.number().int(), z.string().regex(/^[dD]?\d{1,2}$/, 'a division such as 9 or "D9"')])
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace(/^[dD]/, ''))))
  .pipe(z.number().refine((n) => (VARGA_DIVISIONS as readonly number[]).includes(n), { message: `one of the divisions ${VARGA_DIVISIONS.join(', ')}` }));

export const visualChartRequest = z
  .object({
    // The Vedic family's birth block; no house system: a kundli's houses are its signs.
    ...vedicBirthFieldsWithoutHouses,
    divisions: z
      .union([division, z.array(division).min(1).max(VARGA_DIVISIONS.length)])
      .optional()
      .describe(
        `The charts drawn: the rasi (1, default) or a varga by its number or name (9 or "D9"), or a list of them ([1, 9]), each its own chart on one image, in panels of \`chart_config.columns\` per row (default 2), each \`size\` wide: ${divisionList}`,
      ),
    chart_style: caseInsensitiveEnum(KUNDLI_STYLES, { north: 'north_indian', south: 'south_indian', east: 'east_indian' })
      .optional()
      .describe(
        '`north_indian` (default: the diamond, houses fixed), `south_indian` (signs fixed in a square, Pisces top left), `east_indian` (signs fixed, Aries top middle)',
      ),
    format: caseInsensitiveEnum(['svg', 'png']).optional().describe('`svg` (default) or `png`'),
    size: z
      .number()
      .min(MIN_SIZE)
      .max(MAX_SIZE)
      .optional()
      .describe(`Width of each chart in px, ${MIN_SIZE}-${MAX_SIZE} (default 600); the header adds 8.5 % to the height, panels their padding and gaps`),
    theme_type: caseInsensitiveEnum(['light', 'dark', 'mono']).optional().describe('Colours: `light` (default), `dark` or `mono` (the chart wheels’ themes)'),
    png_quality_scale: z.number().min(1).max(5).optional().describe('PNG pixels per unit (default 2)'),
    show_metadata: z.boolean().optional().describe('The header with the name, date, varga, ayanamsa and style (default true)'),
    ...kundliOptionFields,
  })
  .meta({ example: { ...exampleBirth, divisions: 9, chart_style: 'north_indian', format: 'svg' } });

export type VisualChartRequest = z.output<typeof visualChartRequest>;
