/** Small pieces every page uses: links that stay in the page, a status line, a copy button. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { BASE, navigate } from './router.ts';

export function Link(props: { to: string; children: ComponentChildren; current?: boolean; class?: string }) {
  return (
    <a
      href={`${BASE}${props.to}`}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}

/** A message screen readers announce: an error in role=alert, anything else politely. */
export function Notice(props: { kind: 'error' | 'info' | 'success'; children: ComponentChildren }) {
  return (
    <p class={`notice notice-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </p>
  );
}

export function CopyButton(props: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="secondary"
      onClick={async () => {
        await navigator.clipboard.writeText(props.text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : props.label}
    </button>
  );
}

/**
 * A modal that asks before an action that cannot be undone. `action` runs on the danger button:
 * when it resolves the dialog closes with true; when it fails, the error is shown and the dialog
 * stays. The secondary button and Escape close it with false.
 */
export function ConfirmDialog(props: {
  id: string;
  title: ComponentChildren;
  children: ComponentChildren;
  confirm: string;
  action: () => Promise<unknown>;
  onClose: (done: boolean) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => dialog.current?.showModal(), []);
  const run = async () => {
    try {
      await props.action();
      props.onClose(true);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <dialog ref={dialog} aria-labelledby={props.id} onCancel={() => props.onClose(false)}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
      {error && <Notice kind="error">{error}</Notice>}
      <div class="actions">
        <button type="button" class="danger" onClick={run}>
          {props.confirm}
        </button>
        <button type="button" class="secondary" onClick={() => props.onClose(false)}>
          Keep it
        </button>
      </div>
    </dialog>
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—';
