/**
 * The first page after sign-in: the plan in a line, a quickstart with the person's own key in
 * curl, JavaScript and Python, next steps that tick as they are done, the first-success question
 * once, and the onboarding questions until they are answered.
 */
import { useEffect, useState } from 'preact/hooks';
import { get, newestMadeKey, post, rememberMadeKey, type Session } from '../api.ts';
import { CopyButton, dayInWords, errorText, Link, Notice, REFERENCE_URL } from '../components.tsx';
import { LANGUAGES, maskedKey, quickstartCode, type Language } from '../quickstart-code.ts';

export interface Profile {
  id: string;
  email: string;
  full_name: string | null;
  plan_code: string | null;
  subscription_status: string | null;
  created_at: string;
  onboarding_completed: boolean;
}

function Onboarding(props: { onDone: (profile: Profile) => void }) {
  const [useCase, setUseCase] = useState('');
  const [company, setCompany] = useState('');
  const [volume, setVolume] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      props.onDone(await post<Profile>('/api/v1/auth/onboarding', { use_case: useCase, company: company || null, expected_volume: volume || null }));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">Tell us what you are building</h2>
      <p class="hint">Three questions, asked once. They help us choose what to improve.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <label for="use-case">What will you build with the API?</label>
      <textarea id="use-case" required maxLength={500} value={useCase} onInput={(e) => setUseCase(e.currentTarget.value)} />
      <label for="company">Company or project (optional)</label>
      <input id="company" maxLength={200} value={company} onInput={(e) => setCompany(e.currentTarget.value)} />
      <label for="volume">Requests you expect (optional)</label>
      <input id="volume" maxLength={100} placeholder="e.g. 10,000 a month" value={volume} onInput={(e) => setVolume(e.currentTarget.value)} />
      <button type="submit">Save answers</button>
    </form>
  );
}

interface FirstSuccessState {
  first_success: { route: string; date: string } | null;
  feedback: { rating: number } | null;
}

/** Asked once: after the first successful call, until answered (or put off for this visit). */
function FirstSuccessFeedback() {
  const [state, setState] = useState<FirstSuccessState | null>(null);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [hidden, setHidden] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<FirstSuccessState>('/api/v1/auth/feedback/first-success').then(setState, () => undefined);
  }, []);
  if (thanks) return <Notice kind="success">Thank you for telling us.</Notice>;
  if (hidden || !state?.first_success || state.feedback) return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await post('/api/v1/auth/feedback/first-success', { rating, comment: comment || null, endpoint: state.first_success!.route });
      setThanks(true);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="card" onSubmit={submit} aria-labelledby="feedback-title" id="first-success">
      <h2 id="feedback-title">Your first call worked. How was getting there?</h2>
      <p class="hint">
        <code>{state.first_success.route}</code> answered on {dayInWords(state.first_success.date)}. One question, asked once.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      <fieldset>
        <legend>From 1 (hard) to 5 (easy)</legend>
        <div class="rating">
          {[1, 2, 3, 4, 5].map((n) => (
            <span class="check" key={n}>
              <input type="radio" name="rating" id={`rating-${n}`} value={n} checked={rating === n} onChange={() => setRating(n)} />
              <label for={`rating-${n}`}>{n}</label>
            </span>
          ))}
        </div>
      </fieldset>
      <label for="feedback-comment">Anything that got in the way? (optional)</label>
      <textarea id="feedback-comment" maxLength={2000} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
      <div class="actions">
        <button type="submit" disabled={rating === 0}>
          Send
        </button>
        <button type="button" class="secondary" onClick={() => setHidden(true)}>
          Not now
        </button>
      </div>
    </form>
  );
}

interface KeySummary {
  id: string;
  name: string;
  prefix: string;
  status: 'active' | 'expired' | 'revoked';
}
interface PlanSummary {
  plan_name: string;
  status: string;
  usage: { requests_used: number; requests_limit: number | null };
}
interface ReportSummary {
  id: string;
}

