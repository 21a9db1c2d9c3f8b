/**
 * The first page after sign-in: the account's plan, the onboarding questions until they are
 * answered, and the next steps (a key, a first call).
 */
import { useEffect, useState } from 'preact/hooks';
import { get, post, type Session } from '../api.ts';
import { errorText, Link, Notice } from '../components.tsx';

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
        <code>{state.first_success.route}</code> answered on {state.first_success.date}. One question, asked once.
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

export function Overview(props: { session: Session }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<Profile>('/api/v1/auth/me').then(setProfile, (e) => setError(errorText(e)));
  }, []);
  return (
    <>
      <h1>Welcome</h1>
      <p class="lead">
        Signed in as <strong>{props.session.email}</strong>.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {profile && (
        <>
          <section class="card" aria-labelledby="plan-title">
            <h2 id="plan-title">Your plan</h2>
            <p>
              <span class="badge">{profile.plan_code ?? 'none'}</span> {profile.subscription_status ?? ''}
            </p>
          </section>
          {!profile.onboarding_completed && <Onboarding onDone={setProfile} />}
          <FirstSuccessFeedback />
          <section class="card" aria-labelledby="next-title">
            <h2 id="next-title">Next steps</h2>
            <ol class="steps">
              <li>
                <Link to="/keys">Create an API key</Link> and copy it: it is shown once.
              </li>
              <li>Paste the curl example shown with it into a terminal: your first chart.</li>
              <li>
                Watch the call arrive in <Link to="/usage">Usage</Link>.
              </li>
            </ol>
          </section>
        </>
      )}
    </>
  );
}
