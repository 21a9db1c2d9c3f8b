/**
 * Return URLs of Checkout and the portal must lead back to our own dashboard: an allow-list of
 * origins (BILLING_REDIRECT_ORIGINS, plus DASHBOARD_URL's origin). Anything else would let a
 * crafted link send a paying customer to someone else's site.
 */
import { RequestFieldError } from '../../requests/request-error.ts';

export class RedirectPolicy {
  private readonly origins: Set<string>;

  constructor(origins: readonly string[], dashboardUrl?: string) {
    this.origins = new Set(origins.map((o) => new URL(o).origin));
    if (dashboardUrl) this.origins.add(new URL(dashboardUrl).origin);
  }

  /** The URL itself when its origin is allowed; a 422 on `field` otherwise. */
  check(value: string, field: string): string {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new RequestFieldError(['body', field], `${field} is not an absolute URL`, 'value_error.url');
    }
    if (!this.origins.has(url.origin) || url.username || url.password) {
      throw new RequestFieldError(
        ['body', field],
        `${field} must point to an allowed origin (${this.origins.size ? [...this.origins].join(', ') : 'none configured: set BILLING_REDIRECT_ORIGINS'})`,
        'value_error.url.origin',
      );
    }
    return value;
  }
}
