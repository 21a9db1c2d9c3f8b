/**
 * The consent page, for deployments without a separate dashboard: plain server-rendered HTML with
 * its style inline, no script and nothing loaded from elsewhere. Two steps: the user signs in
 * (an API key or a dashboard token), then sees who asks, where the answer goes and what for, and
 * allows or denies. Every value shown is escaped.
 */
import type { OAuthClientRow } from '../../db/oauth-clients.ts';
import type { AuthorizationRequestRow } from '../../db/oauth-requests.ts';
import { FAMILIES, scopeOf } from '../mcp/families.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  [scopeOf('western')]: 'Natal charts, the compact natal chart and transits',
  [scopeOf('ephemeris')]: 'Ephemeris tables and the sky events of a day',
  [scopeOf('numerology')]: 'Numerology profiles',
  [scopeOf('charts')]: 'Chart images (natal, transits, returns, progressions, composite, synastry)',
  [scopeOf('chinese')]: 'Chinese BaZi: the four pillars, luck pillars and lunar date',
  [scopeOf('vedic')]: 'Vedic astrology: the sidereal chart, divisional charts, dashas and the panchang',
};
// Every family has a description: a new family without one would show an empty line.
for (const family of FAMILIES) if (!SCOPE_DESCRIPTIONS[scopeOf(family)]) throw new Error(`no description of ${scopeOf(family)}`);

const STYLE = `
:root { color-scheme: light dark; --ink: #1c1f24; --muted: #5b6270; --line: #d5d9e0; --accent: #3b4bbd; --paper: #ffffff; --wash: #f3f4f7; --warn: #a33a16; }
@media (prefers-color-scheme: dark) { :root { --ink: #e6e8ec; --muted: #a2a9b6; --line: #3a3f4a; --accent: #9aa6ff; --paper: #1b1e24; --wash: #121418; --warn: #ff9a76; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--wash); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(30rem, 100% - 2rem); margin: 2rem 0; padding: 2rem; background: var(--paper); border: 1px solid var(--line); border-radius: 12px; }
h1 { font-size: 1.35rem; margin: 0 0 1rem; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.error { color: var(--warn); font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1rem; margin: 0 0 1.25rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 1.25rem; padding: 0.75rem 1rem; }
legend { padding: 0 0.35rem; color: var(--muted); }
.scope { display: flex; gap: 0.6rem; align-items: flex-start; margin: 0.35rem 0; }
.scope code { font-size: 0.85rem; color: var(--muted); }
label.field { display: block; font-weight: 600; margin-bottom: 0.35rem; }
input[type=password] { width: 100%; padding: 0.6rem 0.7rem; border: 1px solid var(--line); border-radius: 8px; background: var(--paper); color: var(--ink); font: inherit; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { flex: 1; padding: 0.65rem 1rem; border-radius: 8px; border: 1px solid var(--accent); font: inherit; font-weight: 600; cursor: pointer; }
button.primary { background: var(--accent); color: var(--paper); }
button.secondary { background: transparent; color: var(--accent); }
`;

export interface Page {
  status: number;
  html: string;
  /** Origins a form on the page may be sent to, redirects included (the client's, on the decision page). */
  formTargets: string[];
}

function page(title: string, body: string, status = 200, formTargets: string[] = []): Page {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  return { status, html, formTargets };
}

const clientName = (client: OAuthClientRow) => client.name?.trim() || 'An application without a name';
const redirectHost = (request: AuthorizationRequestRow) => new URL(request.redirect_uri).host;
const expiry = (request: AuthorizationRequestRow) => `This request expires at ${new Date(request.expires_at).toISOString().slice(11, 16)} UTC.`;
const action = (request: AuthorizationRequestRow) => `/mcp/oauth/consent/${encodeURIComponent(request.id)}`;

export function signInPage(request: AuthorizationRequestRow, client: OAuthClientRow, error?: string, errorStatus = 401): Page {
  return page(
    'Sign in to review an access request',
    `
<h1>An application asks for access</h1>
<p><strong>${escape(clientName(client))}</strong> wants to run astrology calculations with your account. Sign in to see what it asks for before you decide.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action(request))}">
<input type="hidden" name="step" value="sign_in">
<label class="field" for="credential">API key or dashboard token</label>
<input id="credential" name="credential" type="password" autocomplete="off" required maxlength="8192" autofocus>
<p class="muted">An API key starts with <code>ask_</code>. It is used only to sign you in here and is not passed to the application.</p>
<div class="actions"><button class="primary" type="submit">Sign in</button></div>
</form>
<p class="muted">${escape(expiry(request))}</p>`,
    error ? errorStatus : 200,
  );
}

export function decisionPage(request: AuthorizationRequestRow, client: OAuthClientRow, input: { ticket: string; signedInAs: string; error?: string }): Page {
  const scopes = request.scopes
    .map(
      (scope) => `
<label class="scope"><input type="checkbox" name="scope" value="${escape(scope)}" checked><span>${escape(SCOPE_DESCRIPTIONS[scope] ?? scope)}<br><code>${escape(scope)}</code></span></label>`,
    )
    .join('');
  return page(
    `Allow ${clientName(client)}?`,
    `
<h1>Allow ${escape(clientName(client))} to use your account?</h1>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<dl>
<dt>Application</dt><dd>${escape(clientName(client))}</dd>
<dt>Sends you back to</dt><dd><strong>${escape(redirectHost(request))}</strong></dd>
<dt>Signed in as</dt><dd>${escape(input.signedInAs)}</dd>
</dl>
<form method="post" action="${escape(action(request))}">
<input type="hidden" name="step" value="decide">
<input type="hidden" name="ticket" value="${escape(input.ticket)}">
<fieldset><legend>It may use</legend>${scopes}
</fieldset>
<p class="muted">Each tool call it makes counts as one request of your plan. You can withdraw its access at any time from the list of connected applications.</p>
<div class="actions">
<button class="secondary" type="submit" name="decision" value="deny">Deny</button>
<button class="primary" type="submit" name="decision" value="approve">Allow</button>
</div>
</form>
<p class="muted">${escape(expiry(request))}</p>`,
    input.error ? 422 : 200,
    [new URL(request.redirect_uri).origin],
  );
}

/** A page that only says something: a request that cannot be decided, an error before any redirect. */
export function messagePage(title: string, message: string, status: number): Page {
  return page(
    title,
    `
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p class="muted">Start again from the application that sent you here.</p>`,
    status,
  );
}

/** The headers every page goes out with: no framing, no caching, nothing from elsewhere, no script. */
export function pageHeaders(p: Page): Record<string, string> {
  const formAction = ["'self'", ...p.formTargets].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  };
}
