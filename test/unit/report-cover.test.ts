/** The cover's words for the birth: the local date and time with its offset, and a name shown as written. */
import { describe, expect, it } from 'vitest';
import { localDateText } from '../../src/reports/text/sections/cover.ts';
import { escapeMarkdown } from '../../src/reports/text/report-markdown.ts';

describe('localDateText', () => {
  it('says the date, the time and the offset, also an offset with seconds (local mean time)', () => {
    expect(localDateText('1992-11-23T14:17:00+01:00', true)).toBe('23 November 1992, 14:17 (UTC+01:00)');
    expect(localDateText('1800-01-01T00:00:00+11:39:04', true)).toBe('1 January 1800, 00:00 (UTC+11:39:04)');
    expect(localDateText('1850-06-01T09:05:00-00:01:15', true)).toBe('1 June 1850, 09:05 (UTC-00:01:15)');
    expect(localDateText('2000-01-01T12:00:00Z', true)).toBe('1 January 2000, 12:00 (UTC)');
    expect(localDateText('1800-01-01T12:00:00+11:39:04', false)).toBe('1 January 1800, time unknown (the chart is cast for local noon)');
  });
});

describe('escapeMarkdown', () => {
  it('drops direction embeddings, overrides and isolates, and keeps right-to-left letters', () => {
    expect(escapeMarkdown('Ada \u202eLovelace\u202c')).toBe('Ada Lovelace');
    expect(escapeMarkdown('\u2067Noor\u2069 *x*')).toBe('Noor \\*x\\*');
    expect(escapeMarkdown('נועה')).toBe('נועה');
  });
});
