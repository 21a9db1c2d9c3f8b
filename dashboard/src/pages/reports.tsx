/**
 * Reports: the credits left (and where to buy more), the account's report jobs with their live
 * state (asked again every two seconds while one is queued or running), the finished ones to
 * download, how to order one with an API key, and the secret the report callbacks are signed with.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, del, get, post } from '../api.ts';
import { CopyButton, dayInWords, errorText, formatDate, Link, Notice } from '../components.tsx';
import { ReportOrderForm } from './report-order.tsx';

interface Credits {
  remaining: number;
  included_per_period: number;
  used_this_period: number;
  period_resets_at: string | null;
}
interface ReportJob {
  job_id: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  progress: number;
  stage: string;
  created_at: string;
  completed_at: string | null;
  error: string | null;
  output_format: string;
  subject_name: string | null;
  birth_date: string | null;
  pdf_url: string | null;
  markdown_url: string | null;
}

const orderExample = () =>
  `curl -sS -X POST '${location.origin}/api/v1/natal/calculate' -H 'x-api-key: YOUR_KEY' -H 'content-type: application/json' -d '${JSON.stringify({
    name: 'Ada',
    year: 1990,
    month: 5,
    day: 17,
    hour: 8,
    minute: 15,
    lat: 38.72,
    lng: -9.14,
    tz_str: 'Europe/Lisbon',
    psychological_report: { enabled: true },
  })}'`;

const FORMATS: Record<string, string> = { pdf: 'PDF', markdown: 'Markdown', json: 'JSON' };
const STATES: Record<string, string> = { queued: 'waiting', running: 'being made' };
const STAGES: Record<string, string> = { queued: 'in the queue', computing: 'computing the chart', rendering: 'drawing the pages', done: 'finishing' };

function JobStatus(props: { job: ReportJob }) {
  const { job } = props;
  if (job.status === 'completed') return <span class="badge status-active">ready</span>;
  if (job.status === 'failed') return <span class="badge status-revoked">failed</span>;
  return (
    <span>
      <span class="badge">{STATES[job.status] ?? job.status}</span> {job.progress}% · {STAGES[job.stage] ?? job.stage}
    </span>
  );
}

interface Branding {
  has_logo: boolean;
  logo_url: string | null;
  content_type: string | null;
  size_bytes: number | null;
  sha256: string | null;
}

/**
 * The PDF footer's logo: upload (PNG, JPEG or SVG up to 1 MiB; the service reads the type from the
 * bytes and cleans an SVG), remove, and a preview of a page footer with it, drawn by the service
 * with the footer code of the reports themselves (as reports ordered with
 * include_profile_branding_logo show it).
 */
const LOGO_MAX_BYTES = 1024 * 1024;

/** An upload refused, in the words of the hint above it (1 MiB, not a count of bytes). */
function logoError(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return 'This file is larger than 1 MiB. Choose a smaller image.';
  if (error instanceof ApiError && error.status === 415) return 'This file is not a PNG, JPEG or SVG image. Choose one of those.';
  if (error instanceof ApiError && error.status === 422) return 'This image could not be read: it may be damaged. Try saving it again, or choose another.';
  return errorText(error);
}

function BrandingLogo() {
  const [branding, setBranding] = useState<Branding | null>(null);
  const [label, setLabel] = useState('Prepared for you by Example Astrology');
  const [error, setError] = useState<string | null>(null);
  // The preview is drawn by the service: asked again once typing pauses, not at every key.
  const [shownLabel, setShownLabel] = useState(label);
  useEffect(() => {
    const timer = setTimeout(() => setShownLabel(label.trim()), 400);
    return () => clearTimeout(timer);
  }, [label]);
  useEffect(() => {
    get<Branding>('/api/v1/auth/report-branding').then(setBranding, (e) => setError(errorText(e)));
  }, []);
  const upload = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    // Refused here before sending a large file for nothing; the service checks again.
    if (file.size > LOGO_MAX_BYTES) {
      setError(logoError(new ApiError(413, 'too large', null)));
      input.value = '';
      return;
    }
    const form = new FormData();
    form.append('file', file);
    try {
      setBranding(await api<Branding>('POST', '/api/v1/auth/report-branding', form));
    } catch (e) {
      setError(logoError(e));
    }
    input.value = '';
  };
  const remove = async () => {
    try {
      setBranding(await del<Branding>('/api/v1/auth/report-branding'));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section class="card" aria-labelledby="branding-title">
      <h2 id="branding-title">Your logo in the PDF footer</h2>
      <p class="hint" id="branding-hint">
        PNG, JPEG or SVG, at most 1 MiB. Reports ordered with “Put my logo in the PDF footer” ticked carry it on every page.
      </p>
      <label for="branding-file">{branding?.has_logo ? 'Replace the logo' : 'Upload a logo'}</label>
      <input id="branding-file" type="file" accept="image/png,image/jpeg,image/svg+xml" onChange={upload} aria-describedby="branding-hint" />
      {error && (
        <Notice kind="error" reveal>
          {error}
        </Notice>
      )}
      <label for="footer-label">Footer text for the preview</label>
      <input id="footer-label" maxLength={120} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
      <h3>Footer preview</h3>
      <div class="footer-preview" id="footer-preview">
        <img
          src={`/api/v1/auth/report-branding/footer-preview?${new URLSearchParams({ label: shownLabel, v: branding?.sha256 ?? 'none' })}`}
          alt={`Preview of the PDF footer: ${branding?.has_logo ? 'your logo, ' : ''}${shownLabel ? `“${shownLabel}”, ` : ''}page 3 of 14`}
        />
      </div>
      {branding?.has_logo && (
        <button type="button" class="secondary" onClick={remove}>
          Remove the logo
        </button>
      )}
    </section>
  );
}

function CallbackSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    get<{ report_webhook_secret?: string }>('/api/v1/auth/me').then(
      (me) => setSecret(me.report_webhook_secret ?? null),
      (e) => setError(errorText(e)),
    );
  }, []);
  const rotate = async () => {
    if (!confirm('Replace the secret? Callbacks are signed with the new one at once: update your receiver first.')) return;
    try {
      setSecret((await post<{ report_webhook_secret: string }>('/api/v1/auth/webhook-secret/rotate')).report_webhook_secret);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section class="card" aria-labelledby="secret-title">
      <h2 id="secret-title">Callback signing secret</h2>
      <p class="hint">
        When you order a report from your own code with a callback address, that address is called when the report is ready, signed with this secret (Standard
        Webhooks).
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {secret && (
        <div class="secret">
          <code id="callback-secret">{secret}</code>
          <CopyButton text={secret} label="Copy secret" selectId="callback-secret" />
          <button type="button" class="secondary" onClick={rotate}>
            Replace it
          </button>
        </div>
      )}
    </section>
  );
}

export function Reports() {
  const [credits, setCredits] = useState<Credits | null>(null);
  const [jobs, setJobs] = useState<ReportJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by an order: the credits and the jobs are read again, and followed while one is made.
  const [orders, setOrders] = useState(0);
  useEffect(() => {
    get<Credits>('/api/v1/auth/report-credits').then(setCredits, (e) => setError(errorText(e)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      get<ReportJob[]>('/api/v1/auth/reports').then(
        (list) => {
          setJobs(list);
          if (list.some((j) => j.status === 'queued' || j.status === 'running')) timer = setTimeout(load, 2000);
        },
        (e) => setError(errorText(e)),
      );
    void load();
    return () => clearTimeout(timer);
  }, [orders]);
  return (
    <>
      <h1>Reports</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {credits && (
        <section class="card" aria-labelledby="credits-title">
          <h2 id="credits-title">Credits</h2>
          <dl class="figures">
            <div>
              <dt>Left</dt>
              <dd id="credits-left">{credits.remaining}</dd>
            </div>
            <div>
              <dt>Included each period</dt>
              <dd>{credits.included_per_period}</dd>
            </div>
            <div>
              <dt>Used this period</dt>
              <dd>{credits.used_this_period}</dd>
            </div>
            <div>
              <dt>Renews</dt>
              <dd>{formatDate(credits.period_resets_at)}</dd>
            </div>
          </dl>
          <p>
            <Link to="/billing">Buy report credits</Link>
          </p>
        </section>
      )}
      <section class="card" aria-labelledby="order-title">
        <ReportOrderForm creditsLeft={credits?.remaining ?? null} onOrdered={() => setOrders((n) => n + 1)} />
        <h3>From your own code</h3>
        <p class="hint">With one of your API keys: each report costs one credit, and this page shows it as it is made.</p>
        <pre class="curl">
          <code>{orderExample()}</code>
        </pre>
      </section>
      <section class="card" aria-labelledby="jobs-title">
        <h2 id="jobs-title">Your reports</h2>
        {jobs?.length === 0 && <p>No report yet.</p>}
        {jobs && jobs.length > 0 && (
          <div class="table-wrap">
            <table id="report-table" class="stack-on-phone">
              <thead>
                <tr>
                  <th scope="col">Ordered</th>
                  <th scope="col">Report</th>
                  <th scope="col">Status</th>
                  <th scope="col">Download</th>
                </tr>
              </thead>
              <tbody aria-live="polite">
                {jobs.map((job) => (
                  <tr key={job.job_id} data-job-id={job.job_id}>
                    <td data-label="Ordered">{formatDate(job.created_at)}</td>
                    <td data-label="Report">
                      {/* Whose report, so that several can be told apart; then the format and the reference the order showed. */}
                      <span>
                        <strong>{job.subject_name ?? 'Unnamed'}</strong>
                        {job.birth_date && `, born ${dayInWords(job.birth_date)}`}
                        <br />
                        Natal report, {FORMATS[job.output_format] ?? job.output_format}
                        <br />
                        <span class="hint">
                          Reference <code class="nowrap">{job.job_id}</code>
                        </span>
                      </span>
                    </td>
                    <td data-label="Status">
                      <JobStatus job={job} />
                      {job.error && <div class="hint">{job.error}</div>}
                    </td>
                    <td data-label="Download">
                      <span>
                        {job.pdf_url && (
                          <a href={job.pdf_url} download>
                            PDF
                          </a>
                        )}
                        {job.pdf_url && job.markdown_url && ' · '}
                        {job.markdown_url && (
                          <a href={job.markdown_url} download>
                            Markdown
                          </a>
                        )}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <BrandingLogo />
      <CallbackSecret />
    </>
  );
}
