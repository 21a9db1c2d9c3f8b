/**
 * Calls to the service from the dashboard. The session cookie goes along by itself (same
 * origin); state-changing calls add the session's CSRF token, which lives in this module's memory
 * only (never in localStorage). An answer that is not 2xx becomes an ApiError with the service's
 * own words.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;

export function rememberCsrf(token: string | null): void {
  csrfToken = token;
}

/**
 * Told when the session's calls start answering 401 (signed out in another tab, expired, the
 * account deleted): the frame then shows the sign-in page once, instead of every page showing
 * the refusal in its own corner. The operator's calls (a bearer token) and the sign-in calls
 * themselves, whose 401 means a wrong code, are not a session that ended.
 */
let sessionEnded: ((message: string) => void) | null = null;

export function onSessionEnded(listener: ((message: string) => void) | null): void {
  sessionEnded = listener;
}

/** Why the session ended, in the words of the sign-in page. */
function endedText(detail: string): string {
  if (/deleted/i.test(detail)) return 'This account has been deleted, so you were signed out.';
  if (/expired/i.test(detail)) return 'Your session has expired. Sign in again to carry on.';
  return 'You were signed out (perhaps in another tab). Sign in again to carry on.';
}

/** The readable sentence of an error answer: `detail` as a string, or the first validation message. */
function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = body.detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail) && detail[0] && typeof detail[0] === 'object' && 'msg' in detail[0]) return String((detail[0] as { msg: unknown }).msg);
  }
  return `The service answered ${status}`;
}

export async function api<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  if (!response.ok) {
    const error = new ApiError(response.status, messageOf(response.status, parsed), parsed);
    const sessionCall = !('authorization' in extraHeaders) && !path.startsWith('/api/v1/dashboard/sign-in');
    if (response.status === 401 && sessionCall) sessionEnded?.(endedText(error.message));
    throw error;
  }
  return parsed as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const del = <T>(path: string, body?: unknown) => api<T>('DELETE', path, body);

export interface Session {
  user_id: string;
  email: string;
  csrf_token: string;
}

export interface SessionState {
  signed_in: boolean;
  user_id: string | null;
  email: string | null;
  csrf_token: string | null;
}

/**
 * The operator's session token, in this module's memory only: a reload signs the operator out,
 * and no script of another page, nor storage, ever holds it.
 */
let adminToken: string | null = null;

export function rememberAdminToken(token: string | null): void {
  adminToken = token;
}

export const admin = <T>(method: string, path: string, body?: unknown) =>
  api<T>(method, path, body, adminToken ? { authorization: `Bearer ${adminToken}` } : {});

/** A key made in this page, with its secret: the service shows a secret once and keeps only a digest. */
export interface MadeKey {
  id: string;
  name: string;
  key: string;
}

/**
 * The keys made since the page was loaded, so that the Overview's quickstart can use the newest one.
 * In the page's memory only, never in storage: a reload forgets them, as it forgets the admin token.
 */
const madeKeys: MadeKey[] = [];

export function rememberMadeKey(made: MadeKey): void {
  madeKeys.push(made);
}

/** The newest key made in this page that is still among `activeIds`. */
export function newestMadeKey(activeIds: ReadonlySet<string>): MadeKey | null {
  return [...madeKeys].reverse().find((made) => activeIds.has(made.id)) ?? null;
}
