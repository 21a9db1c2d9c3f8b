/** Request and response schemas of the dashboard's sign-in and session endpoints. */
import { z } from 'zod/v4';

export const signInRequest = z
  .object({ email: z.email().max(254).describe('The address to sign in with; an account is made for it on the first sign-in.') })
  .meta({ id: 'DashboardSignInRequest', example: { email: 'ada@example.com' } });

export const signInStarted = z
  .object({
    status: z.literal('sent').describe('The e-mail with the code and the link is on its way (the same answer for every valid address)'),
    expires_in: z.number().int().describe('Seconds the code and the link stay good'),
  })
  .meta({ id: 'DashboardSignInStarted' });

export const codeRequest = z
  .object({
    email: z.email().max(254).describe('The address the code was sent to.'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'the code is six digits')
      .describe('The six-digit code from the e-mail.'),
  })
  .meta({ id: 'DashboardSignInCode', example: { email: 'ada@example.com', code: '042917' } });

export const linkRequest = z
  .object({ link: z.string().min(20).max(100).describe('The secret after `#link=` in the e-mail link.') })
  .meta({ id: 'DashboardSignInLink', example: { link: 'x3Vb9kQ2mW8rT5yN1pL7cF4hJ6dS0aZeXgUoIqRtYw' } });

export const sessionResponse = z
  .object({
    user_id: z.string().describe('The signed-in user'),
    email: z.string().describe("The user's e-mail address"),
    csrf_token: z.string().describe('Send it back in the `x-csrf-token` header of every state-changing call made with the session cookie'),
  })
  .meta({ id: 'DashboardSession' });

export const signedOut = z
  .object({ status: z.literal('signed_out').describe('The session is over and its cookie cleared') })
  .meta({ id: 'DashboardSignedOut' });

export const sessionState = z
  .object({
    signed_in: z.boolean().describe('False when the request carries no live session (signed out, expired, or an account being deleted)'),
    user_id: z.string().nullable().describe('The signed-in user; null when signed out'),
    email: z.string().nullable().describe("The user's e-mail address; null when signed out"),
    csrf_token: z.string().nullable().describe('The x-csrf-token of state-changing calls; null when signed out'),
  })
  .meta({ id: 'DashboardSessionState' });
