/**
 * The operator's pages under /dashboard/admin: sign-in with the configured admin credentials,
 * then the overview (global figures and charts), the users (search, filters, sort, paging, one
 * user's logs), revenue by range, the matured signup cohorts, and the funnels. The session token lives in
 * memory only: reloading the page signs the operator out.
 */
import { useState } from 'preact/hooks';
import { admin, post, rememberAdminToken } from '../api.ts';
import { errorText, Link, Notice, REFERENCE_URL } from '../components.tsx';
import { AdminOverview } from './admin-overview.tsx';
import { AdminUsers } from './admin-users.tsx';
import { AdminRevenue } from './admin-revenue.tsx';
import { AdminCohorts } from './admin-cohorts.tsx';
import { AdminFunnels } from './admin-funnels.tsx';

const PAGES = [
  { path: '/admin', title: 'Overview' },
  { path: '/admin/users', title: 'Users' },
  { path: '/admin/revenue', title: 'Revenue' },
  { path: '/admin/cohorts', title: 'Cohorts' },
  { path: '/admin/funnels', title: 'Funnels' },
] as const;

function AdminSignIn(props: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      const { token } = await post<{ token: string }>('/api/v1/admin/login', { username, password });
      rememberAdminToken(token);
      props.onSignedIn();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <main class="sign-in" id="main">
      <h1>Operator sign-in</h1>
      <p class="lead">The administrator name and password configured on the server.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <form class="card" onSubmit={submit}>
        <label for="admin-username">Name</label>
        <input id="admin-username" autocomplete="username" required value={username} onInput={(e) => setUsername(e.currentTarget.value)} />
        <label for="admin-password">Password</label>
        <input
          id="admin-password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

export function AdminApp(props: { page: string }) {
  const [signedIn, setSignedIn] = useState(false);
  if (!signedIn) return <AdminSignIn onSignedIn={() => setSignedIn(true)} />;
  const signOut = async () => {
    await admin('POST', '/api/v1/admin/logout').catch(() => undefined);
    rememberAdminToken(null);
    setSignedIn(false);
  };
  return (
    <div class="frame">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top admin-top">
        <span class="brand">Operator</span>
        <nav aria-label="Operator">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link to={p.path} current={p.path === props.page}>
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
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {props.page === '/admin/users' ? (
          <AdminUsers />
        ) : props.page === '/admin/revenue' ? (
          <AdminRevenue />
        ) : props.page === '/admin/cohorts' ? (
          <AdminCohorts />
        ) : props.page === '/admin/funnels' ? (
          <AdminFunnels />
        ) : (
          <AdminOverview />
        )}
      </main>
    </div>
  );
}
