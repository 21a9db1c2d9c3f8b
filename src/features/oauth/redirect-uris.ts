/**
 * Redirect URIs: https, or http on the loopback interface (native and command-line clients, RFC
 * 8252 §7.3); never with a fragment. A loopback URI matches whatever port the client listens on
 * this time; every other URI matches exactly as registered.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const MAX_REDIRECT_URI_LENGTH = 2000;

const isLoopback = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/** Why a URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return `longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URI';
  }
  if (url.hash || uri.includes('#')) return 'a redirect URI has no fragment';
  if (url.username || url.password) return 'a redirect URI carries no credentials';
  if (url.protocol === 'https:' || isLoopback(url)) return null;
  return 'only https URIs, or http on the loopback interface (127.0.0.1, [::1], localhost), are accepted';
}

/** The registered URI `given` stands for, or null. */
export function matchRedirectUri(registered: readonly string[], given: string): string | null {
  if (registered.includes(given)) return given;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  if (!isLoopback(url) || given.includes('#')) return null;
  for (const candidate of registered) {
    const r = new URL(candidate);
    if (isLoopback(r) && r.hostname === url.hostname && r.pathname === url.pathname && r.search === url.search) return given;
  }
  return null;
}
