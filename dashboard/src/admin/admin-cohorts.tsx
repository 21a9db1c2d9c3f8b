/** The weekly signup cohorts whose window has fully passed: how many activated and how many paid. */
import { useEffect, useState } from 'preact/hooks';
import { admin } from '../api.ts';
import { errorText, Notice } from '../components.tsx';

interface Cohort {
  cohort_start: string;
  signups: number;
  activated: number;
  converted: number;
}
interface Funnel {
  cohort_days: number;
  cohorts: Cohort[];
}

const share = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : '—');

export function AdminCohorts() {
  const [days, setDays] = useState('30');
  const [funnel, setFunnel] = useState<Funnel | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    admin<Funnel>('GET', `/api/v1/admin/analytics/matured-signup-funnel?cohort_days=${days}`).then(setFunnel, (e) => setError(errorText(e)));
  }, [days]);
  return (
    <>
      <h1>Signup cohorts</h1>
      <p class="lead">Weekly cohorts whose whole window has passed: who made a successful call, and who paid, within the window.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="card">
        <label for="cohort-days">Window</label>
        <select id="cohort-days" value={days} onChange={(e) => setDays(e.currentTarget.value)}>
          <option value="7">7 days</option>
          <option value="30">30 days</option>
        </select>
      </div>
      {funnel?.cohorts.length === 0 && <p>No cohort has matured yet.</p>}
      {funnel && funnel.cohorts.length > 0 && (
        <div class="table-wrap card">
          <table class="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col" class="num">
                  Signups
                </th>
                <th scope="col" class="num">
                  Activated
                </th>
                <th scope="col" class="num">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody>
              {funnel.cohorts.map((c) => (
                <tr key={c.cohort_start}>
                  <td data-label="Week of">{c.cohort_start}</td>
                  <td data-label="Signups" class="num">
                    {c.signups}
                  </td>
                  <td data-label="Activated" class="num">
                    {c.activated} ({share(c.activated, c.signups)})
                  </td>
                  <td data-label="Paid" class="num">
                    {c.converted} ({share(c.converted, c.signups)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
