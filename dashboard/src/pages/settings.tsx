/**
 * Settings: which e-mails to get, the AI apps connected through OAuth (disconnect one), and
 * closing the account, confirmed by typing its address, with what is kept and why.
 */
import { useEffect, useState } from 'preact/hooks';
import { del, get, put, type Session } from '../api.ts';
import { errorText, formatDate, Notice } from '../components.tsx';

interface NotificationSettings {
  usage_alerts: boolean;
  usage_alert_threshold_pct: number;
  billing_emails: boolean;
  product_updates: boolean;
  report_completed_emails: boolean;
}
interface Grant {
  id: string;
  client_name: string | null;
  redirect_host: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
}

const SWITCHES: [keyof NotificationSettings, string][] = [
  ['usage_alerts', 'When my usage passes the threshold below'],
  ['billing_emails', 'About billing, such as a failed payment'],
  ['report_completed_emails', 'When a report is ready'],
  ['product_updates', 'News about the service'],
];

function Notifications() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    get<NotificationSettings>('/api/v1/settings/notifications').then(setSettings, (e) => setMessage({ kind: 'error', text: errorText(e) }));
  }, []);
  if (!settings) return message ? <Notice kind="error">{message.text}</Notice> : null;
  const save = async (event: Event) => {
    event.preventDefault();
    setMessage(null);
    try {
      setSettings(await put<NotificationSettings>('/api/v1/settings/notifications', settings));
      setMessage({ kind: 'success', text: 'Saved.' });
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e) });
    }
  };
  return (
    <form class="card" onSubmit={save} aria-labelledby="mail-title">
      <h2 id="mail-title">E-mails</h2>
      <fieldset>
        <legend>E-mail me</legend>
        {SWITCHES.map(([field, label]) => (
          <div class="check" key={field}>
            <input
              type="checkbox"
              id={`n-${field}`}
              checked={settings[field] as boolean}
              onChange={(e) => setSettings({ ...settings, [field]: e.currentTarget.checked })}
            />
            <label for={`n-${field}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <label for="n-threshold">Usage alert threshold (% of the quota)</label>
      <input
        id="n-threshold"
        type="number"
        min={50}
        max={100}
        value={settings.usage_alert_threshold_pct}
        onInput={(e) => setSettings({ ...settings, usage_alert_threshold_pct: Number(e.currentTarget.value) })}
      />
      <div class="form-actions">
        <button type="submit">Save e-mail settings</button>
      </div>
      {message && (
        <Notice kind={message.kind} reveal>
          {message.text}
        </Notice>
      )}
    </form>
  );
}

function ConnectedApps() {
  const [grants, setGrants] = useState<Grant[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => get<Grant[]>('/mcp/oauth/grants').then(setGrants, (e) => setError(errorText(e)));
  useEffect(() => void load(), []);
  const disconnect = async (grant: Grant) => {
    if (!confirm(`Disconnect ${grant.client_name ?? grant.redirect_host}? It loses access at once.`)) return;
    try {
      await del(`/mcp/oauth/grants/${encodeURIComponent(grant.id)}`);
      await load();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section class="card" aria-labelledby="apps-title">
      <h2 id="apps-title">Connected AI apps</h2>
      <p class="hint">Apps you allowed to use the API in your name through MCP. Disconnecting one ends its access at once.</p>
      {error && <Notice kind="error">{error}</Notice>}
      {grants?.length === 0 && <p>No app is connected.</p>}
      {grants && grants.length > 0 && (
        <ul class="grants">
          {grants.map((g) => (
            <li key={g.id}>
              <div>
                <strong>{g.client_name ?? g.redirect_host}</strong> <span class="hint">({g.redirect_host})</span>
                <br />
                <span class="hint">
                  {g.scopes.join(', ')} · connected {formatDate(g.created_at)} · last used {g.last_used_at ? formatDate(g.last_used_at) : 'never'}
                </span>
              </div>
              <button type="button" class="secondary small" onClick={() => disconnect(g)}>
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteAccount(props: { email: string; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === props.email.toLowerCase();
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      await del('/api/v1/settings/account', { confirm_email: typed.trim(), reason: reason || null });
      props.onDeleted();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="card danger-zone" onSubmit={submit} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p>
        Your keys stop working at once, a paid plan is cancelled with no further charge, and your profile, keys, request log, reports and e-mails are erased.
        Kept: the record that the account was deleted (its id, when and why, with no e-mail address), and the invoices and payments that the law requires us to
        keep for accounting.
      </p>
      <label for="delete-confirm">Type your e-mail address ({props.email}) to confirm</label>
      <input id="delete-confirm" autocomplete="off" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
      <label for="delete-reason">Why are you leaving? (optional)</label>
      <input id="delete-reason" maxLength={2000} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      <div class="form-actions">
        <button type="submit" class="danger" disabled={!matches}>
          Delete my account
        </button>
      </div>
      {error && (
        <Notice kind="error" reveal>
          {error}
        </Notice>
      )}
    </form>
  );
}

export function Settings(props: { session: Session; onDeleted: () => void }) {
  return (
    <>
      <h1>Settings</h1>
      <Notifications />
      <ConnectedApps />
      <DeleteAccount email={props.session.email} onDeleted={props.onDeleted} />
    </>
  );
}
