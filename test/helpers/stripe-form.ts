/**
 * Decoding the parameters the Stripe SDK sends: `application/x-www-form-urlencoded` bodies (and
 * query strings for GET and DELETE) with bracket paths, `line_items[0][price]=price_1`,
 * `metadata[user_id]=u1`, `expand[0]=payments`.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

function pathOf(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const segments = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1]!);
  return segments;
}

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const path = pathOf(key);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const index = /^\d+$/.test(segment) && Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[index] = value;
        break;
      }
      if (container[index] === undefined) container[index] = /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = container[index] as FormObject | FormValue[];
    }
  }
  return root;
}

/** A decoded list (`expand[0]=a&expand[1]=b`), whether it arrived as an array or an object. */
export function listOf(value: FormValue | undefined): FormValue[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object')
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => value[k]!);
  return [value];
}
