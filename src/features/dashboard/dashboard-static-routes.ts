/**
 * The dashboard's pages: one HTML shell for every path under /dashboard (the page script routes
 * in the browser) and the bundle the build made (`npm run build` writes dist/dashboard). Nothing
 * comes from another origin, and the Content Security Policy says so: scripts and styles from
 * this origin's files only, no inline code, no frames, no plug-ins.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { projectPath } from '../../project-paths.ts';

export const DASHBOARD_DIR = projectPath('dist', 'dashboard');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The build's files, read once: a few hundred kilobytes that change only with a new build (and a restart). */
function readBuild(dir: string): { shell: Buffer; assets: Map<string, { body: Buffer; type: string }> } | null {
  const shellFile = path.join(dir, 'index.html');
  if (!fs.existsSync(shellFile)) return null;
  const assets = new Map<string, { body: Buffer; type: string }>();
  for (const name of fs.readdirSync(path.join(dir, 'assets'))) {
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { body: fs.readFileSync(path.join(dir, 'assets', name)), type });
  }
  return { shell: fs.readFileSync(shellFile), assets };
}

export function dashboardStaticRoutes(dir = DASHBOARD_DIR) {
  return async (app: FastifyInstance) => {
    const build = readBuild(dir);
    const page = async (_request: unknown, reply: FastifyReply) => {
      pageHeaders(reply).header('cache-control', 'no-cache');
      if (!build) return reply.code(503).type('text/plain; charset=utf-8').send('The dashboard is not built: run `npm run build`.\n');
      return reply.type('text/html; charset=utf-8').send(build.shell);
    };
    app.get('/dashboard', { schema: { hide: true } }, page);
    app.get<{ Params: { name: string } }>('/dashboard/assets/:name', { schema: { hide: true } }, async (request, reply) => {
      const asset = build?.assets.get(request.params.name);
      if (!asset) return reply.code(404).send({ detail: 'Not Found' });
      // File names carry a digest of their content: a new build makes new names.
      return pageHeaders(reply).header('cache-control', 'public, max-age=31536000, immutable').type(asset.type).send(asset.body);
    });
    app.get('/dashboard/*', { schema: { hide: true } }, page);
  };
}
