/**
 * A JSON object with any keys, each value checked by `value` (and each key by `key`, when given):
 * what `z.record` means for JSON. zod 4's record takes an object whose `constructor` key is not a
 * function for an instance of a class: it refuses `{"constructor": 5}` and throws on
 * `{"constructor": null}` (a 500). A JSON object is always plain, so here `constructor` is a key
 * like any other.
 */
import { z } from 'zod/v4';

export function jsonObject<V extends z.ZodType>(value: V, key?: z.ZodString) {
  const object = z.object({}).catchall(value);
  if (key === undefined) return object;
  return object.superRefine((o, ctx) => {
    for (const k of Object.keys(o)) {
      const checked = key.safeParse(k);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: [k], message: checked.error.issues[0]?.message ?? 'not an accepted key', input: k });
    }
  });
}
