/** The text of the e-mails the service sends about an account. Plain text, short, and specific. */

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const date = (iso: string) => iso.slice(0, 10);

export function usageAlertMessage(input: { used: number; limit: number; thresholdPct: number; resetsAt: string; planName: string }) {
  const pct = Math.floor((input.used / input.limit) * 100);
  return {
    subject: `You have used ${pct}% of your API requests`,
    text: [
      `Your account has made ${input.used.toLocaleString('en-US')} of the ${input.limit.toLocaleString('en-US')} requests your ${input.planName} plan allows in this period.`,
      `You asked to hear when usage passes ${input.thresholdPct}%. The count starts again on ${date(input.resetsAt)} (UTC).`,
      '',
      'If you expect to need more before then, a larger plan or a request pack keeps your integration running; requests over the limit are refused with HTTP 429.',
      '',
      'You can change or turn off these alerts in the notification settings of your dashboard.',
    ].join('\n'),
  };
}

export function paymentFailedMessage(input: { amountCents: number; currency: string; attempt: number; planName: string | null; graceUntil: string | null }) {
  return {
    subject: 'Your payment did not go through',
    text: [
      `We could not collect ${money(input.amountCents, input.currency)} for your ${input.planName ?? 'subscription'}${input.attempt > 1 ? ` (attempt ${input.attempt})` : ''}.`,
      input.graceUntil
        ? `Your plan stays active until ${date(input.graceUntil)} (UTC) while the payment is retried; after that the account moves to the free plan.`
        : 'Your plan stays active for now while the payment is retried.',
      '',
      'To fix it, open the billing page of your dashboard and update your card in the customer portal.',
    ].join('\n'),
  };
}

export function reportCompletedMessage(input: { jobId: string; title?: string | null; url?: string | null }) {
  return {
    subject: input.title ? `Your report is ready: ${input.title}` : 'Your report is ready',
    text: [
      `The report ${input.title ? `"${input.title}" ` : ''}(job ${input.jobId}) has finished.`,
      input.url ? `Download it here: ${input.url}` : `Fetch it with GET /api/v1/natal/report/${input.jobId}?format=pdf.`,
      '',
      'You can turn off these e-mails in the notification settings of your dashboard.',
    ].join('\n'),
  };
}
