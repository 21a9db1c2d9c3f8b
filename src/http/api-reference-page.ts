/**
 * The interactive API reference at /docs (Swagger UI): named for this service rather than for the
 * tool, with its own wordmark, and readable on a phone (the tool's page has no viewport tag, so a
 * phone drew it 980 px wide and shrank it; a script of the page's theme adds one).
 */
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

const WORDMARK = `<svg xmlns="http://www.w3.org/2000/svg" width="230" height="32" viewBox="0 0 230 32">
<text x="0" y="22" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" fill="#ffffff">Astrology calculation API</text>
</svg>`;

const ADD_VIEWPORT = `(() => {
  const meta = document.createElement('meta');
  meta.name = 'viewport';
  meta.content = 'width=device-width, initial-scale=1';
  document.head.append(meta);
})();`;

export const apiReferencePage: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  theme: { title: 'API reference · Astrology calculation service', js: [{ filename: 'viewport.js', content: ADD_VIEWPORT }] },
  logo: { type: 'image/svg+xml', content: Buffer.from(WORDMARK), href: '/docs', target: '_self' },
};
