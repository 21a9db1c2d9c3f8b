/**
 * GET /api/v1/auth/report-branding/footer-preview: the PDF footer the report worker prints, made by
 * the same footerTemplate, with the account's logo and a label, shown as an SVG image. An image,
 * because the footer is styled inline (Chromium's footer is its own little document) and the
 * dashboard's CSP allows no inline style: inside an <img> the SVG is a separate, script-less
 * document that the page's policy does not govern.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { ReportBrandingRepository } from '../../reports/store/report-branding.ts';
import { footerTemplate } from '../../reports/pdf/report-document.ts';
import { accountId } from '../auth/account-user.ts';
import { lineOfText } from '../../requests/storable-text.ts';

const previewQuery = z.object({
  label: lineOfText().max(120).optional().describe('The footer text, as `pdf_footer_label` of a report (at most 120 characters).'),
  page: z.coerce.number().int().min(1).max(9999).default(3).describe('The page number shown. Default 3.'),
  pages: z.coerce.number().int().min(1).max(9999).default(14).describe('The page count shown. Default 14.'),
});

/** A4's width, and a footer strip's height, in CSS pixels (96 per inch). */
const WIDTH = Math.round((210 / 25.4) * 96);
const HEIGHT = 56;

export const footerPreviewRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const branding = new ReportBrandingRepository(db);
    app.get(
      '/api/v1/auth/report-branding/footer-preview',
      {
        schema: {
          tags: ['account'],
          summary: "The PDF footer with the caller's logo, as an SVG image",
          description: 'Drawn by the code that prints the footer of every report page; the page numbers are examples.',
          querystring: previewQuery,
        },
      },
      async (request, reply) => {
        const stored = await branding.image(accountId(request));
        const logo = stored ? { contentType: stored.content_type, bytes: stored.image } : null;
        const footer = footerTemplate({ footerLabel: request.query.label?.trim() || null, logo })
          .replace('<span class="pageNumber"></span>', String(request.query.page))
          .replace('<span class="totalPages"></span>', String(request.query.pages));
        // The footer is a flex item here: its 18 mm side margins shrink it into the A4 width, as on the page.
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<foreignObject x="0" y="0" width="${WIDTH}" height="${HEIGHT}"><div xmlns="http://www.w3.org/1999/xhtml" style="width:${WIDTH}px;height:${HEIGHT}px;display:flex;align-items:center">${footer
          .replace(/<img ([^>]*)>/g, '<img $1/>')
          .replace(/&(?![a-z]+;|#\d+;)/g, '&amp;')}</div></foreignObject></svg>`;
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox")
          .send(svg);
      },
    );
  };
