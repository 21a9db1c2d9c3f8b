/**
 * CSS colour validation. Colours from callers end up inside SVG attributes, so only plain
 * colour syntaxes are accepted: no url(), no `;`, no quotes, nothing markup-like.
 */

const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\s*[+-]?(?:\d+\.?\d*|\.\d+)%?\s*`;
const FUNC = new RegExp(String.raw`^(?:rgba?|hsla?)\((?:${NUMBER}(?:,${NUMBER}){2,3}|${NUMBER}(?:\s${NUMBER}){2}(?:/${NUMBER})?)\)$`, 'i');

export function isCssColor(v: string, allowTransparent = true): boolean {
  if (v.length > 64) return false;
  const s = v.trim().toLowerCase();
  if (s === 'transparent') return allowTransparent;
  return HEX.test(s) || NAMED.has(s) || FUNC.test(s);
}

/** Colour for output: validated value or the fallback (never trusts unvalidated input). */
export function safeColor(v: string | undefined, fallback: string): string {
  return v !== undefined && isCssColor(v) ? v.trim() : fallback;
}

export function isTransparent(v: string): boolean {
  return v.trim().toLowerCase() === 'transparent';
}
