/**
 * A local stand-in for the Stripe API, owned by this project: a `node:http` server on 127.0.0.1
 * that keeps customers, prices, Checkout and portal sessions, subscriptions, invoices, payments,
 * refunds and disputes in memory and answers with Stripe-shaped JSON and error envelopes. The
 * official SDK reaches it through its host/port/protocol options.
 *
 * Tests drive what a customer or Stripe would do (complete a session, renew, fail a payment,
 * refund...) through methods here; every such change records the events Stripe would send, and
 * tests deliver them to the app, signed, when and in the order they choose (twice, reversed...).
 */
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { listOf, parseStripeForm, type FormObject, type FormValue } from './stripe-form.ts';

type Obj = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: FormObject;
  idempotencyKey?: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Obj };
}

interface Failure {
  method: string;
  path: RegExp;
  status: number;
  times: number;
  type: string;
}

const MONTH = 30 * 86400;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const clone = <T>(value: T): T => structuredClone(value);
const str = (v: FormValue | undefined) => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormObject => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export class StripeStandIn {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly apiVersion = '2026-10-28.endive';
  readonly requests: RecordedRequest[] = [];
  readonly events: StripeEvent[] = [];
  /** Events not delivered yet, oldest first. */
  pending: StripeEvent[] = [];
  /** Where webhooks go; set by the test once the app listens. */
  webhookUrl?: string;
  /** While true every request fails as if the network were down (the socket is closed). */
  down = false;

  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly charges = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly disputes = new Map<string, Obj>();

  private readonly failures: Failure[] = [];
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Seconds added to the clock (renewals move time forward). */
  private clockOffset = 0;
  private server?: http.Server;
  port = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The settings that point the service at this stand-in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_WEBHOOK_SECRETS: this.webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_MAX_NETWORK_RETRIES: '0',
      ...extra,
    };
  }

  /** The next `times` requests matching method and path answer `status` with an error envelope. */
  failNext(options: { method?: string; path: RegExp; status?: number; times?: number; type?: string }): void {
    this.failures.push({
      method: options.method ?? '*',
      path: options.path,
      status: options.status ?? 500,
      times: options.times ?? 1,
      type: options.type ?? 'api_error',
    });
  }

  clearFailures(): void {
    this.failures.length = 0;
  }

  // ---------------------------------------------------------------- catalogue (test set-up)

  createPrice(input: { id?: string; unitAmount: number; currency?: string; interval?: 'month' | 'year' | 'week' | 'day'; product?: string }): Obj {
    const price = {
      id: input.id ?? id('price'),
      object: 'price',
      active: true,
      currency: input.currency ?? 'usd',
      unit_amount: input.unitAmount,
      recurring: input.interval ? { interval: input.interval, interval_count: 1, usage_type: 'licensed' } : null,
      type: input.interval ? 'recurring' : 'one_time',
      product: input.product ?? id('prod'),
      livemode: false,
      metadata: {},
      created: this.now(),
    };
    this.prices.set(price.id, price);
    return price;
  }

  // ---------------------------------------------------------------- what customers and Stripe do

  /**
   * The customer pays on the Checkout page. Subscription mode creates the subscription and its
   * first paid invoice; payment mode a succeeded PaymentIntent. `asyncPayment` leaves the payment
   * processing (settle it with settleAsyncPayment).
   */
  completeCheckout(sessionId: string, options: { card?: { brand: string; last4: string }; asyncPayment?: boolean } = {}): Obj {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
    let customerId = session.customer as string | null;
    if (!customerId) customerId = this.createCustomer({ email: session.customer_details?.email ?? null }).id;
    session.customer = customerId;
    const pm = this.attachCard(customerId!, options.card ?? { brand: 'visa', last4: '4242' });
    session.status = 'complete';
    if (session.mode === 'subscription') {
      const sub = this.createSubscription(customerId!, session.line_items, session.subscription_data?.metadata ?? {}, pm.id);
      session.subscription = sub.id;
      session.payment_status = 'paid';
      this.emit('customer.subscription.created', sub);
      const invoice = this.createInvoice(sub, 'subscription_create', true);
      this.emit('invoice.paid', invoice);
      this.emit('checkout.session.completed', session);
    } else {
      const intent = this.createPaymentIntent(
        customerId!,
        session.amount_total,
        session.currency,
        !options.asyncPayment,
        session.payment_intent_data?.metadata ?? {},
      );
      session.payment_intent = intent.id;
      session.payment_status = options.asyncPayment ? 'unpaid' : 'paid';
      this.emit('checkout.session.completed', session);
    }
    return session;
  }

  settleAsyncPayment(sessionId: string, succeeded: boolean): void {
    const session = this.sessions.get(sessionId)!;
    const intent = this.paymentIntents.get(session.payment_intent)!;
    intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
    session.payment_status = succeeded ? 'paid' : 'unpaid';
    if (succeeded) this.chargeFor(intent);
    this.emit(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session);
  }

  expireCheckout(sessionId: string): void {
    const session = this.sessions.get(sessionId)!;
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
  }

  /** The next billing period starts and its invoice is paid. */
  renew(subscriptionId: string): Obj {
    const sub = this.subscriptions.get(subscriptionId)!;
    this.advancePeriod(sub);
    sub.status = 'active';
    const invoice = this.createInvoice(sub, 'subscription_cycle', true);
    this.emit('invoice.paid', invoice);
    this.emit('customer.subscription.updated', sub);
    return invoice;
  }

  /** The next period's invoice cannot be paid: the subscription becomes past due. */
  failPayment(subscriptionId: string): Obj {
    const sub = this.subscriptions.get(subscriptionId)!;
    this.advancePeriod(sub);
    const invoice = this.createInvoice(sub, 'subscription_cycle', false);
    sub.status = 'past_due';
    sub.latest_invoice = invoice.id;
    this.emit('invoice.payment_failed', invoice);
    this.emit('customer.subscription.updated', sub);
    return invoice;
  }

  /** Stripe gave up retrying a failed invoice: the subscription ends or stays unpaid. */
  endAfterFailedRetries(subscriptionId: string, outcome: 'canceled' | 'unpaid'): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = outcome;
    if (outcome === 'canceled') {
      sub.canceled_at = sub.ended_at = this.now();
      this.emit('customer.subscription.deleted', sub);
    } else {
      this.emit('customer.subscription.updated', sub);
    }
  }

  pause(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = 'paused';
    this.emit('customer.subscription.paused', sub);
  }

  resume(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.status = 'active';
    this.emit('customer.subscription.resumed', sub);
  }

  refund(paymentIntentId: string, amount?: number): Obj {
    const intent = this.paymentIntents.get(paymentIntentId)!;
    const charge = this.charges.get(intent.latest_charge)!;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount: amount ?? intent.amount,
      currency: intent.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      created: this.now(),
      metadata: {},
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += refund.amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  dispute(paymentIntentId: string): Obj {
    const intent = this.paymentIntents.get(paymentIntentId)!;
    const dispute = {
      id: id('dp'),
      object: 'dispute',
      amount: intent.amount,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: 'needs_response',
      reason: 'fraudulent',
      created: this.now(),
      metadata: {},
    };
    this.disputes.set(dispute.id, dispute);
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }

  /** A refund the bank could not pay out: the money stays with the merchant. */
  failRefund(refundId: string): Obj {
    const refund = this.refunds.get(refundId)!;
    const charge = this.charges.get(refund.charge)!;
    refund.status = 'failed';
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    this.emit('refund.failed', refund);
    return refund;
  }

  /** A dispute ends: `won` gives the merchant the funds back, `lost` leaves them with the customer. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): Obj {
    const dispute = this.disputes.get(disputeId)!;
    dispute.status = status;
    this.emit('charge.dispute.closed', dispute);
    if (status === 'won') this.emit('charge.dispute.funds_reinstated', dispute);
    return dispute;
  }

  /** An event of a type the service does not handle (it must still be acknowledged). */
  emitOther(type: string, object: Obj): StripeEvent {
    return this.emit(type, object);
  }

  // ---------------------------------------------------------------- webhooks

  /** Signs a payload as Stripe does: `t=<ts>,v1=<hex HMAC-SHA256 of "<ts>.<payload>">`. */
  sign(payload: string, secret = this.webhookSecret, timestamp = Math.floor(Date.now() / 1000)): string {
    return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
  }

  /** Posts one event to the app; returns the app's status. */
  async deliver(event: StripeEvent, options: { secret?: string; signature?: string; timestamp?: number } = {}): Promise<{ status: number; body: string }> {
    if (!this.webhookUrl) throw new Error('webhookUrl is not set');
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': options.signature ?? this.sign(payload, options.secret, options.timestamp),
      },
      body: payload,
    });
    const body = await res.text();
    this.pending = this.pending.filter((e) => e !== event || res.status >= 300);
    return { status: res.status, body };
  }

  /** Delivers every pending event (in order, or reversed), each `times` times; fails on a non-2xx answer. */
  async deliverAll(options: { reverse?: boolean; times?: number } = {}): Promise<StripeEvent[]> {
    const batch = options.reverse ? [...this.pending].reverse() : [...this.pending];
    for (const event of batch) {
      for (let i = 0; i < (options.times ?? 1); i++) {
        const { status, body } = await this.deliver(event);
        if (status !== 200) throw new Error(`webhook ${event.type} answered ${status}: ${body}`);
      }
    }
    return batch;
  }

  takePending(type?: string): StripeEvent[] {
    const taken = this.pending.filter((e) => !type || e.type === type);
    this.pending = this.pending.filter((e) => !taken.includes(e));
    return taken;
  }

  private emit(type: string, object: Obj): StripeEvent {
    const event: StripeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: this.now(),
      api_version: this.apiVersion,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: object.object === 'checkout.session' ? this.publicSession(object) : clone(object) },
    };
    this.events.push(event);
    this.pending.push(event);
    return event;
  }

  // ---------------------------------------------------------------- state changes

  private createCustomer(params: FormObject | Obj): Obj {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: clone(obj(params.metadata as FormValue)),
      created: this.now(),
      livemode: false,
      invoice_settings: { default_payment_method: null },
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private attachCard(customerId: string, card: { brand: string; last4: string }): Obj {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: customerId,
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
      created: this.now(),
    };
    this.paymentMethods.set(pm.id, pm);
    this.customers.get(customerId)!.invoice_settings.default_payment_method = pm.id;
    return pm;
  }

  private createSubscription(customerId: string, lineItems: Obj[], metadata: Obj, paymentMethodId: string): Obj {
    const start = this.now();
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: customerId,
      status: 'active',
      currency: 'usd',
      metadata: clone(metadata),
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      start_date: start,
      created: start,
      billing_cycle_anchor: start,
      default_payment_method: paymentMethodId,
      latest_invoice: null,
      livemode: false,
      pause_collection: null,
      collection_method: 'charge_automatically',
      items: { object: 'list', has_more: false, url: '', data: [] as Obj[] },
    };
    for (const line of lineItems) {
      const price = this.prices.get(line.price)!;
      sub.currency = price.currency;
      sub.items.data.push({
        id: id('si'),
        object: 'subscription_item',
        price: clone(price),
        quantity: line.quantity,
        subscription: sub.id,
        current_period_start: start,
        current_period_end: start + MONTH,
        created: start,
        metadata: {},
      });
    }
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  private advancePeriod(sub: Obj): void {
    for (const item of sub.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = item.current_period_start + MONTH;
    }
    this.clockOffset = Math.max(this.clockOffset, sub.items.data[0].current_period_start - Math.floor(Date.now() / 1000));
  }

  private createInvoice(sub: Obj, reason: string, paid: boolean): Obj {
    const item = sub.items.data[0];
    const amount = sub.items.data.reduce((sum: number, i: Obj) => sum + i.price.unit_amount * i.quantity, 0);
    const invoice: Obj = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: reason,
      currency: sub.currency,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      total: amount,
      subtotal: amount,
      attempt_count: 1,
      attempted: true,
      created: this.now(),
      number: `INV-${randomBytes(3).toString('hex').toUpperCase()}`,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      livemode: false,
      metadata: {},
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) } },
      status_transitions: { paid_at: paid ? this.now() : null, finalized_at: this.now(), voided_at: null, marked_uncollectible_at: null },
      lines: {
        object: 'list',
        has_more: false,
        url: '',
        data: sub.items.data.map((i: Obj) => ({
          id: id('il'),
          object: 'line_item',
          amount: i.price.unit_amount * i.quantity,
          currency: sub.currency,
          quantity: i.quantity,
          period: { start: i.current_period_start, end: i.current_period_end },
          pricing: { type: 'price_details', price_details: { price: i.price.id, product: i.price.product }, unit_amount_decimal: String(i.price.unit_amount) },
        })),
      },
      payments: { object: 'list', has_more: false, url: '', data: [] as Obj[] },
    };
    const intent = this.createPaymentIntent(sub.customer, amount, sub.currency, paid, {});
    invoice.payments.data.push({
      id: id('inpay'),
      object: 'invoice_payment',
      amount_paid: paid ? amount : null,
      amount_requested: amount,
      currency: sub.currency,
      is_default: true,
      status: paid ? 'paid' : 'open',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: this.now(),
    });
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private createPaymentIntent(customerId: string, amount: number, currency: string, succeeded: boolean, metadata: Obj): Obj {
    const intent: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency,
      customer: customerId,
      status: succeeded ? 'succeeded' : 'processing',
      latest_charge: null,
      metadata: clone(metadata),
      created: this.now(),
    };
    this.paymentIntents.set(intent.id, intent);
    if (succeeded) this.chargeFor(intent);
    return intent;
  }

  private chargeFor(intent: Obj): void {
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      status: 'succeeded',
      created: this.now(),
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
  }

  private cancelSubscription(sub: Obj): void {
    if (sub.status === 'canceled') return;
    sub.status = 'canceled';
    sub.canceled_at = sub.ended_at = this.now();
    this.emit('customer.subscription.deleted', sub);
  }

  // ---------------------------------------------------------------- the HTTP API

  /** A session as the API shows it: what it was created with stays inside the stand-in. */
  private publicSession(session: Obj): Obj {
    const { line_items: _lines, subscription_data: _sub, payment_intent_data: _pi, ...shown } = clone(session);
    return shown;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': this.apiVersion });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const failure = this.failures.find((f) => (f.method === '*' || f.method === method) && f.path.test(url.pathname));
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      return send(failure.status, { error: { type: failure.type, message: 'The stand-in was told to fail this request.' } });
    }
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
    const replay = replayKey ? this.idempotent.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body);
    let status = 200;
    let body: unknown;
    try {
      body = this.route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = {
        error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) },
      };
    }
    if (replayKey) this.idempotent.set(replayKey, { status, body });
    send(status, body);
  }

  private route(method: string, path: string, params: FormObject): unknown {
    const expand = listOf(params.expand).map(String);
    const m = (pattern: RegExp) => pattern.exec(path);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if ((match = m(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.found(this.customers, match[1]!, 'customer');
      if (method === 'GET') return customer.deleted ? { id: customer.id, object: 'customer', deleted: true } : customer;
      if (method === 'DELETE') {
        if (customer.deleted) throw new StripeApiError(404, 'invalid_request_error', `No such customer: '${customer.id}'`, 'resource_missing', 'id');
        for (const sub of this.subscriptions.values()) if (sub.customer === customer.id) this.cancelSubscription(sub);
        customer.deleted = true;
        this.emit('customer.deleted', customer);
        return { id: customer.id, object: 'customer', deleted: true };
      }
    }
    if ((match = m(/^\/v1\/prices\/([^/]+)$/)) && method === 'GET') return this.found(this.prices, match[1]!, 'price');
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    if ((match = m(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const stored = this.found(this.sessions, match[1]!, 'checkout.session');
      const lines = stored.line_items;
      const session = this.publicSession(stored);
      if (expand.includes('line_items'))
        session.line_items = {
          object: 'list',
          has_more: false,
          url: '',
          data: lines.map((l: Obj) => ({
            id: id('li'),
            object: 'item',
            quantity: l.quantity,
            price: l.price ? this.prices.get(l.price) : null,
            amount_total: l.amount * l.quantity,
            currency: session.currency,
          })),
        };
      return session;
    }
    if ((match = m(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') {
      const session = this.found(this.sessions, match[1]!, 'checkout.session');
      if (session.status !== 'open') throw new StripeApiError(400, 'invalid_request_error', 'Only open sessions can be expired.');
      this.expireCheckout(session.id);
      return this.publicSession(session);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(params.customer);
      if (!customer || !this.customers.has(customer) || this.customers.get(customer)!.deleted)
        throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: str(params.return_url) ?? null,
        url: `http://127.0.0.1:${this.port}/portal/${randomBytes(16).toString('hex')}`,
        created: this.now(),
        livemode: false,
      };
      this.portalSessions.set(portal.id, portal);
      return portal;
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = str(params.customer);
      const wanted = str(params.status) ?? 'active';
      const data = [...this.subscriptions.values()].filter((s) => (!customer || s.customer === customer) && (wanted === 'all' || s.status === wanted));
      return { object: 'list', has_more: false, url: '/v1/subscriptions', data };
    }
    if ((match = m(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.found(this.subscriptions, match[1]!, 'subscription');
      if (method === 'GET') {
        const copy = clone(sub);
        if (expand.includes('default_payment_method') && copy.default_payment_method)
          copy.default_payment_method = this.paymentMethods.get(copy.default_payment_method) ?? null;
        return copy;
      }
      if (method === 'DELETE') {
        if (sub.status === 'canceled') throw new StripeApiError(400, 'invalid_request_error', 'This subscription has already been canceled.');
        this.cancelSubscription(sub);
        return sub;
      }
    }
    if ((match = m(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') {
      const invoice = clone(this.found(this.invoices, match[1]!, 'invoice'));
      if (!expand.includes('payments')) delete invoice.payments;
      return invoice;
    }
    if ((match = m(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') return this.found(this.paymentIntents, match[1]!, 'payment_intent');
    if ((match = m(/^\/v1\/refunds\/([^/]+)$/)) && method === 'GET') return this.found(this.refunds, match[1]!, 'refund');
    if (method === 'GET' && path === '/v1/refunds') {
      const charge = str(params.charge);
      return { object: 'list', has_more: false, url: '/v1/refunds', data: [...this.refunds.values()].filter((r) => !charge || r.charge === charge) };
    }
    if ((match = m(/^\/v1\/disputes\/([^/]+)$/)) && method === 'GET') return this.found(this.disputes, match[1]!, 'dispute');
    if ((match = m(/^\/v1\/charges\/([^/]+)$/)) && method === 'GET') return this.found(this.charges, match[1]!, 'charge');
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private found(map: Map<string, Obj>, key: string, kind: string): Obj {
    const value = map.get(key);
    if (!value) throw new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${key}'`, 'resource_missing', 'id');
    return value;
  }

  private createSession(params: FormObject): Obj {
    const mode = str(params.mode);
    if (mode !== 'subscription' && mode !== 'payment') throw new StripeApiError(400, 'invalid_request_error', 'Invalid mode', undefined, 'mode');
    if (!str(params.success_url))
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing', 'success_url');
    const customer = str(params.customer);
    if (customer && (!this.customers.has(customer) || this.customers.get(customer)!.deleted))
      throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
    const items = listOf(params.line_items).map((raw) => obj(raw));
    if (!items.length) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    let currency: string | undefined;
    const lines = items.map((item, index) => {
      const quantity = Number(str(item.quantity) ?? '1');
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new StripeApiError(400, 'invalid_request_error', 'Invalid quantity', undefined, `line_items[${index}][quantity]`);
      const priceId = str(item.price);
      if (priceId) {
        const price = this.prices.get(priceId);
        if (!price) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'resource_missing', `line_items[${index}][price]`);
        if ((mode === 'subscription') !== (price.type === 'recurring'))
          throw new StripeApiError(400, 'invalid_request_error', `The price ${priceId} does not fit mode ${mode}.`, undefined, `line_items[${index}][price]`);
        currency = price.currency;
        return { price: priceId, quantity, amount: price.unit_amount };
      }
      const data = obj(item.price_data);
      const amount = Number(str(data.unit_amount));
      if (!str(data.currency) || !Number.isInteger(amount) || amount < 1 || !str(obj(data.product_data).name))
        throw new StripeApiError(400, 'invalid_request_error', 'Invalid price_data', undefined, `line_items[${index}][price_data]`);
      if (mode === 'subscription')
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'The stand-in takes inline prices in payment mode only',
          undefined,
          `line_items[${index}][price_data]`,
        );
      currency = str(data.currency);
      return { price: null, price_data: data, quantity, amount };
    });
    const session: Obj = {
      id: `cs_test_${randomBytes(16).toString('hex')}`,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      metadata: clone(obj(params.metadata)),
      success_url: null,
      cancel_url: str(params.cancel_url) ?? null,
      currency,
      amount_total: lines.reduce((sum, l) => sum + l.amount * l.quantity, 0),
      subscription: null,
      payment_intent: null,
      subscription_data: { metadata: clone(obj(obj(params.subscription_data).metadata)) },
      payment_intent_data: { metadata: clone(obj(obj(params.payment_intent_data).metadata)) },
      created: this.now(),
      expires_at: this.now() + 86400,
      livemode: false,
      line_items: lines,
    };
    // Stripe fills in the session id where the success URL asks for it.
    session.success_url = str(params.success_url)!.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    session.url = `http://127.0.0.1:${this.port}/checkout/${session.id}`;
    this.sessions.set(session.id, session);
    return this.publicSession(session);
  }
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  return new StripeStandIn().start();
}
