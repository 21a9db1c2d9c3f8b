/**
 * The birth form that orders a natal report as the signed-in account (POST /api/v1/auth/reports):
 * no API key to paste. The place is a city (looked up by the service) or coordinates; the time zone
 * is the place's unless named. Each filled form carries one Idempotency-Key, so a double click or a
 * retry after a network error orders one report, not two; a changed form gets a new key (it is
 * another order).
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { dayInWords, errorText, Link, Notice } from '../components.tsx';
import { DEMO_SUBJECT } from '../../../src/reports/http/demo-birth.ts';

interface Submitted {
  job_id: string;
  credit_charged: boolean;
}

/** The form's fields, as typed (the request body is made from them on submit). */
interface Fields {
  name: string;
  date: string;
  timeKnown: boolean;
  time: string;
  city: string;
  country: string;
  lat: string;
  lng: string;
  tz: string;
  style: 'standard' | 'improved';
  logo: boolean;
}
type FieldName = keyof Fields;

const EMPTY: Fields = { name: '', date: '', timeKnown: true, time: '', city: '', country: '', lat: '', lng: '', tz: '', style: 'standard', logo: false };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The demo subject the service orders for free (src/reports/http/demo-birth.ts, "demo" in the
 * API docs): this name, birth and place, the standard style. Any other value makes it a paid order.
 */
const DEMO: Omit<Fields, 'logo'> = {
  name: DEMO_SUBJECT.name,
  date: `${DEMO_SUBJECT.year}-${pad(DEMO_SUBJECT.month)}-${pad(DEMO_SUBJECT.day)}`,
  timeKnown: true,
  time: `${pad(DEMO_SUBJECT.hour)}:${pad(DEMO_SUBJECT.minute)}`,
  city: DEMO_SUBJECT.city,
  country: '',
  lat: '',
  lng: '',
  tz: DEMO_SUBJECT.tz_str,
  style: 'standard',
};
/** The demo birth in words: "23 November 1992 at 14:17 in Lisbon". */
const DEMO_IN_WORDS = `${dayInWords(DEMO.date)} at ${DEMO.time} in ${DEMO.city}`;

/** What each field is called on the form: the words a refusal uses instead of the API's field names. */
const LABELS: Record<FieldName, string> = {
  name: 'Name',
  date: 'Date of birth',
  timeKnown: 'Birth time',
  time: 'Local time',
  city: 'City',
  country: 'Country',
  lat: 'Latitude',
  lng: 'Longitude',
  tz: 'Time zone',
  style: 'Style',
  logo: 'Put my logo in the PDF footer',
};

/** The API's field names (of the body and of its errors) to the form's fields. */
const API_FIELDS: Record<string, FieldName> = {
  name: 'name',
  year: 'date',
  month: 'date',
  day: 'date',
  hour: 'time',
  minute: 'time',
  second: 'time',
  time_known: 'timeKnown',
  city: 'city',
  country: 'country',
  lat: 'lat',
  latitude: 'lat',
  lng: 'lng',
  longitude: 'lng',
  tz_str: 'tz',
  timezone: 'tz',
  style: 'style',
  include_profile_branding_logo: 'logo',
};

/**
 * A fresh Idempotency-Key for the order. From getRandomValues, which every page has:
 * crypto.randomUUID exists only in secure contexts (https, localhost), so on plain http from
 * another machine of the network the order form failed as it was drawn.
 */
