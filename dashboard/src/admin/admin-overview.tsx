/** The operator's overview: the service's figures, requests per day (all or one endpoint) and new users per day. */
import { useEffect, useState } from 'preact/hooks';
import { admin } from '../api.ts';
import { ChartCanvas, PALETTE } from '../charts.tsx';
import { errorText, Notice } from '../components.tsx';

interface GlobalStats {
  total_users: number;
  active_users_7d: number;
  active_users_30d: number;
  requests_today: number;
  requests_30d: number;
  paying_users: number;
}
interface DayCount {
  date: string;
  count: number;
}

const FIGURES: [keyof GlobalStats, string][] = [
  ['total_users', 'Users'],
  ['active_users_7d', 'Active, 7 days'],
  ['active_users_30d', 'Active, 30 days'],
  ['paying_users', 'Paying'],
  ['requests_today', 'Requests today'],
  ['requests_30d', 'Requests, 30 days'],
];

function DayChart(props: { id: string; title: string; days: DayCount[]; colour: string }) {
  const total = props.days.reduce((sum, d) => sum + d.count, 0);
  return (
    <ChartCanvas
      id={props.id}
      label={`${props.title}: ${total} over ${props.days.length} days`}
      config={{
        type: 'bar',
        data: {
          labels: props.days.map((d) => d.date.slice(5)),
          datasets: [{ label: props.title, data: props.days.map((d) => d.count), backgroundColor: props.colour }],
        },
        options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } },
      }}
    />
  );
}

export function AdminOverview() {
  const [stats, setStats] = useState<GlobalStats | null>(null);
  const [requests, setRequests] = useState<DayCount[] | null>(null);
  const [signups, setSignups] = useState<DayCount[] | null>(null);
  const [endpoint, setEndpoint] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorText(e));
  useEffect(() => {
    admin<GlobalStats>('GET', '/api/v1/admin/stats/usage').then(setStats, fail);
    admin<DayCount[]>('GET', '/api/v1/admin/stats/new-users-daily?days=30').then(setSignups, fail);
  }, []);
  useEffect(() => {
    const query = endpoint ? `&endpoint=${encodeURIComponent(endpoint)}` : '';
    admin<DayCount[]>('GET', `/api/v1/admin/stats/requests-per-day?days=30${query}`).then(setRequests, fail);
  }, [endpoint]);
  return (
    <>
      <h1>Overview</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {stats && (
        <dl class="figures card" id="admin-figures">
          {FIGURES.map(([field, label]) => (
            <div key={field}>
              <dt>{label}</dt>
              <dd>{stats[field].toLocaleString('en-GB')}</dd>
            </div>
          ))}
        </dl>
      )}
      <section class="card" aria-labelledby="requests-title">
        <h2 id="requests-title">Requests per day, last 30 days</h2>
        <label for="endpoint-filter">Endpoint (a route template; empty for all)</label>
        <input id="endpoint-filter" placeholder="/api/v1/natal/calculate" value={endpoint} onChange={(e) => setEndpoint(e.currentTarget.value.trim())} />
        {requests && <DayChart id="admin-requests-chart" title="Requests" days={requests} colour={PALETTE[0]!} />}
      </section>
      <section class="card" aria-labelledby="signups-title">
        <h2 id="signups-title">New users per day, last 30 days</h2>
        {signups && <DayChart id="admin-signups-chart" title="New users" days={signups} colour={PALETTE[2]!} />}
      </section>
    </>
  );
}
