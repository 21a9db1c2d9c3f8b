/**
 * Verifying a Stripe webhook's `stripe-signature` header with the SDK, against each configured
 * secret (several during a rotation), within STRIPE_WEBHOOK_TOLERANCE_SECONDS.
 *
 * The SDK refuses a signature older than the tolerance but takes any timestamp in the future. A
 * signed request dated ahead is one the sender (or someone who held the secret for a while)
 * prepared to be replayed later, past the window meant to bound replays: the same tolerance
 * bounds it ahead of our clock too, which leaves ample room for clocks that disagree.
 */
import type Stripe from 'stripe';

/**
 * The timestamp the SDK verifies: the `t` element of the header, the last one when there are
 * several (as its parser reads it), in seconds; NaN when there is none or it is not a number.
 */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/** The event when a secret's signature holds; null when none does; 'not_json' when one does but the body is not JSON. */
export function verifyWebhook(
  stripe: Stripe,
  secrets: readonly string[],
  toleranceSeconds: number,
  payload: Buffer,
  header: string | undefined,
): Stripe.Event | null | 'not_json' {
  if (!header || header.length > 4096) return null;
  const timestamp = signedAt(header);
  if (!Number.isFinite(timestamp) || timestamp > Date.now() / 1000 + toleranceSeconds) return null;
  for (const secret of secrets) {
    try {
      return stripe.webhooks.constructEvent(payload, header, secret, toleranceSeconds);
    } catch (error) {
      // The SDK parses the body only once the signature holds: a signed body that is not JSON.
      if (error instanceof SyntaxError) return 'not_json';
      // Next secret: during a rotation Stripe signs with the new one, older events with the old.
    }
  }
  return null;
}
