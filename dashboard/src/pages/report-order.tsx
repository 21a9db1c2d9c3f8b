/**
 * The birth form that orders a natal report as the signed-in account (POST /api/v1/auth/reports):
 * no API key to paste. The place is a city (looked up by the service) or coordinates; the time zone
 * is the place's unless named. Each filled form carries one Idempotency-Key, so a double click or a
 * retry after a network error orders one report, not two.
 */
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { errorText, Link, Notice } from '../components.tsx';

interface Submitted {
  job_id: string;
  credit_charged: boolean;
}

const newOrderKey = () => `dashboard-${crypto.randomUUID()}`;

/** The request body from the form's fields: empty optional fields are left out. */
function orderBody(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const [year, month, day] = text('date').split('-').map(Number);
  const timeKnown = data.get('time_known') !== 'no';
  const body: Record<string, unknown> = { year, month, day, time_known: timeKnown };
  if (text('name')) body.name = text('name');
  if (timeKnown) {
    const [hour, minute] = text('time').split(':').map(Number);
    body.hour = hour;
    body.minute = minute;
  }
  if (text('lat') || text('lng')) {
    body.lat = Number(text('lat'));
    body.lng = Number(text('lng'));
  } else {
    body.city = text('city');
    if (text('country')) body.country = text('country');
  }
  body.tz_str = text('tz_str') || 'AUTO';
  body.style = text('style') || 'standard';
  body.include_profile_branding_logo = data.get('include_logo') === 'on';
  return body;
}

/** A refusal in words a person acts on: the field a 422 names, the way to credits on a 402. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status === 402) return 'No report credit left: buy a credit pack on the Plan page, or wait for the next period.';
  if (error instanceof ApiError && error.status === 422) {
    const detail = (error.body as { detail?: { loc?: unknown[]; msg?: string }[] } | null)?.detail;
    const first = Array.isArray(detail) ? detail[0] : undefined;
    const field = first?.loc?.filter((part) => part !== 'body').join('.');
    if (first?.msg) return field ? `${field}: ${first.msg}` : first.msg;
  }
  return errorText(error);
}

/** `creditsLeft`: null while unknown; at 0 the form says where credits come from and does not send. */
export function ReportOrderForm(props: { creditsLeft: number | null; onOrdered: (jobId: string) => void }) {
  const [orderKey, setOrderKey] = useState(newOrderKey);
  const [timeKnown, setTimeKnown] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Submitted | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const submitted = await api<Submitted>('POST', '/api/v1/auth/reports', orderBody(form), { 'idempotency-key': orderKey });
      setDone(submitted);
      setOrderKey(newOrderKey());
      props.onOrdered(submitted.job_id);
    } catch (e) {
      setError(refusalText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form id="report-order" onSubmit={submit} aria-labelledby="order-title">
      <h2 id="order-title">Order a report</h2>
      <p class="hint">A psychological natal report, made in the background: one credit (the demo birth in the API docs costs none).</p>
      {error && <Notice kind="error">{error}</Notice>}
      {props.creditsLeft === 0 && (
        <p class="notice notice-info" id="no-credits">
          No report credit left. <Link to="/billing">Buy a credit pack</Link>, or wait for your plan's next period.
        </p>
      )}
      {done && (
        <Notice kind="success">
          Ordered: <code>{done.job_id}</code>
          {done.credit_charged ? ' (one credit).' : ' (no credit: the demo birth).'} It appears below as it is made.
        </Notice>
      )}
      <div class="form-grid">
        <div>
          <label for="order-name">Name (optional)</label>
          <input id="order-name" name="name" maxLength={200} autoComplete="off" />
        </div>
        <div>
          <label for="order-date">Date of birth</label>
          <input id="order-date" name="date" type="date" min="1800-01-01" max="2399-12-31" required />
        </div>
        <fieldset class="span-2">
          <legend>Birth time</legend>
          <div class="rating">
            <span class="check">
              <input type="radio" id="time-known-yes" name="time_known" value="yes" checked={timeKnown} onChange={() => setTimeKnown(true)} />
              <label for="time-known-yes">Known</label>
            </span>
            <span class="check">
              <input type="radio" id="time-known-no" name="time_known" value="no" checked={!timeKnown} onChange={() => setTimeKnown(false)} />
              <label for="time-known-no">Unknown (no houses or Ascendant)</label>
            </span>
          </div>
        </fieldset>
        {timeKnown && (
          <div>
            <label for="order-time">Local time</label>
            <input id="order-time" name="time" type="time" required />
          </div>
        )}
        <div>
          <label for="order-city">City</label>
          <input id="order-city" name="city" maxLength={200} autoComplete="off" aria-describedby="place-hint" />
        </div>
        <div>
          <label for="order-country">Country (optional)</label>
          <input id="order-country" name="country" maxLength={100} autoComplete="off" />
        </div>
        <div>
          <label for="order-lat">Latitude (instead of a city)</label>
          <input id="order-lat" name="lat" type="number" step="any" min={-90} max={90} />
        </div>
        <div>
          <label for="order-lng">Longitude</label>
          <input id="order-lng" name="lng" type="number" step="any" min={-180} max={180} />
        </div>
        <div>
          <label for="order-tz">Time zone</label>
          <input id="order-tz" name="tz_str" placeholder="AUTO" maxLength={64} autoComplete="off" aria-describedby="place-hint" />
        </div>
        <div>
          <label for="order-style">Style</label>
          <select id="order-style" name="style">
            <option value="standard">Standard</option>
            <option value="improved">With strengths and challenges</option>
          </select>
        </div>
      </div>
      <p class="hint" id="place-hint">
        A city is looked up by the service; coordinates win over it. The time zone is the place's unless you name one (e.g. Europe/Lisbon).
      </p>
      <span class="check">
        <input type="checkbox" id="order-logo" name="include_logo" />
        <label for="order-logo">Put my logo in the PDF footer</label>
      </span>
      <button type="submit" disabled={busy || props.creditsLeft === 0}>
        {busy ? 'Ordering…' : 'Order the report'}
      </button>
    </form>
  );
}
