/** The users table: search, filters, sort and paging as the admin API offers them, and one user's recent requests. */
import { useEffect, useState } from 'preact/hooks';
import { admin } from '../api.ts';
import { errorText, formatDate, Notice } from '../components.tsx';

interface AdminUser {
  id: string;
  email: string;
  plan_code: string | null;
  status: string;
  joined_at: string;
  last_active_at: string | null;
  request_count: number;
  email_verified: boolean;
}
interface UserPage {
  items: AdminUser[];
  total: number;
  page: number;
  per_page: number;
}
interface LogEntry {
  id: string;
  created_at: string;
  method: string;
  path: string;
  status_code: number;
}

const PER_PAGE = 20;

function UserLogs(props: { user: AdminUser; onClose: () => void }) {
  const [logs, setLogs] = useState<LogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    admin<LogEntry[]>('GET', `/api/v1/admin/users/${encodeURIComponent(props.user.id)}/logs?limit=50`).then(setLogs, (e) => setError(errorText(e)));
  }, [props.user.id]);
  return (
    <section class="card" aria-labelledby="user-logs-title" id="user-logs">
      <h2 id="user-logs-title">Requests of {props.user.email}</h2>
      {error && <Notice kind="error">{error}</Notice>}
      {logs?.length === 0 && <p>No request logged.</p>}
      {logs && logs.length > 0 && (
        <div class="table-wrap">
          <table class="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col" class="num">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {logs.map((l) => (
                <tr key={l.id}>
                  <td data-label="Time">{formatDate(l.created_at)}</td>
                  <td data-label="Method">{l.method}</td>
                  <td data-label="Path">
                    <code>{l.path}</code>
                  </td>
                  <td data-label="Status" class={`num ${l.status_code >= 400 ? 'bad' : 'good'}`}>
                    {l.status_code}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" class="secondary" onClick={props.onClose}>
        Close
      </button>
    </section>
  );
}

/** What happened to the last user acted on (a deletion scheduled, a verification e-mail sent). */
type Outcome = { kind: 'success' | 'error'; text: string } | null;

export function AdminUsers() {
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState('joined');
  const [order, setOrder] = useState('desc');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<UserPage | null>(null);
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [reload, setReload] = useState(0);
  const remove = async (user: AdminUser) => {
    if (!confirm(`Delete the account of ${user.email}? Billing stops first, then their data is erased. This cannot be undone.`)) return;
    try {
      const deletion = await admin<{ status: string }>('DELETE', `/api/v1/admin/users/${encodeURIComponent(user.id)}`);
      setOutcome({ kind: 'success', text: `Deletion of ${user.email}: ${deletion.status}.` });
      setChosen(null);
      setReload(reload + 1);
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
    }
  };
  const resend = async (user: AdminUser) => {
    try {
      await admin('POST', '/api/v1/admin/resend-verification', { email: user.email });
      setOutcome({ kind: 'success', text: `A verification e-mail is on its way to ${user.email}.` });
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
    }
  };
  useEffect(() => {
    const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), sort_by: sort, order });
    if (search) query.set('search', search);
    if (plan) query.set('plan', plan);
    if (status) query.set('status', status);
    admin<UserPage>('GET', `/api/v1/admin/users?${query}`).then(setResult, (e) => setError(errorText(e)));
  }, [search, plan, status, sort, order, page, reload]);
  const pages = result ? Math.max(1, Math.ceil(result.total / PER_PAGE)) : 1;
  const filter = (set: (value: string) => void) => (event: Event) => {
    set((event.currentTarget as HTMLInputElement).value);
    setPage(1);
  };
  return (
    <>
      <h1>Users</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      <div class="card filters" role="search" aria-label="Find users">
        <div>
          <label for="user-search">E-mail or id contains</label>
          <input id="user-search" type="search" value={search} onChange={filter(setSearch)} />
        </div>
        <div>
          <label for="user-plan">Plan</label>
          <select id="user-plan" value={plan} onChange={filter(setPlan)}>
            <option value="">Any</option>
            <option value="free">Free</option>
            <option value="entry">Entry</option>
            <option value="high">High</option>
            <option value="unlimited">Unlimited</option>
          </select>
        </div>
        <div>
          <label for="user-status">Subscription</label>
          <select id="user-status" value={status} onChange={filter(setStatus)}>
            <option value="">Any</option>
            <option value="active">active</option>
            <option value="trialing">trialing</option>
            <option value="past_due">past due</option>
            <option value="canceled">canceled</option>
            <option value="none">none</option>
          </select>
        </div>
        <div>
          <label for="user-sort">Sort by</label>
          <select id="user-sort" value={sort} onChange={filter(setSort)}>
            <option value="joined">Joined</option>
            <option value="last_active">Last active</option>
            <option value="requests">Requests</option>
            <option value="email">E-mail</option>
            <option value="plan">Plan</option>
          </select>
        </div>
        <div>
          <label for="user-order">Order</label>
          <select id="user-order" value={order} onChange={filter(setOrder)}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </div>
      </div>
      {result && (
        <>
          <p class="hint" role="status">
            {result.total} {result.total === 1 ? 'user' : 'users'} · page {result.page} of {pages}
          </p>
          <div class="table-wrap">
            <table id="users-table" class="stack-on-phone">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Last active</th>
                  <th scope="col" class="num">
                    Requests
                  </th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((u) => (
                  <tr key={u.id} data-user-id={u.id}>
                    <td data-label="E-mail">
                      {u.email} {u.email_verified ? '' : <span class="hint">(unverified)</span>}
                    </td>
                    <td data-label="Plan">{u.plan_code ?? '—'}</td>
                    <td data-label="Status">{u.status}</td>
                    <td data-label="Joined">{formatDate(u.joined_at)}</td>
                    <td data-label="Last active">{formatDate(u.last_active_at)}</td>
                    <td data-label="Requests" class="num">
                      {u.request_count}
                    </td>
                    <td>
                      <div class="row-actions">
                        <button type="button" class="secondary small" onClick={() => setChosen(u)} aria-label={`Requests of ${u.email}`}>
                          Requests
                        </button>
                        {!u.email_verified && (
                          <button type="button" class="secondary small" onClick={() => resend(u)} aria-label={`Resend verification to ${u.email}`}>
                            Resend verification
                          </button>
                        )}
                        <button type="button" class="secondary small danger-text" onClick={() => remove(u)} aria-label={`Delete ${u.email}`}>
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div class="actions">
            <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <button type="button" class="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </div>
        </>
      )}
      {chosen && <UserLogs user={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
