/** Small pieces every page uses: links that stay in the page, a status line, a copy button. */
import { Fragment, type ComponentChildren } from 'preact';
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

/**
 * A message screen readers announce: an error in role=alert, anything else politely. With
 * `reveal`, the message is scrolled into view when it appears: the outcome of a button pressed on
 * a phone must not be drawn off screen. Callers clear the message before each attempt, so every
 * outcome appears anew (and is announced and revealed again).
 */
export function Notice(props: { kind: 'error' | 'info' | 'success'; children: ComponentChildren; reveal?: boolean; id?: string }) {
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (props.reveal) element.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <p ref={element} id={props.id} class={`notice notice-${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </p>
  );
}

type CopyOutcome = 'copied' | 'selected' | null;

/**
 * Copies `text`, and says what truly happened. The clipboard API exists only in secure contexts
 * (https or localhost) and may be refused: then the text of `selectId` (the element showing it) is
 * selected and copied the old way, and if even that fails the person is told to copy the
 * selection themselves. The outcome is forgotten when the text changes (a new key in the same card).
 */
export function CopyButton(props: { text: string; label: string; selectId?: string }) {
  const [outcome, setOutcome] = useState<CopyOutcome>(null);
  useEffect(() => setOutcome(null), [props.text]);
  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = async () => {
    setOutcome(null);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard API here');
      await navigator.clipboard.writeText(props.text);
      setOutcome('copied');
    } catch {
      setOutcome(selectAndCopy(props.selectId) ? 'copied' : 'selected');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="secondary" onClick={copy}>
        {outcome === 'copied' ? 'Copied' : props.label}
      </button>
      <span role="status" class={outcome === 'selected' ? 'copy-outcome' : 'visually-hidden'}>
        {outcome === 'copied' ? 'Copied to the clipboard.' : outcome === 'selected' ? 'Not copied: your browser refused. Select the text and copy it.' : ''}
      </span>
    </span>
  );
}

/** Selects the element's text (so it can be copied by hand) and tries the old copy command: true when it copied. */
function selectAndCopy(id: string | undefined): boolean {
  const element = id ? document.getElementById(id) : null;
  const selection = getSelection();
  if (!element || !selection) return false;
  selection.selectAllChildren(element);
  try {
    // Deprecated, but the one way to copy on plain http, where navigator.clipboard is missing.
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A modal that asks before an action that cannot be undone. `action` runs on the danger button:
 * when it resolves the dialog closes with true; when it fails, the error is shown and the dialog
 * stays. The secondary button and Escape close it with false. Focus starts on the safe choice (an
 * Enter pressed out of habit keeps everything) and goes back to the button that opened the dialog,
 * or, when the action removed that button, to `fallbackFocus`.
 */
export function ConfirmDialog(props: {
  id: string;
  title: ComponentChildren;
  children: ComponentChildren;
  confirm: string;
  action: () => Promise<unknown>;
  onClose: (done: boolean) => void;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.showModal();
    safe.current?.focus();
    // After the page has drawn what the action changed: the opener may be gone by then.
    return () =>
      void setTimeout(() => {
        const target = opener?.isConnected ? opener : props.fallbackFocus?.();
        target?.focus();
      });
  }, []);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.action();
      props.onClose(true);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby={props.id}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose(false);
      }}
    >
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
      {error && <Notice kind="error">{error}</Notice>}
      <div class="actions">
        <button type="button" class="secondary" ref={safe} onClick={() => props.onClose(false)}>
          Keep it
        </button>
        <button type="button" class="danger" onClick={run} disabled={busy}>
          {props.confirm}
        </button>
      </div>
    </dialog>
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A calendar date as written (YYYY-MM-DD) in words: "14 March 1988". */
export const dayInWords = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—';

/** A moment to the second, for the request log, whose calls often share a minute. */
export const formatSecond = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

/** The API reference, served by the service beside the dashboard. */
export const REFERENCE_URL = '/docs/';

/** A URL path that wraps at its slashes on a narrow screen, never inside a word. */
export function PathText(props: { path: string }) {
  const parts = props.path.split(/(?<=\/)/);
  return (
    <code class="path">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}
