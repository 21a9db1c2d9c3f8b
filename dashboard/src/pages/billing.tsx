/**
 * Plans and payment: the public plans with the one held marked, a paid plan, a credit pack or the
 * operator's private offer of extra requests (a request pack) bought through Stripe Checkout, the Stripe customer portal for the card and invoices; and the
 * page Checkout sends the customer back to, which shows what the webhook settled (asked again
 * every two seconds until the purchase is in the account).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, post, type Session } from '../api.ts';
import { errorText, formatDate, Link, Notice } from '../components.tsx';

interface Plan {
  code: string;
  name: string;
  price_cents: number;
  currency: string;
  interval: string;
  request_limit: number | null;
  limit_period: 'day' | 'month';
  rps_limit: number | null;
  report_credits: number;
}
interface CreditPack {
  code: string;
  name: string;
  credits: number;
  price_cents: number;
  currency: string;
}
/** The operator's open offer of extra requests made for this account (in the billing details; null when there is none). */
interface RequestPackOffer {
  id: string;
  requests: number;
  price_cents: number;
  currency: string;
  expires_at: string | null;
  note: string | null;
}
interface BillingDetails {
  plan_code: string;
  plan_name: string;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  card: { brand: string; last4: string } | null;
  request_pack_offer: RequestPackOffer | null;
  /** False when the server takes no payments (Stripe is not set up): nothing can be bought here. */
  payments_available: boolean;
}
interface CheckoutStatus {
  status: string;
  payment_status: string;
  product_code: string | null;
  fulfilled: boolean;
  credits_added?: number;
  requests_added?: number;
}

/** An amount in the smallest unit of its currency, written as people read it. */
export const amount = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
/** A price: a free plan says so instead of a zero. */
export const money = (cents: number, currency: string) => (cents === 0 ? 'No charge' : amount(cents, currency));

const limitText = (plan: Plan) =>
  plan.request_limit === null ? 'Unlimited requests' : `${plan.request_limit.toLocaleString('en-GB')} requests a ${plan.limit_period}`;

/** Where Checkout and the portal send the customer back: this dashboard. */
const returnUrl = `${location.origin}/dashboard/billing/return?session_id={CHECKOUT_SESSION_ID}`;
const billingUrl = `${location.origin}/dashboard/billing`;

async function requestPackCheckout(): Promise<void> {
  const { checkout_url } = await post<{ checkout_url: string }>('/api/v1/billing/request-pack/checkout', { success_url: returnUrl, cancel_url: billingUrl });
  location.assign(checkout_url);
}

async function checkout(productCode: string): Promise<void> {
  const { checkout_url } = await post<{ checkout_url: string }>('/api/v1/billing/checkout', {
    product_code: productCode,
    success_url: returnUrl,
    cancel_url: billingUrl,
  });
  location.assign(checkout_url);
}

/** The busy marker of the request pack's button (product codes never take this form). */
const REQUEST_PACK = '#request-pack';
/** Where the portal's error is shown (product codes never take this form either). */
const PORTAL = '#portal';

const NO_PAYMENTS = 'Payments are not set up on this server, so nothing can be bought here for now.';

/** A failed purchase in plain words: the server's own sentence, except where it speaks to the operator. */
function purchaseError(error: unknown): string {
  if (error instanceof ApiError && error.status === 503) return NO_PAYMENTS;
  if (error instanceof ApiError && error.status >= 500) return 'The payment page could not be opened. Try again in a moment.';
  if (error instanceof TypeError) return 'The service could not be reached. Check your connection and try again.';
  return errorText(error);
}

/** What went wrong with which button: the message is drawn beside that button, where the person looks. */
interface Failure {
  where: string;
  text: string;
}

function FailureNotice(props: { failure: Failure | null; where: string }) {
  return props.failure?.where === props.where ? (
    <Notice kind="error" reveal>
      {props.failure.text}
    </Notice>
  ) : null;
}

