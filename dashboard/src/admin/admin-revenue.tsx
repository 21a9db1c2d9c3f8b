/** Revenue by range: per currency, gross, refunds, net and payments, net per day as a chart, and the monthly recurring revenue. */
import { useEffect, useState } from 'preact/hooks';
import { admin } from '../api.ts';
import { ChartCanvas, PALETTE } from '../charts.tsx';
import { errorText, Notice } from '../components.tsx';
import { amount } from '../pages/billing.tsx';

interface CurrencyRevenue {
  currency: string;
  gross_cents: number;
  refunds_cents: number;
  net_cents: number;
  payments: number;
  series: { date: string; net_cents: number }[];
  mrr: { current_cents: number; subscriptions: number } | null;
}
interface Revenue {
  range: string;
  start_date: string;
  end_date: string;
  currencies: CurrencyRevenue[];
}

export function AdminRevenue() {
  const [range, setRange] = useState('30d');
  const [revenue, setRevenue] = useState<Revenue | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    admin<Revenue>('GET', `/api/v1/admin/revenue-analytics?range=${range}`).then(setRevenue, (e) => setError(errorText(e)));
  }, [range]);
  return (
    <>
      <h1>Revenue</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="card">
        <label for="revenue-range">Range</label>
        <select id="revenue-range" value={range} onChange={(e) => setRange(e.currentTarget.value)}>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="90d">Last 90 days</option>
          <option value="12m">Last 12 months</option>
        </select>
      </div>
      {revenue?.currencies.length === 0 && <p>No payment in this range.</p>}
      {revenue?.currencies.map((c, i) => (
        <section class="card" key={c.currency} aria-labelledby={`revenue-${c.currency}`} data-currency={c.currency}>
          <h2 id={`revenue-${c.currency}`}>
            {c.currency.toUpperCase()}, {revenue.start_date} to {revenue.end_date}
          </h2>
          <dl class="figures">
            <div>
              <dt>Gross</dt>
              <dd class="gross">{amount(c.gross_cents, c.currency)}</dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{amount(c.refunds_cents, c.currency)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>{amount(c.net_cents, c.currency)}</dd>
            </div>
            <div>
              <dt>Payments</dt>
              <dd class="payments">{c.payments}</dd>
            </div>
            {c.mrr && (
              <div>
                <dt>Monthly recurring</dt>
                <dd>
                  {amount(c.mrr.current_cents, c.currency)} ({c.mrr.subscriptions} {c.mrr.subscriptions === 1 ? 'subscription' : 'subscriptions'})
                </dd>
              </div>
            )}
          </dl>
          <ChartCanvas
            label={`Net revenue per day in ${c.currency.toUpperCase()}`}
            config={{
              type: 'line',
              data: {
                labels: c.series.map((d) => d.date.slice(5)),
                datasets: [{ label: 'Net', data: c.series.map((d) => d.net_cents / 100), borderColor: PALETTE[i % PALETTE.length], pointRadius: 2 }],
              },
              options: { scales: { y: { beginAtZero: true } }, plugins: { legend: { display: false } } },
            }}
          />
        </section>
      ))}
    </>
  );
}
