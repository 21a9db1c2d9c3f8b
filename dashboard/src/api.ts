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
  if (!response.ok) throw new ApiError(response.status, messageOf(response.status, parsed), parsed);
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
