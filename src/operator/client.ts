/** A command's side of the operator endpoint (endpoint.ts): one request, the owner's answer. */
import type { OwnerRecord } from '../db/embedded/directory-lock.ts';
import { CLOSING } from './endpoint.ts';
import { OperationRefused, REFUSAL_CODES, type OperationName, type OperationResult, type RefusalCode } from './operations.ts';

/** The request never ran (the server is stopping, or has not started listening): trying again is safe. */
export class OwnerUnreachableError extends Error {}

const REQUEST_TIMEOUT_MS = 120_000;

export async function callOwner<N extends OperationName>(control: NonNullable<OwnerRecord['control']>, name: N, input: unknown): Promise<OperationResult<N>> {
  let response: Response;
  try {
    response = await fetch(`${control.url}/operations/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json', 'x-operator-pid': String(process.pid) },
      body: JSON.stringify(input ?? {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') throw new OwnerUnreachableError(`the server at ${control.url} does not answer`);
    // Anything else (the connection broke after the request went out): the operation may have run.
    throw new Error(`the server stopped answering during the command; it may or may not have been carried out (${code ?? (error as Error).message})`);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  if (response.ok) return body as OperationResult<N>;
  if (response.status === 503 && body.error === CLOSING) throw new OwnerUnreachableError(`the server at ${control.url} is stopping`);
  if (response.status === 422 && REFUSAL_CODES.includes(body.error as RefusalCode))
    throw new OperationRefused(body.error as RefusalCode, body.message ?? body.error!);
  throw new Error(`the server refused the command: ${body.message ?? `HTTP ${response.status}`}`);
}
