/** Small pieces every page uses: links that stay in the page, a status line, a copy button. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
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

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—';
