/** Minting dashboard tokens with the HS256 secret: for the embedded mode, scripts and tests. */
import { SignJWT } from 'jose';

export interface TokenInput {
  userId: string;
  email?: string;
  secret: string;
  ttlSeconds?: number;
  audience?: string;
  issuer?: string;
}

export async function mintToken(input: TokenInput): Promise<string> {
  const jwt = new SignJWT(input.email ? { email: input.email } : {})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (input.ttlSeconds ?? 3600));
  if (input.audience) jwt.setAudience(input.audience);
  if (input.issuer) jwt.setIssuer(input.issuer);
  return jwt.sign(new TextEncoder().encode(input.secret));
}
