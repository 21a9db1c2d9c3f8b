/**
 * Sign-in without a password: the address, then the six-digit code from the e-mail. Opening the
 * e-mail's link lands here with `#link=...`: the page posts that secret back itself and removes
 * it from the address bar.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get, post, type Session } from '../api.ts';
import { errorText, Notice, REFERENCE_URL } from '../components.tsx';

interface OidcProvider {
  enabled: boolean;
  name: string | null;
  start_url: string | null;
}

/** "Sign in with <provider>" when the operator configured one: a plain link, the server does the rest. */
function ProviderSignIn() {
  const [provider, setProvider] = useState<OidcProvider | null>(null);
  useEffect(() => {
    get<OidcProvider>('/api/v1/dashboard/oidc').then(setProvider, () => undefined);
  }, []);
  if (!provider?.enabled || !provider.start_url) return null;
  return (
    <div class="card provider-sign-in">
      <a class="button-link" id="oidc-sign-in" href={provider.start_url}>
        Sign in with {provider.name}
      </a>
    </div>
  );
}

/** The service's tries per e-mailed code (SIGN_IN_DEFAULTS.maxAttemptsPerChallenge): after these, only a new e-mail helps. */
const TRIES_PER_CODE = 5;

/** A refused code in words that say what to do next: try again while the code can still work, else ask anew. */
function codeRefusal(error: unknown, wrongSoFar: number): string {
  if (error instanceof ApiError && error.status === 422) return 'The code is the six digits from the e-mail.';
  if (error instanceof ApiError && error.status === 429) return 'Too many wrong codes. Wait a few minutes, then ask for a new e-mail.';
  if (error instanceof ApiError && error.status === 401) {
    const left = TRIES_PER_CODE - wrongSoFar;
    return left > 0
      ? `That code did not work. Check the six digits and try again (${left} ${left === 1 ? 'try' : 'tries'} left), or ask for a new e-mail: a code also stops working after 15 minutes or once it has been used.`
      : 'That code did not work, and it cannot be tried again. Ask for a new e-mail.';
  }
  return errorText(error);
}

/** `notice`: why the person is asked to sign in again (their session ended), if that is why. */
export function SignIn(props: { onSignedIn: (session: Session) => void; notice?: string | null }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wrong, setWrong] = useState(0);
  const codeField = useRef<HTMLInputElement>(null);
  // The e-mail is on its way: the next thing to type is its code.
  useEffect(() => {
    if (sent) codeField.current?.focus();
  }, [sent]);

  useEffect(() => {
    const link = /(?:^#|&)link=([A-Za-z0-9_-]+)/.exec(location.hash)?.[1];
    if (!link) return;
    history.replaceState(null, '', location.pathname);
    setBusy(true);
    post<Session>('/api/v1/dashboard/sign-in/link', { link })
      .then(props.onSignedIn)
      .catch((e) =>
        setError(e instanceof ApiError && e.status === 401 ? 'This sign-in link has been used or has expired. Ask for a new e-mail below.' : errorText(e)),
      )
      .finally(() => setBusy(false));
  }, []);

  const ask = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await post('/api/v1/dashboard/sign-in', { email });
      setWrong(0);
      setCode('');
      setSent(true);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 422 ? 'Enter a valid e-mail address.' : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      props.onSignedIn(await post<Session>('/api/v1/dashboard/sign-in/code', { email, code }));
    } catch (e) {
      const wrongSoFar = e instanceof ApiError && e.status === 401 ? wrong + 1 : wrong;
      setWrong(wrongSoFar);
      setError(codeRefusal(e, wrongSoFar));
      codeField.current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in" id="main">
      <h1>Sign in to the Astrology API</h1>
      <p class="lead">No password: we e-mail you a code and a link. A new address gets a free account.</p>
      {props.notice && <Notice kind="info">{props.notice}</Notice>}
      {!sent && <ProviderSignIn />}
      {!sent ? (
        <form onSubmit={ask} class="card">
          <label for="email">E-mail address</label>
          <input id="email" name="email" type="email" autocomplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
          {error && (
            <Notice kind="error" reveal>
              {error}
            </Notice>
          )}
          <button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'E-mail me a sign-in code'}
          </button>
        </form>
      ) : (
        <form onSubmit={verify} class="card">
          <Notice kind="info">
            We sent a code to <strong>{email}</strong>. It works once, for 15 minutes.
          </Notice>
          <label for="code">Six-digit code</label>
          <input
            ref={codeField}
            id="code"
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          {error && (
            <Notice kind="error" reveal>
              {error}
            </Notice>
          )}
          <button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
          <button type="button" class="link-button" onClick={() => (setSent(false), setCode(''), setError(null))}>
            Use another address or send a new e-mail
          </button>
        </form>
      )}
      <p class="hint">
        Looking first? The <a href={REFERENCE_URL}>API reference</a> lists every endpoint, with examples in curl, JavaScript and Python.
      </p>
    </main>
  );
}
