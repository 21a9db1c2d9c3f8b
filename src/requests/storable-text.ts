/**
 * Text that PostgreSQL can store. JSON lets a client send a NUL character (\u0000) or half of a
 * surrogate pair (\ud800); PostgreSQL refuses both in text and jsonb, so they are refused here,
 * with the field named, before anything is written.
 */
import { z } from 'zod/v4';

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const storableText = () =>
  z.string().refine((s) => !UNSTORABLE.test(s), { message: 'text contains a NUL character or an unpaired surrogate, which cannot be stored' });

const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** One line of printed text (a PDF footer): storable, and no control characters, line breaks or tabs, which print as garbage. */
export const lineOfText = () =>
  storableText().refine((s) => !CONTROL.test(s), { message: 'text contains a control character (a line break, tab or the like)' });