const newOrderKey = () => `dashboard-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** The request body from the fields: empty optional fields are left out. */
function orderBody(f: Fields): Record<string, unknown> {
  const [year, month, day] = f.date.split('-').map(Number);
  const body: Record<string, unknown> = { year, month, day, time_known: f.timeKnown };
  if (f.name.trim()) body.name = f.name.trim();
  if (f.timeKnown) {
    const [hour, minute] = f.time.split(':').map(Number);
    body.hour = hour;
    body.minute = minute;
  }
  if (f.lat.trim() && f.lng.trim()) {
    body.lat = Number(f.lat);
    body.lng = Number(f.lng);
  } else {
    body.city = f.city.trim();
    if (f.country.trim()) body.country = f.country.trim();
  }
  body.tz_str = f.tz.trim() || 'AUTO';
  body.style = f.style;
  body.include_profile_branding_logo = f.logo;
  return body;
}

type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * What the browser cannot check by itself: the place is a city or both coordinates. One
 * coordinate alone would be sent with the other as 0, a place on the equator or at Greenwich.
 */
function placeErrors(f: Fields): FieldErrors {
  const lat = f.lat.trim();
  const lng = f.lng.trim();
  if (lat && !lng) return { lng: 'Enter the longitude too, or clear the latitude to use the city.' };
  if (lng && !lat) return { lat: 'Enter the latitude too, or clear the longitude to use the city.' };
  if (!lat && !f.city.trim()) return { city: 'Enter the city of birth, or its latitude and longitude.' };
  return {};
}

const quoted = (names: string) => names.replace(/'([^']*)'/g, '“$1”');

/** A validation message of the service in the form's words. */
function plainMessage(msg: string): string {
  const city = /^unknown city '(.*?)'(?: in (.*?))?(?:; closest known: (.*?))?; send /.exec(msg);
  if (city)
    return `We could not find “${city[1]}”${city[2] ? ` in ${city[2]}` : ''}.${city[3] ? ` Did you mean ${quoted(city[3])}?` : ''} Check the spelling or the country, or enter the latitude and longitude instead.`;
  if (/unknown time zone/i.test(msg)) return 'This is not a time zone we know. Use a name such as Europe/Lisbon, or leave it empty to use the place’s own.';
  if (/must be given together/.test(msg)) return 'Enter both the latitude and the longitude, or neither.';
  if (/too small: expected string|field required|required/i.test(msg)) return 'Fill this in.';
  const words = msg
    .replace(/\btz_str\b/g, 'time zone')
    .replace(/\blat\b/g, 'latitude')
    .replace(/\blng\b/g, 'longitude');
  return words.charAt(0).toUpperCase() + words.slice(1) + (/[.!?]$/.test(words) ? '' : '.');
}

/** A 422's first problem: the form's field it concerns, and what to do, in plain words. */
function invalidField(error: ApiError): { field: FieldName | null; text: string } | null {
  const detail = (error.body as { detail?: { loc?: unknown[]; msg?: string }[] } | null)?.detail;
  const first = Array.isArray(detail) ? detail[0] : undefined;
  if (!first?.msg) return null;
  const names = (first.loc ?? []).filter((part): part is string => typeof part === 'string');
  const field =
    names
      .map((name) => API_FIELDS[name])
      .filter((f): f is FieldName => f !== undefined)
      .at(-1) ?? null;
  return { field, text: plainMessage(first.msg) };
}

/** A refusal in words a person acts on: where credits come from on a 402, the service's sentence otherwise. */
function refusal(error: unknown, fillDemo: () => void): ComponentChildren {
  if (error instanceof ApiError && error.status === 402)
    return (
      <>
        You have no report credit left, so this report was not ordered. <Link to="/billing">Buy a credit pack</Link>, or{' '}
        <button type="button" class="link-button" onClick={fillDemo}>
          fill in the free demo birth
        </button>
        .
      </>
    );
  if (error instanceof TypeError) return 'The service could not be reached, so nothing was ordered. Check your connection and try again.';
  return errorText(error);
}

/** One labelled input with its error message beside it (and tied to it for screen readers). */
function Field(props: { id: string; label: string; error?: string; hint?: string; children: (described: string | undefined) => ComponentChildren }) {
  const described = [props.hint, props.error ? `${props.id}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children(described)}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

const IDS: Record<FieldName, string> = {
  name: 'order-name',
  date: 'order-date',
  timeKnown: 'time-known-yes',
  time: 'order-time',
  city: 'order-city',
  country: 'order-country',
  lat: 'order-lat',
  lng: 'order-lng',
  tz: 'order-tz',
  style: 'order-style',
  logo: 'order-logo',
};

