/**
 * OAuth parameters come from strangers, unauthenticated, and some reach PostgreSQL (a client id
 * looked up, a state or metadata stored). PostgreSQL refuses a NUL character or an unpaired
 * surrogate in text with an error, which would be a 500: such a value is checked here first, by
 * the rule the rest of the API validates its bodies with, and answered as the OAuth error it is.
 */
import { storableText } from '../../requests/storable-text.ts';

const storable = storableText();

export const isStorable = (value: string): boolean => storable.safeParse(value).success;
