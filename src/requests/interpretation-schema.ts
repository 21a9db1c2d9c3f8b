/** The `interpretation` request field and response block of the natal and transits endpoints. */
import { z } from 'zod/v4';

export const interpretationRequest = z.object({
  enable: z.boolean().optional().describe('Natal: off unless true. Transits: on unless false.'),
  // Defaults are applied by interpretationOptions(), so the schema reads the same sent and parsed (one OpenAPI component).
  style: z
    .enum(['standard', 'improved'])
    .optional()
    .describe('Default `standard`; `improved` adds strengths, challenges and a reflection question to every item'),
  language: z.enum(['en']).optional().describe('Default `en`'),
});
// No component ids here: nested in the natal and transit schemas, an id would reach the MCP tools'
// JSON schemas as the draft-4 keyword `id`, which their clients' validators refuse.

export type InterpretationRequest = z.output<typeof interpretationRequest>;

/** What a compute task needs to build the block; absent when the block is off. */
export interface InterpretationTaskOptions {
  style: 'standard' | 'improved';
  language: 'en';
}

export function interpretationOptions(field: InterpretationRequest | undefined, enabledByDefault: boolean): InterpretationTaskOptions | undefined {
  const enabled = field?.enable ?? enabledByDefault;
  return enabled ? { style: field?.style ?? 'standard', language: field?.language ?? 'en' } : undefined;
}

const item = z.object({
  category: z
    .string()
    .describe(
      'planet_sign, planet_house, angle_sign, chart_ruler, aspect, shape, configuration, balance, hemisphere, moon_phase, dominant_planet, retrograde, transit',
    ),
  key: z
    .string()
    .describe(
      'planet.<id>.sign.<sign_id>, planet.<id>.house.<n>, angle.<asc|mc>.sign.<sign_id>, aspect.<p1>.<type>.<p2>, transit.<tp>.<type>.<np>, …; ids as in the answer (true_node, true_lilith and south_node too), aspect points in the order sun … pluto, asc, mc, chiron, north_node, lilith',
    ),
  title: z.string().describe('Heading of the item'),
  body: z.string().describe('The text of the item (plain prose)'),
  strengths: z.array(z.string()).optional().describe('style improved'),
  challenges: z.array(z.string()).optional().describe('style improved'),
  reflection: z.array(z.string()).optional().describe('style improved: questions to ponder'),
});

export const interpretationBlock = z.object({
  library_version: z.string().describe('Version of the text library the items come from'),
  language: z.string().describe('Language of the texts (en)'),
  style: z.enum(['standard', 'improved']).describe('The style the texts were written in'),
  sections: z
    .record(z.string(), z.array(item))
    .describe('Natal: core_self, mind, relationships, drive_and_work, growth, generational, karmic_healing, patterns. Transits: transits.'),
  notes: z.array(z.string()).describe('What is left out and why (an unknown birth time)'),
});
