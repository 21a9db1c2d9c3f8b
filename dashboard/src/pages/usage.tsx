/**
 * Usage: the quota of the current period (counted, left, when it resets) beside the requests
 * logged today, and what makes them differ; the plan's limits; the requests of the last 30 days
 * per day and endpoint as a chart (and as numbers); and the request log to the second, with the
 * key of each request, filterable by path, method, key and status.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { get, type Session } from '../api.ts';
import { ChartCanvas, PALETTE } from '../charts.tsx';
import { errorText, formatDate, formatSecond, Notice, PathText } from '../components.tsx';

interface UsageHistory {
  dates: string[];
  requests: number[];
  errors: number[];
  endpoints: { route: string; total: number; requests: number[] }[];
}
interface LogEntry {
  id: string;
  created_at: string;
  method: string;
  path: string;
  status_code: number;
  duration_ms: number;
  api_key_id: string | null;
  api_key_name: string | null;
  idempotency_replayed: boolean;
}
interface BillingDetails {
  plan_code: string;
  plan_name: string;
  usage: { requests_used: number; requests_limit: number | null; resets_at: string };
}
interface Plan {
  code: string;
  request_limit: number | null;
  limit_period: 'day' | 'month';
  rps_limit: number | null;
}

const number = (n: number) => n.toLocaleString('en-GB');
/** The key a request came with, by its name; an MCP client's OAuth token has none. */
const keyOf = (l: LogEntry) => l.api_key_name ?? (l.api_key_id ? 'a deleted key' : 'OAuth token (MCP)');
const count = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;
const PERIOD = { day: 'today', month: 'this month' } as const;
/** Narrower than this (in CSS pixels of the chart), the chart's legend is left out. */
const wideEnoughForLegend = (width: number) => width >= 600;

/** Requests the log holds for the quota's period (the UTC day or month the counter covers). */
function loggedInPeriod(history: UsageHistory, period: 'day' | 'month'): number {
  const today = history.dates[history.dates.length - 1] ?? '';
  const inPeriod = (date: string) => (period === 'day' ? date === today : date.slice(0, 7) === today.slice(0, 7));
  return history.dates.reduce((sum, date, i) => sum + (inPeriod(date) ? history.requests[i]! : 0), 0);
}

function Quota(props: { details: BillingDetails; plan: Plan | undefined; logged: number | null }) {
  const { usage } = props.details;
  const left = usage.requests_limit === null ? null : Math.max(0, usage.requests_limit - usage.requests_used);
  const share = usage.requests_limit ? Math.min(100, (100 * usage.requests_used) / usage.requests_limit) : 0;
  return (
    <section class="card" aria-labelledby="quota-title">
      <h2 id="quota-title">Quota</h2>
      <dl class="figures">
        <div>
          <dt>Plan</dt>
          <dd>{props.details.plan_name}</dd>
        </div>
        <div>
          <dt>Counted {props.plan ? PERIOD[props.plan.limit_period] : 'this period'}</dt>
          <dd id="quota-used">{number(usage.requests_used)}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd id="quota-left">{left === null ? 'no limit' : number(left)}</dd>
        </div>
        <div>
          <dt>Per second</dt>
          <dd>{props.plan?.rps_limit ? count(props.plan.rps_limit, 'request', 'requests') : 'no limit'}</dd>
        </div>
        <div>
          <dt>Resets</dt>
          <dd>{formatDate(usage.resets_at)}</dd>
        </div>
      </dl>
      <p class="hint" id="quota-explained">
        {props.logged !== null && (
          <>
            {count(props.logged, 'request', 'requests')} logged {props.plan ? PERIOD[props.plan.limit_period] : 'this period'} (UTC), each in the request log
            below.{' '}
          </>
        )}
        The quota counts the requests it allows: a replay of an Idempotency-Key and a request refused with 429 are logged but not counted, and an export counts
        by its size.
      </p>
      {usage.requests_limit !== null && (
        <progress max={100} value={share} aria-label={`${Math.round(share)}% of the quota used`}>
          {Math.round(share)}%
        </progress>
      )}
    </section>
  );
}

