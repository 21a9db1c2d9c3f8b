/** Operator credentials for test servers, and calls with an operator token. */
import { hashAdminPassword } from '../../src/features/admin/password.ts';
import type { TestResponse, TestServer } from './app.ts';

export const ADMIN_USERNAME = 'operator';
export const ADMIN_PASSWORD = 'a long operator passphrase';

let hashed: Promise<string> | undefined;

/** The settings that turn admin on, with the test password's hash (made once per file). */
export async function adminEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  hashed ??= hashAdminPassword(ADMIN_PASSWORD);
  return { ADMIN_USERNAME, ADMIN_PASSWORD_HASH: await hashed, ...extra };
}

export async function adminLogin(server: TestServer, username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<TestResponse> {
  return server.request('POST', '/api/v1/admin/login', { username, password }, { 'x-api-key': '' });
}

export async function adminToken(server: TestServer): Promise<string> {
  const res = await adminLogin(server);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** An admin call with the operator token and no API key. */
export function admin(server: TestServer, method: string, path: string, token: string, body?: unknown): Promise<TestResponse> {
  return server.bearer(method, path, token, body);
}
