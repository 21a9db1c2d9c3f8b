/**
 * API keys: create one (its secret is shown this once, with a copy button and a curl command
 * that works when pasted), list them with their last use, revoke one after confirming.
 */
import { useEffect, useState } from 'preact/hooks';
import { del, get, post, rememberMadeKey } from '../api.ts';
import { quickstartCode } from '../quickstart-code.ts';
import { ConfirmDialog, CopyButton, errorText, formatDate, Link, Notice, REFERENCE_URL } from '../components.tsx';

interface Key {
  id: string;
  name: string;
  prefix: string;
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
  key?: string;
}

/** A first call to paste in a terminal: a natal chart of the documented example birth. */
export const curlExample = (key: string) => quickstartCode('curl', key);

/** `reload`: the list read again before the dialog closes, so focus returns to a page that shows the key revoked. */
function RevokeDialog(props: { target: Key; reload: () => Promise<unknown>; onClose: (revoked: boolean) => void }) {
  return (
    <ConfirmDialog
      id="revoke-title"
      title={`Revoke “${props.target.name}”?`}
      confirm="Revoke the key"
      action={async () => {
        await del(`/api/v1/auth/keys/${encodeURIComponent(props.target.id)}`);
        await props.reload();
      }}
      onClose={props.onClose}
      fallbackFocus={() => document.getElementById('key-list-title')}
    >
      <p>
        Requests with the key <code>{props.target.prefix}…</code> are refused from now on. This cannot be undone: a revoked key never works again.
      </p>
    </ConfirmDialog>
  );
}

export function Keys() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Key | null>(null);
  const [revoking, setRevoking] = useState<Key | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => get<Key[]>('/api/v1/auth/keys').then(setKeys, (e) => setError(errorText(e)));
  // The card of the key just made shows its secret only while that key works.
  const shown = created?.key && keys?.find((k) => k.id === created.id)?.status !== 'revoked' ? created : null;
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await post<Key>('/api/v1/auth/keys', { name });
      if (made.key) rememberMadeKey({ id: made.id, name: made.name, key: made.key });
      setCreated(made);
      setName('');
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <h1>API keys</h1>
      <p class="lead">
        Send a key in the <code>x-api-key</code> header of every API call. Keep it on your server, never in a web page or an app.
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      <form class="card inline-form" onSubmit={create}>
        <div>
          <label for="key-name">Name of the new key</label>
          <input id="key-name" required maxLength={100} placeholder="e.g. production" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <button type="submit">Create key</button>
      </form>
      {shown?.key && (
        <section class="card new-key" aria-labelledby="new-key-title" key={shown.id}>
          <h2 id="new-key-title">Your new key “{shown.name}”</h2>
          <Notice kind="success">Copy it now: it is shown only this once. We keep only a digest of it.</Notice>
          <div class="secret">
            <code id="new-key-value">{shown.key}</code>
            <CopyButton text={shown.key} label="Copy key" selectId="new-key-value" />
          </div>
          <h3>Try it: paste this in a terminal</h3>
          <pre class="curl" id="curl-example">
            <code>{curlExample(shown.key)}</code>
          </pre>
          <CopyButton text={curlExample(shown.key)} label="Copy command" selectId="curl-example" />
          <p class="hint">
            The same call in JavaScript and Python is on the <Link to="/">Overview</Link>; every endpoint is in the <a href={REFERENCE_URL}>API reference</a>.
          </p>
        </section>
      )}
      <section aria-labelledby="key-list-title">
        <h2 id="key-list-title" tabIndex={-1}>
          Your keys
        </h2>
        {keys === null ? (
          <p>Loading…</p>
        ) : keys.length === 0 ? (
          <p>No key yet.</p>
        ) : (
          <div class="table-wrap">
            <table class="stack-on-phone">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <td data-label="Name">{key.name}</td>
                    <td data-label="Key">
                      <code class="nowrap">{key.prefix}…</code>
                    </td>
                    <td data-label="Status">
                      <span class={`badge status-${key.status}`}>{key.status}</span>
                    </td>
                    <td data-label="Created">{formatDate(key.created_at)}</td>
                    <td data-label="Last used" class="last-used">
                      {key.last_used_at ? formatDate(key.last_used_at) : 'never'}
                    </td>
                    <td>
                      {key.status === 'active' && (
                        <button type="button" class="secondary small" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {revoking && <RevokeDialog target={revoking} reload={load} onClose={() => setRevoking(null)} />}
    </>
  );
}