export function Billing(props: { session: Session }) {
  const [plans, setPlans] = useState<Plan[]>([]);
  const [packs, setPacks] = useState<CreditPack[]>([]);
  const [details, setDetails] = useState<BillingDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    const fail = (e: unknown) => setError(errorText(e));
    get<Plan[]>('/api/v1/billing/plans').then(setPlans, fail);
    get<CreditPack[]>('/api/v1/billing/credit-packs').then(setPacks, fail);
    get<BillingDetails>(`/api/v1/billing/subscription/${encodeURIComponent(props.session.user_id)}`).then(setDetails, fail);
  }, []);
  const offer = details?.request_pack_offer ?? null;
  // No buying button until the server has said it takes payments: none that cannot work is shown.
  const canPay = details?.payments_available === true;
  const buy = async (code: string) => {
    setBusy(code);
    setFailure(null);
    try {
      await (code === REQUEST_PACK ? requestPackCheckout() : checkout(code));
    } catch (e) {
      setFailure({ where: code, text: purchaseError(e) });
      setBusy(null);
    }
  };
  const portal = async () => {
    setBusy(PORTAL);
    setFailure(null);
    try {
      location.assign((await post<{ portal_url: string }>('/api/v1/billing/portal', { return_url: billingUrl })).portal_url);
    } catch (e) {
      setFailure({ where: PORTAL, text: purchaseError(e) });
      setBusy(null);
    }
  };
  return (
    <>
      <h1>Plan and billing</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {details && (
        <section class="card" aria-labelledby="current-title">
          <h2 id="current-title">Current plan</h2>
          <p>
            <span class="badge" id="current-plan">
              {details.plan_name}
            </span>{' '}
            {details.status}
            {details.current_period_end && (details.cancel_at_period_end ? ', ends ' : ', renews ') + formatDate(details.current_period_end)}
            {details.card && ` · ${details.card.brand} ending ${details.card.last4}`}
          </p>
          {!details.payments_available && (
            <p class="notice notice-info" id="no-payments">
              {NO_PAYMENTS} Everything included in your plan works as usual.
            </p>
          )}
          {details.plan_code !== 'free' && canPay && (
            <>
              <FailureNotice failure={failure} where={PORTAL} />
              <button type="button" class="secondary" onClick={portal} disabled={busy !== null}>
                {busy === PORTAL ? 'Opening…' : 'Manage card, invoices or cancellation'}
              </button>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        <ul class="plans">
          {plans.map((plan) => {
            const held = details?.plan_code === plan.code;
            return (
              <li key={plan.code} class={`card plan${held ? ' held' : ''}`} data-plan={plan.code}>
                <h3>{plan.name}</h3>
                <p class="price">
                  {money(plan.price_cents, plan.currency)}
                  {plan.price_cents > 0 && <span class="hint"> / {plan.interval}</span>}
                </p>
                <ul class="plan-facts">
                  <li>{limitText(plan)}</li>
                  <li>{plan.rps_limit ? `${plan.rps_limit} request${plan.rps_limit === 1 ? '' : 's'} a second` : 'No per-second limit'}</li>
                  <li>{plan.report_credits ? `${plan.report_credits} report credits each period` : 'No report credits included'}</li>
                </ul>
                {held ? (
                  <p class="badge status-active">Your plan</p>
                ) : plan.price_cents > 0 && canPay ? (
                  <div class="plan-action">
                    <FailureNotice failure={failure} where={plan.code} />
                    <button type="button" disabled={busy !== null} onClick={() => buy(plan.code)} aria-label={`Choose ${plan.name}`}>
                      {busy === plan.code ? 'Opening checkout…' : `Choose ${plan.name}`}
                    </button>
                  </div>
                ) : plan.price_cents > 0 ? (
                  details && <p class="hint">Not on sale on this server.</p>
                ) : (
                  <p class="hint">Included when no paid plan is held.</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {offer && (
        <section aria-labelledby="request-pack-title" class="card" id="request-pack">
          <h2 id="request-pack-title">Extra requests</h2>
          <p>
            An offer made for your account: {offer.requests.toLocaleString('en-GB')} more requests in this period for{' '}
            {amount(offer.price_cents, offer.currency)}, paid once{offer.expires_at ? `, until ${formatDate(offer.expires_at)}` : ''}.
          </p>
          {offer.note && <p class="hint">{offer.note}</p>}
          <FailureNotice failure={failure} where={REQUEST_PACK} />
          {canPay && (
            <button type="button" disabled={busy !== null} onClick={() => buy(REQUEST_PACK)} aria-label={`Buy ${offer.requests} extra requests`}>
              {busy === REQUEST_PACK ? 'Opening checkout…' : 'Buy these requests'}
            </button>
          )}
        </section>
      )}
      {packs.length > 0 && (
        <section aria-labelledby="packs-title" class="card">
          <h2 id="packs-title">Report credits</h2>
          <p class="hint">One payment, no subscription: each credit pays for one PDF report.</p>
          <ul class="packs">
            {packs.map((pack) => (
              <li key={pack.code}>
                <div class="pack-line">
                  <span>
                    {pack.name}: {pack.credits} credits for {money(pack.price_cents, pack.currency)}
                  </span>
                  {canPay && (
                    <button type="button" class="secondary small" disabled={busy !== null} onClick={() => buy(pack.code)} aria-label={`Buy ${pack.name}`}>
                      {busy === pack.code ? 'Opening…' : 'Buy'}
                    </button>
                  )}
                </div>
                <FailureNotice failure={failure} where={pack.code} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The page Checkout returns to: the purchase's state, asked again until the webhook has settled it. */
export function CheckoutReturn() {
  const sessionId = new URLSearchParams(location.search).get('session_id');
  const [status, setStatus] = useState<CheckoutStatus | null>(null);
  const [error, setError] = useState<string | null>(sessionId ? null : 'Nothing to show here: this page opens when you come back from a payment.');
  useEffect(() => {
    if (!sessionId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const ask = () =>
      get<CheckoutStatus>(`/api/v1/billing/checkout-status?session_id=${encodeURIComponent(sessionId)}`).then(
        (s) => {
          setStatus(s);
          // Stripe's webhook may arrive after the customer: ask again for two minutes.
          if (!s.fulfilled && s.status !== 'expired' && ++tries < 60) timer = setTimeout(ask, 2000);
        },
        (e) => setError(errorText(e)),
      );
    void ask();
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <h1>Payment</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {status && (
        <section class="card" aria-labelledby="outcome-title" aria-live="polite">
          <h2 id="outcome-title">
            {status.fulfilled
              ? 'Thank you: your purchase is in your account'
              : status.status === 'expired'
                ? 'This checkout expired'
                : 'Waiting for the payment to settle…'}
          </h2>
          <dl class="figures">
            <div>
              <dt>Product</dt>
              <dd id="checkout-product">{status.product_code ?? '—'}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd id="checkout-payment">{status.payment_status}</dd>
            </div>
            <div>
              <dt>In your account</dt>
              <dd id="checkout-fulfilled">{status.fulfilled ? 'yes' : 'not yet'}</dd>
            </div>
            {status.credits_added !== undefined && (
              <div>
                <dt>Credits added</dt>
                <dd>{status.credits_added}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <p>
        <Link to="/billing">Back to plans</Link> · <Link to="/usage">See your quota</Link>
      </p>
    </>
  );
}
