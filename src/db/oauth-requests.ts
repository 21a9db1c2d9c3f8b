/** Authorization requests waiting for a user's decision (the consent step of the OAuth flow). */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const authorizationRequestRow = z.object({
  id: z.string(),
  client_id: z.string(),
  redirect_uri: z.string(),
  redirect_uri_given: z.boolean(),
  state: z.string().nullable(),
  scopes: z.array(z.string()),
  resource: z.string(),
  code_challenge: z.string(),
  status: z.enum(['pending', 'approved', 'denied']),
  user_id: z.string().nullable(),
  consent_user_id: z.string().nullable(),
  consent_ticket_hash: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AuthorizationRequestRow = z.infer<typeof authorizationRequestRow>;

const columns = sql.fragment`id, client_id, redirect_uri, redirect_uri_given, state, scopes, resource, code_challenge, status, user_id, consent_user_id,
  consent_ticket_hash, created_at, expires_at, decided_at`;

export class AuthorizationRequestRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  /** `redirectUriGiven`: the client named `redirectUri` (else it is the one URI it registered). */
  async create(input: {
    id: string;
    clientId: string;
    redirectUri: string;
    redirectUriGiven: boolean;
    state: string | null;
    scopes: string[];
    resource: string;
    codeChallenge: string;
    ttlSeconds: number;
  }): Promise<AuthorizationRequestRow> {
    return this.db.one(sql.type(authorizationRequestRow)`
      insert into oauth_authorization_requests (id, client_id, redirect_uri, redirect_uri_given, state, scopes, resource, code_challenge, expires_at)
      values (${input.id}, ${input.clientId}, ${input.redirectUri}, ${input.redirectUriGiven}, ${input.state}, ${sql.array(input.scopes, 'text')}, ${input.resource},
              ${input.codeChallenge}, now() + make_interval(secs => ${input.ttlSeconds}))
      returning ${columns}`);
  }

  async find(id: string): Promise<AuthorizationRequestRow | null> {
    return this.db.maybeOne(sql.type(authorizationRequestRow)`select ${columns} from oauth_authorization_requests where id = ${id}`);
  }

  /** The request, locked for its decision (inside a transaction). */
  async findForUpdate(id: string): Promise<AuthorizationRequestRow | null> {
    return this.db.maybeOne(sql.type(authorizationRequestRow)`select ${columns} from oauth_authorization_requests where id = ${id} for update`);
  }

  /** The consent page's sign-in: who signed in, and the ticket (hashed) that carries it to the decision. */
  async signIn(id: string, userId: string, ticketHash: string): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`
      update oauth_authorization_requests set consent_user_id = ${userId}, consent_ticket_hash = ${ticketHash}
      where id = ${id} and status = 'pending' and expires_at > now()`);
    return result.rowCount === 1;
  }

  async decide(id: string, userId: string, status: 'approved' | 'denied'): Promise<void> {
    await this.db.query(sql.unsafe`
      update oauth_authorization_requests set status = ${status}, user_id = ${userId}, decided_at = now(), consent_ticket_hash = null
      where id = ${id}`);
  }

  /** Requests long past their life: nobody can decide them any more. */
  async purgeExpired(olderThanSeconds: number): Promise<void> {
    await this.db.query(sql.unsafe`delete from oauth_authorization_requests where expires_at < now() - make_interval(secs => ${olderThanSeconds})`);
  }
}
