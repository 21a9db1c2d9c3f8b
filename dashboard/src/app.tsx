/**
 * The dashboard's frame: who is signed in (asked of the service on load), the navigation, and the
 * page of the current path. Signed out, every path shows the sign-in page.
 */
import { useEffect, useState } from 'preact/hooks';
import { del, get, onSessionEnded, rememberCsrf, type Session, type SessionState } from './api.ts';
import { errorText, Link, Notice, REFERENCE_URL } from './components.tsx';
import { navigate, usePage } from './router.ts';
import { SignIn } from './pages/sign-in.tsx';
import { Overview } from './pages/overview.tsx';
import { Keys } from './pages/keys.tsx';
import { Usage } from './pages/usage.tsx';
import { Billing, CheckoutReturn } from './pages/billing.tsx';
import { Settings } from './pages/settings.tsx';
import { Reports } from './pages/reports.tsx';
import { AdminApp } from './admin/admin-app.tsx';

const PAGES = [
  { path: '/', title: 'Overview' },
  { path: '/keys', title: 'API keys' },
  { path: '/usage', title: 'Usage' },
  { path: '/reports', title: 'Reports' },
  { path: '/billing', title: 'Plan' },
  { path: '/settings', title: 'Settings' },
] as const;

/** Pages reached from elsewhere (Checkout's return), not from the navigation. */
const OTHER_TITLES: Record<string, string> = { '/billing/return': 'Payment' };

export function App() {
  const page = usePage();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  // Why the sign-in page is shown again (the session ended); the page the person was on stays in
  // the address bar, so signing in again returns there.
  const [ended, setEnded] = useState<string | null>(null);

  useEffect(() => {
    onSessionEnded((message) => {
      rememberCsrf(null);
      setEnded(message);
      setSession(null);
    });
    return () => onSessionEnded(null);
  }, []);

  useEffect(() => {
    get<SessionState>('/api/v1/dashboard/session')
      .then((s) => {
        rememberCsrf(s.csrf_token);
        setSession(s.signed_in ? { user_id: s.user_id!, email: s.email!, csrf_token: s.csrf_token! } : null);
      })
      .catch((e) => {
        setError(errorText(e));
        setSession(null);
      });
  }, []);

  const title = PAGES.find((p) => p.path === page)?.title ?? OTHER_TITLES[page];
  useEffect(() => {
    const admin = page === '/admin' || page.startsWith('/admin/');
    document.title = `${admin ? 'Operator' : session ? (title ?? 'Not found') : 'Sign in'} · Astrology API dashboard`;
  }, [session, title, page]);

  // The operator's pages have their own sign-in and session, whoever is signed in here.
  if (page === '/admin' || page.startsWith('/admin/')) return <AdminApp page={page} />;
  if (session === undefined) return <p class="loading">Loading…</p>;
  if (session === null)
    return (
      <>
        {error && <Notice kind="error">{error}</Notice>}
        <SignIn
          notice={ended}
          onSignedIn={(s) => {
            rememberCsrf(s.csrf_token);
            setEnded(null);
            setSession(s);
            if (page === '/sign-in') navigate('/');
          }}
        />
      </>
    );

  const signedOut = () => {
    rememberCsrf(null);
    setEnded(null);
    setSession(null);
    navigate('/sign-in');
  };
  const signOut = async () => {
    await del('/api/v1/dashboard/session').catch(() => undefined);
    signedOut();
  };

  return (
    <div class="frame">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Astrology API</span>
        <nav aria-label="Dashboard">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link to={p.path} current={p.path === page}>
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <a href={REFERENCE_URL}>API reference</a>
            </li>
          </ul>
        </nav>
        <div class="who">
          <span class="email">{session.email}</span>
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {page === '/' || page === '/sign-in' ? (
          <Overview session={session} />
        ) : page === '/keys' ? (
          <Keys />
        ) : page === '/usage' ? (
          <Usage session={session} />
        ) : page === '/reports' ? (
          <Reports />
        ) : page === '/billing' ? (
          <Billing session={session} />
        ) : page === '/billing/return' ? (
          <CheckoutReturn />
        ) : page === '/settings' ? (
          <Settings session={session} onDeleted={signedOut} />
        ) : (
          <>
            <h1>Not found</h1>
            <p>
              No dashboard page is at this address. <Link to="/">Back to the overview</Link>
            </p>
          </>
        )}
      </main>
    </div>
  );
}
