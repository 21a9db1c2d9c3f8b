/**
 * The dashboard's plan and settings pages in real Chromium, against the Stripe stand-in: a
 * customer chooses the Entry plan, is sent to Checkout, pays there, comes back to the
 * checkout-status page, which shows what the webhook settled, and the plan is theirs; then they
 * change their e-mail settings and delete the account with its typed confirmation. No console
 * error on our pages, no serious accessibility violation, screenshots at both widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { checkout, startBillingWorld, type BillingWorld } from '../helpers/billing.ts';
import { createRequestPackOffer } from '../../src/features/billing/request-packs.ts';
import { UserRepository } from '../../src/db/users.ts';
import { hashAdminPassword } from '../../src/features/admin/password.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildDashboardBundle, signInInBrowser, startPortInFront } from '../helpers/dashboard.ts';
import { checkPage, hasBrowser, launchChromium, WAIT, watchErrors } from '../helpers/browser-page-checks.ts';

const OPERATOR = { username: 'operator', password: 'a long operator passphrase' };
let world: BillingWorld;
let inbox: SmtpInbox;
let browser: Browser;
let front: Awaited<ReturnType<typeof startPortInFront>>;

beforeAll(async () => {
  if (!hasBrowser) return;
  buildDashboardBundle();
  inbox = await startSmtpInbox();
  front = await startPortInFront();
  // Checkout may send the customer back only to this dashboard's own origin.
  world = await startBillingWorld({
    env: {
      SMTP_URL: inbox.url,
      BILLING_REDIRECT_ORIGINS: front.origin,
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD_HASH: await hashAdminPassword(OPERATOR.password),
    },
  });
  front.lead(world.server.url);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
  await front?.close();
  await inbox?.close();
});

describe.runIf(hasBrowser)('plan and settings pages in Chromium', () => {
  it('buys the Entry plan through Checkout, sees it settled, changes e-mail settings, deletes the account', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    const email = 'buyer@example.com';
    await signInInBrowser(page, front.origin, inbox, email);

    await page.click('nav a[href="/dashboard/billing"]');
    await page.waitForSelector('button[aria-label="Choose Entry"]', WAIT);
    await page.waitForSelector('#current-plan', WAIT);
    expect((await page.$eval('#current-plan', (el) => el.textContent)).trim()).toBe('Free');
    await checkPage(page, 'billing');

    // To Checkout (the stand-in's page), where the customer pays.
    await Promise.all([page.waitForNavigation(WAIT), page.click('button[aria-label="Choose Entry"]')]);
    const checkoutPage = new URL(page.url());
    const sessionId = checkoutPage.pathname.split('/').pop()!;
    const session = world.stripe.sessions.get(sessionId)!;
    expect(session.success_url).toBe(`${front.origin}/dashboard/billing/return?session_id=${sessionId}`);
    world.stripe.completeCheckout(sessionId);
    // Back before the webhook: the page waits for it and then shows the plan settled.
    await page.goto(session.success_url, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#checkout-fulfilled', WAIT);
    await world.stripe.deliverAll();
    await page.waitForFunction(() => document.querySelector('#checkout-fulfilled')?.textContent === 'yes', WAIT);
    expect(await page.$eval('#checkout-product', (el) => el.textContent)).toBe('entry');
    await checkPage(page, 'billing-return');
    await page.click('main a[href="/dashboard/billing"]');
    await page.waitForFunction(() => document.querySelector('#current-plan')?.textContent?.trim() === 'Entry', WAIT);

    // The customer portal: the stand-in's portal page, which sends the customer back to this page.
    await Promise.all([page.waitForNavigation(WAIT), page.click('main button::-p-text(Manage card)')]);
    const portalUrl = page.url();
    const portalSession = [...world.stripe.portalSessions.values()].find((p) => p.url === portalUrl)!;
    expect(portalSession).toBeTruthy();
    expect(portalSession.return_url).toBe(`${front.origin}/dashboard/billing`);
    await page.goto(String(portalSession.return_url), { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForFunction(() => document.querySelector('#current-plan')?.textContent?.trim() === 'Entry', WAIT);

    // Settings: an e-mail switch saved.
    await page.click('nav a[href="/dashboard/settings"]');
    await page.waitForSelector('#n-product_updates', WAIT);
    const before = await page.$eval('#n-product_updates', (el) => (el as HTMLInputElement).checked);
    await page.click('#n-product_updates');
    await page.click('form[aria-labelledby="mail-title"] button[type="submit"]');
    await page.waitForSelector('form[aria-labelledby="mail-title"] .notice-success', WAIT);
    await checkPage(page, 'settings');
    const saved = await fetch(`${front.origin}/api/v1/settings/notifications`, {
      headers: { cookie: (await browser.defaultBrowserContext().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect((await saved.json()).product_updates).toBe(!before);

    // Deleting needs the address typed; then the account is gone and the session with it.
    expect(await page.$eval('.danger-zone button[type="submit"]', (el) => el.disabled)).toBe(true);
    await page.type('#delete-confirm', email);
    await page.click('.danger-zone button[type="submit"]');
    await page.waitForSelector('#email', WAIT);
    const state = await page.evaluate(async () => (await fetch('/api/v1/dashboard/session')).json());
    expect(state.signed_in).toBe(false);
    // The Checkout page (the stand-in's, with no page or icon to show) is not ours: its errors are not counted.
    const ours = errors.filter((e) => !e.includes(checkoutPage.origin));
    expect(ours, errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('lets the operator sign in, find a customer and their requests, and see the revenue of the purchases', async () => {
    // A customer who bought Entry (Checkout, then Stripe's webhooks) and made a request with their key.
    const customer = await world.signUp('admin-finds-me');
    const sessionId = await checkout(world, customer.token, 'entry', {
      success_url: `${front.origin}/dashboard/billing/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${front.origin}/dashboard/billing`,
    });
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    await world.server.post(
      '/api/v1/natal/calculate',
      { year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' },
      { 'x-api-key': customer.key },
    );
    await world.server.app.usage.flush();
    const paid = [...world.stripe.sessions.values()].filter((s) => s.status === 'complete').length;

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${front.origin}/dashboard/admin`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#admin-username', WAIT);
    await checkPage(page, 'admin-sign-in');
    await page.type('#admin-username', OPERATOR.username);
    await page.type('#admin-password', OPERATOR.password);
    await page.click('form button[type="submit"]');
    await page.waitForSelector('#admin-figures', WAIT);
    await page.waitForSelector('#admin-requests-chart canvas', WAIT);
    await checkPage(page, 'admin-overview');

    await page.click('nav a[href="/dashboard/admin/users"]');
    await page.waitForSelector('#users-table', WAIT);
    await page.type('#user-search', customer.email);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (email: string) => {
        const rows = [...document.querySelectorAll('#users-table tbody tr')];
        return rows.length === 1 && rows[0]!.textContent.includes(email);
      },
      WAIT,
      customer.email,
    );
    expect(await page.$eval('#users-table tbody tr', (el) => el.textContent)).toContain('entry');
    await page.click(`button[aria-label="Requests of ${customer.email}"]`);
    await page.waitForSelector('#user-logs tbody tr', WAIT);
    expect(await page.$eval('#user-logs tbody', (el) => el.textContent)).toContain('/api/v1/natal/calculate');
    await checkPage(page, 'admin-users');

    await page.click('nav a[href="/dashboard/admin/revenue"]');
    await page.waitForSelector('section[data-currency="usd"] .payments', WAIT);
    expect(await page.$eval('section[data-currency="usd"] .payments', (el) => el.textContent)).toBe(String(paid));
    expect(await page.$eval('section[data-currency="usd"] .gross', (el) => el.textContent)).toBe(`US$${(8 * paid).toFixed(2)}`);
    await checkPage(page, 'admin-revenue');

    // Back to the customer: a verification e-mail sent again, then the account deleted after confirming.
    await page.click('nav a[href="/dashboard/admin/users"]');
    await page.waitForSelector('#user-search', WAIT);
    await page.type('#user-search', customer.email);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`button[aria-label="Resend verification to ${customer.email}"]`, WAIT);
    const mails = inbox.messages.length;
    await page.click(`button[aria-label="Resend verification to ${customer.email}"]`);
    await page.waitForSelector('main .notice-success', WAIT);
    expect((await inbox.waitFor(mails + 1)).at(-1)!.to).toEqual([customer.email]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click(`button[aria-label="Delete ${customer.email}"]`);
    await page.waitForFunction(
      (email: string) => document.querySelector('main .notice-success')?.textContent?.startsWith(`Deletion of ${email}`),
      WAIT,
      customer.email,
    );
    // The customer's key is refused from now on.
    expect((await world.server.post('/api/v1/natal/calculate', {}, { 'x-api-key': customer.key })).status).toBe(401);

    await page.click('nav a[href="/dashboard/admin/cohorts"]');
    await page.waitForSelector('#cohort-days', WAIT);
    await page.waitForFunction(() => document.querySelector('main')!.textContent.includes('cohort') || !!document.querySelector('main table'), WAIT);
    await checkPage(page, 'admin-cohorts');
    expect(errors).toEqual([]);
    await page.close();
  });

  // After the operator's test, whose revenue counts the purchases made before it.
  it('buys a report credit pack through Checkout and finds the credits on the Reports page', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await signInInBrowser(page, front.origin, inbox, 'pack-buyer@example.com');
    await page.click('nav a[href="/dashboard/billing"]');
    await page.waitForSelector('button[aria-label="Buy 5 report credits"]', WAIT);
    await Promise.all([page.waitForNavigation(WAIT), page.click('button[aria-label="Buy 5 report credits"]')]);
    const checkoutPage = new URL(page.url());
    const sessionId = checkoutPage.pathname.split('/').pop()!;
    const session = world.stripe.sessions.get(sessionId)!;
    expect(session.mode).toBe('payment');
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    await page.goto(String(session.success_url), { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForFunction(() => document.querySelector('#checkout-fulfilled')?.textContent === 'yes', WAIT);
    expect(await page.$eval('#checkout-product', (el) => el.textContent)).toBe('reports_5');
    await page.click('nav a[href="/dashboard/reports"]');
    await page.waitForSelector('#credits-left', WAIT);
    expect(await page.$eval('#credits-left', (el) => el.textContent)).toBe('5');
    expect(errors.filter((e) => !e.includes(checkoutPage.origin))).toEqual([]);
    await page.close();
  });

  it("shows the operator's request pack offer to its account only, and buys it through Checkout", async () => {
    // A context of its own: the browser is still signed in as the previous test's customer.
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await signInInBrowser(page, front.origin, inbox, 'pack-offer@example.com');
    const user = await new UserRepository(world.server.db).findByEmail('pack-offer@example.com');
    await createRequestPackOffer(world.server.db, { userId: user!.id, requests: 2500, priceCents: 1200, note: 'For the launch week' });
    await page.click('nav a[href="/dashboard/billing"]');
    await page.waitForSelector('#request-pack button', WAIT);
    expect(await page.$eval('#request-pack', (el) => el.textContent)).toMatch(/2,500 more requests.*For the launch week/s);
    await Promise.all([page.waitForNavigation(WAIT), page.click('#request-pack button')]);
    const checkoutPage = new URL(page.url());
    const sessionId = checkoutPage.pathname.split('/').pop()!;
    const session = world.stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(1200);
    world.stripe.completeCheckout(sessionId);
    await world.stripe.deliverAll();
    await page.goto(String(session.success_url), { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForFunction(() => document.querySelector('#checkout-fulfilled')?.textContent === 'yes', WAIT);
    // Bought: the offer is gone from the page.
    await page.goto(`${front.origin}/dashboard/billing`, { waitUntil: 'domcontentloaded', ...WAIT });
    await page.waitForSelector('#current-plan', WAIT);
    expect(await page.$('#request-pack')).toBeNull();
    expect(errors.filter((e) => !e.includes(checkoutPage.origin))).toEqual([]);
    await context.close();
  });
});
