/**
 * What the answer writers' equality tests share: text that JSON escapes in every way, and the
 * comparison of a writer's bytes with JSON.stringify of the reference objects.
 */

/** Names and places with quotes, backslashes, control characters, lone surrogates and non-ASCII text. */
export const ODD_TEXT = [
  'O\'Brien "Junior"',
  'Zoë 🌟 Ångström',
  'tab\there\nnewline',
  'back\\slash',
  'line\u2028separator',
  'lone \ud800 surrogate',
  '',
  '\u0000\u001f control',
  'Москва',
  '東京',
];

/** The bytes of an answer (base64), or its error's class and message. */
function outcome(f: () => Uint8Array | string): string {
  try {
    const answer = f();
    return Buffer.from(typeof answer === 'string' ? new TextEncoder().encode(answer) : answer).toString('base64');
  } catch (error) {
    return `error ${(error as Error).constructor.name} ${(error as Error).message}`;
  }
}

/** Indexes of the cases whose written bytes (or error) differ from JSON.stringify of the reference objects. */
export function casesWhereWriterDiffers<T>(cases: readonly T[], write: (task: T) => Uint8Array, reference: (task: T) => unknown): number[] {
  const differing: number[] = [];
  cases.forEach((task, i) => {
    if (outcome(() => write(task)) !== outcome(() => JSON.stringify(reference(task)))) differing.push(i);
  });
  return differing;
}
