/**
 * The operator's funnels: each defined funnel evaluated now (users per step, conversion from the
 * previous step and from the start, drop-off), and a form to create one or edit it (2 to 10 steps
 * chosen from the service's analytics events, a conversion window, the period evaluated), and
 * delete after confirming. Everything goes through /api/v1/admin/analytics/funnels.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { admin } from '../api.ts';
import { ConfirmDialog, errorText, Notice } from '../components.tsx';
import { DASHBOARD_EVENTS, MILESTONE_EVENTS } from '../../../src/db/analytics-event-names.ts';

const MAX_STEPS = 10;

interface FunnelStep {
  event: string;
  label: string;
  count: number;
  conversion_from_previous: number | null;
  conversion_from_start: number | null;
  drop_off: number;
}
interface Funnel {
  id: string;
  name: string;
  steps: FunnelStep[];
  conversion_window_days: number;
  period_days: number;
  conversion: number | null;
  evaluated_at: string;
}
interface DraftStep {
  event: string;
  label: string;
}
interface Draft {
  id: string | null;
  name: string;
  steps: DraftStep[];
  window: string;
  period: string;
}

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const emptyDraft = (): Draft => ({
  id: null,
  name: '',
  steps: [
    { event: 'signup', label: '' },
    { event: 'first_api_key', label: '' },
  ],
  window: '7',
  period: '30',
});
const draftOf = (f: Funnel): Draft => ({
  id: f.id,
  name: f.name,
  // A label equal to the event name is the default the service filled in: leave the field empty.
  steps: f.steps.map((s) => ({ event: s.event, label: s.label === s.event ? '' : s.label })),
  window: String(f.conversion_window_days),
  period: String(f.period_days),
});

function FunnelEditor(props: { draft: Draft; onSaved: () => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.draft]);
  const setStep = (i: number, change: Partial<DraftStep>) => setDraft({ ...draft, steps: draft.steps.map((s, j) => (j === i ? { ...s, ...change } : s)) });
  const save = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const body = {
      name: draft.name,
      steps: draft.steps.map((s) => (s.label.trim() ? { event: s.event, label: s.label.trim() } : { event: s.event })),
      conversion_window_days: Number(draft.window),
      period_days: Number(draft.period),
    };
    try {
      if (draft.id) await admin('PUT', `/api/v1/admin/analytics/funnels/${encodeURIComponent(draft.id)}`, body);
      else await admin('POST', '/api/v1/admin/analytics/funnels', body);
      props.onSaved();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form class="card" id="funnel-editor" onSubmit={save} aria-labelledby="funnel-editor-title">
      <h2 id="funnel-editor-title" tabIndex={-1} ref={heading}>
        {draft.id ? `Edit “${props.draft.name}”` : 'New funnel'}
      </h2>
      {error && <Notice kind="error">{error}</Notice>}
      <label for="funnel-name">Name</label>
      <input id="funnel-name" required maxLength={200} value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
      <fieldset>
        <legend>Steps, in order (2 to {MAX_STEPS})</legend>
        <ol class="funnel-steps">
          {draft.steps.map((step, i) => (
            <li key={i}>
              <div>
                <label for={`step-event-${i}`}>Event of step {i + 1}</label>
                <select id={`step-event-${i}`} value={step.event} onChange={(e) => setStep(i, { event: e.currentTarget.value })}>
                  <optgroup label="Milestones (recorded by the service)">
                    {MILESTONE_EVENTS.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Dashboard events">
                    {DASHBOARD_EVENTS.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </div>
              <div>
                <label for={`step-label-${i}`}>Label of step {i + 1} (optional)</label>
                <input id={`step-label-${i}`} maxLength={100} value={step.label} onInput={(e) => setStep(i, { label: e.currentTarget.value })} />
              </div>
              <button
                type="button"
                class="secondary small"
                aria-label={`Remove step ${i + 1}`}
                disabled={draft.steps.length <= 2}
                onClick={() => setDraft({ ...draft, steps: draft.steps.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          class="secondary"
          id="add-step"
          disabled={draft.steps.length >= MAX_STEPS}
          onClick={() => setDraft({ ...draft, steps: [...draft.steps, { event: 'first_request', label: '' }] })}
        >
          Add a step
        </button>
      </fieldset>
      <div class="form-grid">
        <div>
          <label for="funnel-window">Conversion window (days from the first step)</label>
          <input
            id="funnel-window"
            type="number"
            min={1}
            max={365}
            required
            value={draft.window}
            onInput={(e) => setDraft({ ...draft, window: e.currentTarget.value })}
          />
        </div>
        <div>
          <label for="funnel-period">Period evaluated (days)</label>
          <input
            id="funnel-period"
            type="number"
            min={1}
            max={366}
            required
            value={draft.period}
            onInput={(e) => setDraft({ ...draft, period: e.currentTarget.value })}
          />
        </div>
      </div>
      <div class="actions">
        <button type="submit">{draft.id ? 'Save the funnel' : 'Create the funnel'}</button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteDialog(props: { funnel: Funnel; onClose: (deleted: boolean) => void }) {
  return (
    <ConfirmDialog
      id="delete-funnel-title"
      title={`Delete “${props.funnel.name}”?`}
      confirm="Delete the funnel"
      action={() => admin('DELETE', `/api/v1/admin/analytics/funnels/${encodeURIComponent(props.funnel.id)}`)}
      onClose={props.onClose}
    >
      <p>Only the definition goes: the analytics events it counted are kept, and a new funnel with the same steps counts them again.</p>
    </ConfirmDialog>
  );
}

function FunnelCard(props: { funnel: Funnel; onEdit: () => void; onDelete: () => void }) {
  const f = props.funnel;
  return (
    <section class="card funnel" aria-labelledby={`funnel-${f.id}`} data-funnel-id={f.id}>
      <h2 id={`funnel-${f.id}`}>{f.name}</h2>
      <p class="hint">
        Conversion <strong class="funnel-conversion">{percent(f.conversion)}</strong> · window {f.conversion_window_days} days · users who started in the last{' '}
        {f.period_days} days
      </p>
      <div class="table-wrap">
        <table class="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Event</th>
              <th scope="col" class="num">
                Users
              </th>
              <th scope="col" class="num">
                From previous
              </th>
              <th scope="col" class="num">
                From start
              </th>
              <th scope="col" class="num">
                Dropped
              </th>
            </tr>
          </thead>
          <tbody>
            {f.steps.map((s, i) => (
              <tr key={i}>
                <td data-label="Step">
                  {i + 1}. {s.label}
                </td>
                <td data-label="Event">
                  <code>{s.event}</code>
                </td>
                <td data-label="Users" class="num step-count">
                  {s.count}
                </td>
                <td data-label="From previous" class="num">
                  {i === 0 ? '—' : percent(s.conversion_from_previous)}
                </td>
                <td data-label="From start" class="num">
                  {percent(s.conversion_from_start)}
                </td>
                <td data-label="Dropped" class="num">
                  {i === 0 ? '—' : s.drop_off}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div class="actions">
        <button type="button" class="secondary" aria-label={`Edit ${f.name}`} onClick={props.onEdit}>
          Edit
        </button>
        <button type="button" class="secondary danger-text" aria-label={`Delete ${f.name}`} onClick={props.onDelete}>
          Delete
        </button>
      </div>
    </section>
  );
}

export function AdminFunnels() {
  const [funnels, setFunnels] = useState<Funnel[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Funnel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => admin<Funnel[]>('GET', '/api/v1/admin/analytics/funnels').then(setFunnels, (e) => setError(errorText(e)));
  useEffect(() => void load(), []);
  return (
    <>
      <h1>Funnels</h1>
      <p class="lead">Users who went through the steps in order, each within the window of their first step.</p>
      {error && <Notice kind="error">{error}</Notice>}
      {!draft && (
        <button type="button" id="new-funnel" onClick={() => setDraft(emptyDraft())}>
          New funnel
        </button>
      )}
      {draft && (
        <FunnelEditor
          key={draft.id ?? 'new'}
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            void load();
          }}
        />
      )}
      {funnels?.length === 0 && <p>No funnel yet.</p>}
      {funnels?.map((f) => (
        <FunnelCard key={f.id} funnel={f} onEdit={() => setDraft(draftOf(f))} onDelete={() => setDeleting(f)} />
      ))}
      {deleting && (
        <DeleteDialog
          funnel={deleting}
          onClose={(deleted) => {
            setDeleting(null);
            if (deleted) void load();
          }}
        />
      )}
    </>
  );
}