/** The first call in curl, JavaScript and Python, with the person's own key (masked until revealed). */
function Quickstart(props: { keys: KeySummary[]; onKeyMade: () => void }) {
  const [language, setLanguage] = useState<Language>('curl');
  const [revealed, setRevealed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = props.keys.filter((k) => k.status === 'active');
  const made = newestMadeKey(new Set(active.map((k) => k.id)));
  const key = made?.key ?? 'YOUR_API_KEY';
  const code = quickstartCode(language, key);
  const shown = made && !revealed ? code.replaceAll(made.key, maskedKey(made.key)) : code;
  const makeKey = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await post<KeySummary & { key: string }>('/api/v1/auth/keys', { name: 'quickstart' });
      rememberMadeKey({ id: created.id, name: created.name, key: created.key });
      props.onKeyMade();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="quickstart-title" id="quickstart">
      <h2 id="quickstart-title">Quickstart: your first chart</h2>
      {made ? (
        <p class="hint" id="quickstart-key">
          With your key “{made.name}”. Keep it on your server: anyone who has it can call the API as you.
        </p>
      ) : (
        <div class="quickstart-key" id="quickstart-key">
          <p class="hint">
            {active.length
              ? 'A key is shown only once, when it is made: paste yours in place of YOUR_API_KEY, or make one for this quickstart.'
              : 'You need an API key: make one here, and the code below uses it.'}
          </p>
          <button type="button" onClick={makeKey} disabled={busy} id="quickstart-make-key">
            {busy ? 'Making a key…' : 'Make a key for this quickstart'}
          </button>
          {error && <Notice kind="error">{error}</Notice>}
        </div>
      )}
      <div class="tabs" role="group" aria-label="Language">
        {LANGUAGES.map((l) => (
          <button key={l.id} type="button" class="tab" aria-pressed={language === l.id} onClick={() => setLanguage(l.id)} id={`quickstart-${l.id}`}>
            {l.name}
          </button>
        ))}
      </div>
      <p class="hint">{LANGUAGES.find((l) => l.id === language)!.how}</p>
      {/* Not wrapped: Python's indentation must read as it is. Focusable, so a keyboard can scroll it. */}
      <pre
        class="code"
        id="quickstart-code"
        data-language={language}
        tabIndex={0}
        aria-label={`The first call in ${LANGUAGES.find((l) => l.id === language)!.name}`}
      >
        <code>{shown}</code>
      </pre>
      <div class="actions">
        <CopyButton text={code} label="Copy code" />
        {made && (
          <button type="button" class="secondary" onClick={() => setRevealed(!revealed)} aria-pressed={revealed} id="quickstart-reveal">
            {revealed ? 'Hide key' : 'Show key'}
          </button>
        )}
      </div>
      <p class="hint">
        The answer lists the planets with their signs. Every other endpoint, with its request in these three languages, is in the{' '}
        <a href={REFERENCE_URL}>API reference</a>.
      </p>
    </section>
  );
}

/** Steps toward a working integration, each ticked from what the account has done. */
function NextSteps(props: { keys: KeySummary[]; firstSuccess: FirstSuccessState['first_success']; reports: ReportSummary[] }) {
  const steps = [
    {
      done: props.keys.length > 0,
      id: 'step-key',
      text: (
        <>
          <Link to="/keys">Create an API key</Link>: it is shown once, when it is made.
        </>
      ),
    },
    {
      done: props.firstSuccess !== null,
      id: 'step-call',
      text: props.firstSuccess ? (
        <>
          Make a first call: <code>{props.firstSuccess.route}</code> answered on {dayInWords(props.firstSuccess.date)}. See it in <Link to="/usage">Usage</Link>
          .
        </>
      ) : (
        <>
          Make a first call: run the quickstart above, then see it in <Link to="/usage">Usage</Link>.
        </>
      ),
    },
    {
      done: props.reports.length > 0,
      id: 'step-report',
      text: (
        <>
          <Link to="/reports">Order the free demo report</Link>, a PDF reading of a natal chart.
        </>
      ),
    },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <section class="card" aria-labelledby="next-title">
      <h2 id="next-title">Next steps</h2>
      <p class="hint" id="steps-done">
        {done} of {steps.length} done.
      </p>
      <ol class="steps checklist">
        {steps.map((step) => (
          <li key={step.id} id={step.id} class={step.done ? 'done' : undefined}>
            <span class="tick" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <span>
              {step.done && <span class="visually-hidden">Done: </span>}
              {step.text}
            </span>
          </li>
        ))}
      </ol>
      <p>
        Then find the endpoints your app needs in the <a href={REFERENCE_URL}>API reference</a>: Western, Vedic, Chinese, numerology, ephemerides and more.
      </p>
    </section>
  );
}

export function Overview(props: { session: Session }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [keys, setKeys] = useState<KeySummary[] | null>(null);
  const [first, setFirst] = useState<FirstSuccessState | null>(null);
  const [reports, setReports] = useState<ReportSummary[] | null>(null);
  const [plan, setPlan] = useState<PlanSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorText(e));
  const loadKeys = () => get<KeySummary[]>('/api/v1/auth/keys').then(setKeys, fail);
  useEffect(() => {
    get<Profile>('/api/v1/auth/me').then(setProfile, fail);
    void loadKeys();
    get<FirstSuccessState>('/api/v1/auth/feedback/first-success').then(setFirst, fail);
    get<ReportSummary[]>('/api/v1/auth/reports').then(setReports, fail);
    get<PlanSummary>(`/api/v1/billing/subscription/${encodeURIComponent(props.session.user_id)}`).then(setPlan, fail);
  }, []);
  return (
    <>
      <h1>Welcome</h1>
      <p class="lead">
        Signed in as <strong>{props.session.email}</strong>.
        {plan && (
          <>
            {' '}
            Plan <Link to="/billing">{plan.plan_name}</Link> ({plan.status}):{' '}
            {plan.usage.requests_limit === null
              ? `${plan.usage.requests_used.toLocaleString('en-GB')} requests counted in the quota's period, no limit`
              : `${plan.usage.requests_used.toLocaleString('en-GB')} of ${plan.usage.requests_limit.toLocaleString('en-GB')} requests counted in the quota's period`}{' '}
            (<Link to="/usage">Usage</Link>).
          </>
        )}
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {keys && <Quickstart keys={keys} onKeyMade={() => void loadKeys()} />}
      {keys && first && reports && <NextSteps keys={keys} firstSuccess={first.first_success} reports={reports} />}
      <FirstSuccessFeedback />
      {profile && !profile.onboarding_completed && <Onboarding onDone={setProfile} />}
    </>
  );
}
