/**
 * What the API reference at /docs shows a customer first: an introduction that names every family
 * of endpoints, the families in its sidebar (OpenAPI `tags`, grouped by `x-tagGroups`), and the
 * credentials in words for the one who calls the API. The operator's endpoints (the operator's
 * pages, Stripe's webhook, the health checks) stay in the document, for the operator and for
 * clients generated from it, but are marked `x-internal` so that the reference does not show
 * them; how the operator makes keys and tokens is in docs/, not in the customer's view.
 */

interface Family {
  tag: string;
  /** The name shown in the sidebar. */
  title: string;
  description: string;
}

interface FamilyGroup {
  name: string;
  families: Family[];
}

export const FAMILY_GROUPS: FamilyGroup[] = [
  {
    name: 'Western astrology',
    families: [
      { tag: 'natal', title: 'Natal charts', description: 'Planets, houses, angles and aspects of a birth, with optional interpretations.' },
      { tag: 'transits', title: 'Transits', description: 'The sky of a moment against a birth chart.' },
      {
        tag: 'western',
        title: 'Western techniques',
        description: 'Transit timelines, searches and insights, natal insights, annual profections and the sign of a point.',
      },
      { tag: 'progressions', title: 'Progressions', description: 'Secondary progressions: positions, calendars, exact aspects and ingresses.' },
      { tag: 'returns', title: 'Returns', description: 'Solar and planetary returns.' },
      { tag: 'synastry', title: 'Synastry', description: 'Two charts compared: aspects, a summary and a relationship horoscope.' },
      { tag: 'horoscope', title: 'Horoscopes', description: 'Personal daily and weekly horoscopes from the birth chart, and daily sign horoscopes.' },
      { tag: 'charts', title: 'Chart images', description: 'Natal, transit, return, progressed, composite and synastry wheels as SVG or PNG.' },
    ],
  },
  {
    name: 'Vedic astrology',
    families: [
      {
        tag: 'vedic',
        title: 'Vedic (Jyotish)',
        description: 'Sidereal charts, vargas, dashas, panchang, strengths, yogas, doshas, matching, gochar and muhurat, and chart images.',
      },
    ],
  },
  {
    name: 'Chinese astrology',
    families: [{ tag: 'chinese', title: 'Chinese (BaZi)', description: 'The four pillars of a birth, their yearly flow, and the Chinese calendar.' }],
  },
  {
    name: 'Numerology',
    families: [{ tag: 'numerology', title: 'Numerology', description: 'Numerology profiles from a name and a birth date, their methods and alphabets.' }],
  },
  {
    name: 'Sky and places',
    families: [
      { tag: 'ephemeris', title: 'Ephemeris', description: 'Positions of the bodies over a range of dates, as JSON, CSV or NDJSON.' },
      { tag: 'sky-events', title: 'Sky events', description: 'The sky events of one local day.' },
      { tag: 'moon', title: 'Moon', description: "The Moon's phase at an instant, and a month of phases." },
      { tag: 'geo', title: 'Places', description: 'Places by name, with their coordinates and time zone.' },
    ],
  },
  {
    name: 'Reports',
    families: [
      { tag: 'reports', title: 'PDF reports', description: 'Natal reports made in the background: ordering, status, download, credits and callbacks.' },
    ],
  },
  {
    name: 'AI assistants',
    families: [
      { tag: 'mcp', title: 'MCP', description: 'The calculations as Model Context Protocol tools.' },
      { tag: 'oauth', title: 'OAuth for MCP clients', description: 'How an MCP client gets an access token.' },
    ],
  },
  {
    name: 'Your account',
    families: [
      { tag: 'keys', title: 'API keys', description: 'Create, list and revoke your keys.' },
      { tag: 'account', title: 'Account', description: 'Your profile, usage, request log, feedback and report branding.' },
      { tag: 'billing', title: 'Plans and billing', description: 'Plans, checkout, request packs and report credits.' },
      { tag: 'settings', title: 'Settings', description: 'Notifications, and deleting the account.' },
      { tag: 'dashboard', title: 'Dashboard sign-in', description: "The dashboard's sign-in and session." },
    ],
  },
];

/** Tags of the operator's endpoints: in the document, out of the reference. */
export const OPERATOR_TAGS = new Set(['admin', 'webhooks', 'operations']);

// A group of one family says what the family does; a larger one names its families.
const FAMILY_LIST = FAMILY_GROUPS.map(
  (group) => `- **${group.name}**: ${group.families.length === 1 ? group.families[0]!.description : `${group.families.map((f) => f.title).join(', ')}.`}`,
).join('\n');

export const API_INTRODUCTION = `Calculations for astrology applications: Western natal charts, transits, progressions, returns, synastry and horoscopes, chart images, Vedic (Jyotish) charts and timing, Chinese BaZi, numerology, ephemerides, sky events and the Moon, and PDF reports.

${FAMILY_LIST}

**Getting started.** Sign in at [/dashboard](/dashboard), create an API key on its Keys page, and send it in the \`x-api-key\` header of every call. Each operation below has a request example in curl, JavaScript and Python; "Test Request" sends it with your key.

Errors: a request the service cannot read is answered 422 with \`{"detail": [{"loc", "msg", "type"}]}\` naming each field at fault; every other refusal is \`{"detail": "..."}\` with its status (401 key, 403 plan, 429 limit with \`Retry-After\`, 503 busy).`;

export const SECURITY_SCHEMES = (mcpScopes: Record<string, string>) =>
  ({
    apiKey: {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: 'Your API key. Sign in at [/dashboard](/dashboard) and create one on its Keys page; it is shown once, when it is made.',
    },
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: "A dashboard token from the service's sign-in provider, for the account endpoints.",
    },
    mcpOAuth: {
      type: 'oauth2',
      description: 'OAuth 2.1 access token of an MCP client (authorization code with PKCE S256), accepted by /mcp only.',
      flows: {
        authorizationCode: { authorizationUrl: '/mcp/oauth/authorize', tokenUrl: '/mcp/oauth/token', refreshUrl: '/mcp/oauth/token', scopes: mcpScopes },
      },
    },
    adminBearer: { type: 'http', scheme: 'bearer', description: "The operator's session token." },
  }) as const;

type Json = Record<string, unknown>;

/** The families as tags and sidebar groups, and the operator's operations marked internal. */
export function describeFamilies(document: { paths?: Record<string, Record<string, Json>> } & Json): void {
  const families = FAMILY_GROUPS.flatMap((group) => group.families);
  document.tags = families.map((f) => ({ name: f.tag, 'x-displayName': f.title, description: f.description }));
  document['x-tagGroups'] = FAMILY_GROUPS.map((group) => ({ name: group.name, tags: group.families.map((f) => f.tag) }));
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const tags = (operation.tags as string[] | undefined) ?? [];
      if (tags.some((tag) => OPERATOR_TAGS.has(tag))) operation['x-internal'] = true;
    }
  }
}