/** `creditsLeft`: null while unknown; at 0 the form says where credits come from (the demo birth stays free). */
export function ReportOrderForm(props: { creditsLeft: number | null; onOrdered: (jobId: string) => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [orderKey, setOrderKey] = useState(newOrderKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ComponentChildren>(null);
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const [done, setDone] = useState<Submitted | null>(null);

  const change = (patch: Partial<Fields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setOrderKey(newOrderKey());
    // A corrected field loses its message; the place's messages concern its three fields together.
    const touched = Object.keys(patch) as FieldName[];
    const place: FieldName[] = ['city', 'lat', 'lng'];
    const cleared = touched.some((name) => place.includes(name)) ? [...touched, ...place] : touched;
    if (cleared.some((name) => invalid[name]))
      setInvalid((old) => Object.fromEntries(Object.entries(old).filter(([name]) => !cleared.includes(name as FieldName))));
  };
  const text = (name: 'name' | 'date' | 'time' | 'city' | 'country' | 'lat' | 'lng' | 'tz') => ({
    id: IDS[name],
    value: fields[name],
    onInput: (e: Event) => change({ [name]: (e.currentTarget as HTMLInputElement).value }),
    'aria-invalid': invalid[name] ? ('true' as const) : undefined,
  });
  const focusField = (name: FieldName) => document.getElementById(IDS[name])?.focus();
  const fillDemo = () => {
    change({ ...DEMO });
    setInvalid({});
    setError(null);
    document.getElementById(IDS.name)?.focus();
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const problems = placeErrors(fields);
    setInvalid(problems);
    const first = (Object.keys(problems) as FieldName[])[0];
    if (first) return focusField(first);
    setBusy(true);
    try {
      const submitted = await api<Submitted>('POST', '/api/v1/auth/reports', orderBody(fields), { 'idempotency-key': orderKey });
      setDone(submitted);
      setOrderKey(newOrderKey());
      props.onOrdered(submitted.job_id);
    } catch (e) {
      const problem = e instanceof ApiError && e.status === 422 ? invalidField(e) : null;
      if (problem?.field) {
        setInvalid({ [problem.field]: problem.text });
        setError(<>The report was not ordered: see {LABELS[problem.field]} above.</>);
        focusField(problem.field);
      } else setError(problem ? problem.text : refusal(e, fillDemo));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id="report-order" onSubmit={submit} aria-labelledby="order-title">
      <h2 id="order-title">Order a report</h2>
      <p class="hint">A psychological natal report, made in the background, for one credit.</p>
      <div class="demo-birth">
        <p>
          <strong>Free demo:</strong> the birth of “{DEMO.name}”, {DEMO_IN_WORDS}, in the Standard style, costs no credit. Change any of it and the order costs
          one credit.
        </p>
        <button type="button" class="secondary" id="fill-demo" onClick={fillDemo}>
          Fill in the demo birth
        </button>
      </div>
      {props.creditsLeft === 0 && (
        <p class="notice notice-info" id="no-credits">
          No report credit left. <Link to="/billing">Buy a credit pack</Link>, or wait for your plan's next period. The demo birth is still free.
        </p>
      )}
      <div class="form-grid">
        <Field id={IDS.name} label="Name (optional)" error={invalid.name}>
          {(described) => <input {...text('name')} maxLength={200} autoComplete="off" aria-describedby={described} />}
        </Field>
        <Field id={IDS.date} label="Date of birth" error={invalid.date}>
          {(described) => <input {...text('date')} type="date" min="1800-01-01" max="2399-12-31" required aria-describedby={described} />}
        </Field>
      </div>
      <fieldset class="birth-time">
        <legend>Birth time</legend>
        <div class="rating">
          <span class="check">
            <input type="radio" id="time-known-yes" name="time_known" checked={fields.timeKnown} onChange={() => change({ timeKnown: true })} />
            <label for="time-known-yes">Known</label>
          </span>
          <span class="check">
            <input type="radio" id="time-known-no" name="time_known" checked={!fields.timeKnown} onChange={() => change({ timeKnown: false })} />
            <label for="time-known-no">Unknown (no houses or Ascendant)</label>
          </span>
        </div>
        {fields.timeKnown && (
          <Field id={IDS.time} label="Local time" error={invalid.time}>
            {(described) => <input {...text('time')} type="time" required aria-describedby={described} />}
          </Field>
        )}
      </fieldset>
      <fieldset>
        <legend>Place of birth</legend>
        <div class="form-grid">
          <Field id={IDS.city} label="City" error={invalid.city} hint="place-hint">
            {(described) => <input {...text('city')} maxLength={200} autoComplete="off" aria-describedby={described} />}
          </Field>
          <Field id={IDS.country} label="Country (optional)" error={invalid.country}>
            {(described) => <input {...text('country')} maxLength={100} autoComplete="off" aria-describedby={described} />}
          </Field>
        </div>
        <div class="form-grid">
          <fieldset class="coordinates">
            <legend>Or coordinates, instead of a city</legend>
            <div class="pair">
              <Field id={IDS.lat} label="Latitude" error={invalid.lat}>
                {(described) => <input {...text('lat')} type="number" step="any" min={-90} max={90} placeholder="e.g. 38.7223" aria-describedby={described} />}
              </Field>
              <Field id={IDS.lng} label="Longitude" error={invalid.lng}>
                {(described) => (
                  <input {...text('lng')} type="number" step="any" min={-180} max={180} placeholder="e.g. -9.1393" aria-describedby={described} />
                )}
              </Field>
            </div>
          </fieldset>
          <Field id={IDS.tz} label="Time zone" error={invalid.tz} hint="place-hint">
            {(described) => <input {...text('tz')} placeholder="The place’s own" maxLength={64} autoComplete="off" aria-describedby={described} />}
          </Field>
        </div>
        <p class="hint" id="place-hint">
          A city is looked up by the service; coordinates, when both are given, win over it. The time zone is the place's own unless you name one (e.g.
          Europe/Lisbon).
        </p>
      </fieldset>
      <div class="form-grid">
        <Field id={IDS.style} label="Style" error={invalid.style}>
          {(described) => (
            <select
              id={IDS.style}
              value={fields.style}
              onChange={(e) => change({ style: e.currentTarget.value === 'improved' ? 'improved' : 'standard' })}
              aria-describedby={described}
            >
              <option value="standard">Standard</option>
              <option value="improved">With strengths and challenges</option>
            </select>
          )}
        </Field>
        <div class="field check logo-choice">
          <input type="checkbox" id={IDS.logo} checked={fields.logo} onChange={(e) => change({ logo: e.currentTarget.checked })} />
          <label for={IDS.logo}>Put my logo in the PDF footer</label>
        </div>
      </div>
      <div class="form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Ordering…' : 'Order the report'}
        </button>
      </div>
      {error && (
        <Notice kind="error" reveal>
          {error}
        </Notice>
      )}
      {done && (
        <Notice kind="success" reveal>
          Ordered: <code>{done.job_id}</code>
          {done.credit_charged ? ' (one credit).' : ' (no credit: the demo birth).'} It appears in “Your reports” below as it is made.
        </Notice>
      )}
    </form>
  );
}
