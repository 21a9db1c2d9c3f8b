/**
 * The PDF footer logo: GET describes it, POST (multipart field `file`, PNG/JPEG/SVG up to 1 MiB)
 * uploads or replaces it, DELETE removes it, GET …/image serves the stored bytes to their owner.
 * The upload is read, checked and sanitised completely before the one upsert that stores it,
 * so a refused or broken upload leaves the previous image as it was.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import type { DatabasePool } from 'slonik';
import { ReportBrandingRepository, type BrandingMetaRow } from '../../reports/store/report-branding.ts';
import { HttpError } from '../../http/errors.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { accountId, requireUser } from '../auth/account-user.ts';
import { detailError } from '../auth/auth-schemas.ts';
import type { ComputeRunner } from '../../compute/runner.ts';
import { decodeBinaryResponse } from '../../compute/binary-response.ts';
import {
  BRANDING_MAX_BYTES,
  brandingSvgTask,
  InvalidImageError,
  prepareRasterImage,
  sniffImageType,
  svgImageFromResponse,
  UnsupportedImageError,
} from './branding-image.ts';
import { reportBrandingResponse } from './account-schemas.ts';

const IMAGE_PATH = '/api/v1/auth/report-branding/image';

const describe = (meta: BrandingMetaRow | null) =>
  meta
    ? {
        has_logo: true,
        logo_url: IMAGE_PATH,
        content_type: meta.content_type as 'image/png',
        size_bytes: meta.size_bytes,
        width: meta.width,
        height: meta.height,
        sha256: meta.sha256,
        updated_at: meta.updated_at,
      }
    : { has_logo: false, logo_url: null, content_type: null, size_bytes: null, width: null, height: null, sha256: null, updated_at: null };

export const brandingRoutes =
  ({ db, compute }: { db: DatabasePool; compute: ComputeRunner }): FastifyPluginAsyncZod =>
  async (app) => {
    const branding = new ReportBrandingRepository(db);
    await app.register(multipart, {
      limits: { fileSize: BRANDING_MAX_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    const responses = { 200: reportBrandingResponse, 404: detailError, 413: detailError, 415: detailError };

    app.get(
      '/api/v1/auth/report-branding',
      {
        schema: { tags: ['account'], summary: 'The PDF footer branding image, described', response: responses },
      },
      async (request) => describe(await branding.meta(accountId(request))),
    );

    app.post(
      '/api/v1/auth/report-branding',
      {
        schema: {
          tags: ['account'],
          summary: 'Upload or replace the PDF footer branding image',
          description:
            'multipart/form-data with one field `file`: PNG, JPEG or SVG, at most 1 MiB. The type is read from the content; SVG is sanitised (no scripts, no external references). 413 too large, 415 another type, 422 a broken image or no `file` field; the previous image is kept in every failure.',
          consumes: ['multipart/form-data'],
          response: responses,
        },
      },
      async (request) => {
        await requireUser(db, request);
        if (!request.isMultipart()) throw new HttpError(415, 'Expected multipart/form-data with a `file` field');
        let part;
        try {
          part = await request.file();
        } catch (error) {
          // A body that is not well-formed multipart (no boundary, truncated parts) is the client's.
          if ((error as { statusCode?: number }).statusCode === 413) throw error;
          throw new RequestFieldError(['body'], `Not a readable multipart/form-data body: ${(error as Error).message}`, 'value_error.multipart');
        }
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new RequestFieldError(['body', 'file'], 'Field required', 'missing');
        }
        const tooLarge = () => new HttpError(413, `File too large: the limit is ${BRANDING_MAX_BYTES} bytes`);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw new RequestFieldError(['body', 'file'], `The upload ended early: ${(error as Error).message}`, 'value_error.multipart');
        }
        // toBuffer looks for the cut as each chunk arrives: a file cut at the limit after the last chunk it read ends
        // without its error, holding the first MiB (a loaded test box stored one as the new logo).
        if (part.file.truncated) throw tooLarge();
        let image;
        try {
          const type = sniffImageType(bytes);
          // Sanitising an SVG costs up to about a second: the compute pool does it, off the event loop.
          image =
            type === 'image/svg+xml'
              ? svgImageFromResponse(decodeBinaryResponse(await compute.run(brandingSvgTask, { bytes })))
              : prepareRasterImage(bytes, type);
        } catch (error) {
          if (error instanceof UnsupportedImageError) throw new HttpError(415, error.message);
          if (error instanceof InvalidImageError) throw new RequestFieldError(['body', 'file'], error.message, 'value_error.image');
          throw error;
        }
        return describe(await branding.save(accountId(request), image));
      },
    );

    app.delete(
      '/api/v1/auth/report-branding',
      {
        schema: { tags: ['account'], summary: 'Delete the PDF footer branding image', response: responses },
      },
      async (request) => {
        await branding.remove(accountId(request));
        return describe(null);
      },
    );

    app.get(
      IMAGE_PATH,
      {
        schema: { tags: ['account'], summary: 'The stored branding image itself' },
      },
      async (request, reply) => {
        const stored = await branding.image(accountId(request));
        if (!stored) throw new HttpError(404, 'No branding image');
        // Served as an image that can never run as a document, even if a browser opens it directly.
        return reply
          .type(stored.content_type)
          .header('etag', `"${stored.sha256}"`)
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
          .send(stored.image);
      },
    );
  };
