/**
 * What the request log may show of a request. Clients put credentials in query strings whatever
 * the documentation says (`?api_key=...`, `?token=...`), and a log is read by more people than
 * the key's owner: the values of such parameters are replaced before a line is written.
 */
import type { FastifyRequest } from 'fastify';

/** Parameter names (lower case, `-` read as `_`) whose values are never logged. */
const SECRET_NAMES = new Set([
  'key',
  'api_key',
  'apikey',
  'x_api_key',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'auth',
  'authorization',
  'bearer',
  'jwt',
  'secret',
  'client_secret',
  'password',
  'passwd',
  'pwd',
  'session',
  'sig',
  'signature',
  'code',
]);
/**
 * Names that contain one of these are secrets too (`stripe_key`, `my_token`, `apiSecret`); a
 * key's id (`api_key_id`) is not a secret.
 */
const SECRET_PARTS = /key|token|secret|passw|auth/i;
const NOT_SECRET = /_id$/;

function isSecretName(encoded: string): boolean {
  let name = encoded;
  try {
    name = decodeURIComponent(encoded.replace(/\+/g, ' '));
  } catch {
    /* keep it encoded */
  }
  name = name.trim().toLowerCase().replace(/-/g, '_');
  return SECRET_NAMES.has(name) || (SECRET_PARTS.test(name) && !NOT_SECRET.test(name));
}

/** The URL with the values of secret-looking query parameters replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      return eq !== -1 && isSecretName(name) ? `${name}=[REDACTED]` : part;
    })
    .join('');
  return `${url.slice(0, q)}?${redacted}`;
}

/** pino serializer of `req`: Fastify's fields, with the URL redacted. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