function History(props: { history: UsageHistory }) {
  const { history } = props;
  const top = history.endpoints.slice(0, PALETTE.length - 1);
  const rest = history.endpoints.slice(PALETTE.length - 1);
  const datasets = top.map((e, i) => ({ label: e.route, data: e.requests, backgroundColor: PALETTE[i] }));
  // Each endpoint's colour in the chart, shown again beside it in the table (the legend is hidden on a phone).
  const swatch = (i: number) => `swatch swatch-${i < top.length ? i : 'other'}`;
  if (rest.length)
    datasets.push({
      label: 'other endpoints',
      data: history.dates.map((_, d) => rest.reduce((sum, e) => sum + e.requests[d]!, 0)),
      backgroundColor: '#777777',
    });
  const labels = history.dates.map((d) => d.slice(5));
  const total = history.requests.reduce((a, b) => a + b, 0);
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">Requests per day, last {history.dates.length} days</h2>
      <p class="hint">
        {count(total, 'request', 'requests')} logged, whatever their answer; {number(history.errors.reduce((a, b) => a + b, 0))} of them answered with an error
        (4xx or 5xx). UTC days.
      </p>
      <ChartCanvas
        id="usage-chart"
        label={`Requests per day over the last ${history.dates.length} days, ${number(total)} in all, stacked by endpoint`}
        config={{
          type: 'bar',
          data: { labels, datasets },
          options: {
            scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
            plugins: { legend: { position: 'bottom', display: wideEnoughForLegend(innerWidth) } },
            // On a phone a legend of many endpoints would fill the chart: the table below names the colours instead.
            onResize: (chart, size) => {
              const legend = chart.options.plugins?.legend;
              if (legend && legend.display !== wideEnoughForLegend(size.width)) {
                legend.display = wideEnoughForLegend(size.width);
                chart.update();
              }
            },
          },
        }}
      />
      <h3>Per endpoint</h3>
      {history.endpoints.length === 0 ? (
        <p>No request in this period yet.</p>
      ) : (
        <div class="table-wrap">
          <table id="endpoint-table">
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col" class="num">
                  Requests
                </th>
              </tr>
            </thead>
            <tbody>
              {history.endpoints.map((e, i) => (
                <tr key={e.route}>
                  <td>
                    <span class={swatch(i)} aria-hidden="true" />
                    <PathText path={e.route} />
                  </td>
                  <td class="num">{number(e.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Logs(props: { logs: LogEntry[] }) {
  const [path, setPath] = useState('');
  const [method, setMethod] = useState('');
  const [status, setStatus] = useState('');
  const [key, setKey] = useState('');
  const shown = useMemo(
    () =>
      props.logs.filter(
        (l) =>
          (!path || l.path.toLowerCase().includes(path.toLowerCase())) &&
          (!method || l.method === method) &&
          (!key || keyOf(l) === key) &&
          (!status || String(l.status_code).startsWith(status.charAt(0))),
      ),
    [props.logs, path, method, status, key],
  );
  const methods = [...new Set(props.logs.map((l) => l.method))].sort();
  const keys = [...new Set(props.logs.map(keyOf))].sort();
  return (
    <section class="card" aria-labelledby="logs-title">
      <h2 id="logs-title">Request log</h2>
      <div class="filters" role="search" aria-label="Filter the request log">
        <div>
          <label for="filter-path">Path contains</label>
          <input id="filter-path" value={path} onInput={(e) => setPath(e.currentTarget.value)} />
        </div>
        <div>
          <label for="filter-method">Method</label>
          <select id="filter-method" value={method} onChange={(e) => setMethod(e.currentTarget.value)}>
            <option value="">Any</option>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="filter-key">Key</label>
          <select id="filter-key" value={key} onChange={(e) => setKey(e.currentTarget.value)}>
            <option value="">Any</option>
            {keys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="filter-status">Status</label>
          <select id="filter-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">Any</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx client error</option>
            <option value="5xx">5xx server error</option>
          </select>
        </div>
      </div>
      <p class="hint" role="status">
        {shown.length} of the {props.logs.length} most recent requests.
      </p>
      <div class="table-wrap">
        <table id="log-table" class="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Key</th>
              <th scope="col">Method</th>
              <th scope="col">Path</th>
              <th scope="col" class="num">
                Status
              </th>
              <th scope="col" class="num">
                Duration (ms)
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.id}>
                <td data-label="Time" class="nowrap">
                  <time dateTime={l.created_at}>{formatSecond(l.created_at)}</time>
                </td>
                <td data-label="Key">{keyOf(l)}</td>
                <td data-label="Method">{l.method}</td>
                <td data-label="Path">
                  <PathText path={l.path} />
                </td>
                <td data-label="Status" class={`num ${l.status_code >= 400 ? 'bad' : 'good'}`}>
                  {l.status_code}
                  {l.idempotency_replayed && <span class="hint"> replayed</span>}
                </td>
                <td data-label="Duration (ms)" class="num">
                  {l.duration_ms.toFixed(1)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Usage(props: { session: Session }) {
  const [history, setHistory] = useState<UsageHistory | null>(null);
  const [logs, setLogs] = useState<LogEntry[] | null>(null);
  const [details, setDetails] = useState<BillingDetails | null>(null);
  const [plans, setPlans] = useState<Plan[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const fail = (e: unknown) => setError(errorText(e));
    // 31 days: a monthly quota's whole month is in them.
    get<UsageHistory>('/api/v1/auth/usage?days=31').then(setHistory, fail);
    get<LogEntry[]>('/api/v1/auth/logs?limit=200').then(setLogs, fail);
    get<BillingDetails>(`/api/v1/billing/subscription/${encodeURIComponent(props.session.user_id)}`).then(setDetails, fail);
    get<Plan[]>('/api/v1/billing/plans').then(setPlans, fail);
  }, []);
  return (
    <>
      <h1>Usage</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {details && (
        <Quota
          details={details}
          plan={plans.find((p) => p.code === details.plan_code)}
          logged={history ? loggedInPeriod(history, plans.find((p) => p.code === details.plan_code)?.limit_period ?? 'day') : null}
        />
      )}
      {history && <History history={history} />}
      {logs && <Logs logs={logs} />}
    </>
  );
}
