/**
 * A first call in three languages: a natal chart of the documented example birth, with the key in
 * the `x-api-key` header, to paste as it is: in a shell (curl), in a file run by Node 18 or later
 * (fetch), and in Python 3 (its standard library only, nothing to install).
 */

export type Language = 'curl' | 'javascript' | 'python';

export const LANGUAGES: { id: Language; name: string; how: string }[] = [
  { id: 'curl', name: 'curl', how: 'Paste it in a terminal.' },
  { id: 'javascript', name: 'JavaScript', how: 'Save it as first-chart.mjs and run node first-chart.mjs (Node 18 or later).' },
  { id: 'python', name: 'Python', how: 'Save it as first_chart.py and run python3 first_chart.py (nothing to install).' },
];

const BIRTH = { name: 'Ada', year: 1990, month: 5, day: 17, hour: 8, minute: 15, lat: 38.72, lng: -9.14, tz_str: 'Europe/Lisbon' };
const PATH = '/api/v1/natal/calculate';

export function quickstartCode(language: Language, key: string, origin = location.origin): string {
  const url = `${origin}${PATH}`;
  if (language === 'curl') {
    // One option a line: on a phone the key stays in view without wrapping the command.
    return [`curl -sS -X POST '${url}' \\`, `  -H 'x-api-key: ${key}' \\`, `  -H 'content-type: application/json' \\`, `  -d '${JSON.stringify(BIRTH)}'`].join(
      '\n',
    );
  }
  if (language === 'javascript') {
    return [
      `const response = await fetch('${url}', {`,
      `  method: 'POST',`,
      `  headers: { 'x-api-key': '${key}', 'content-type': 'application/json' },`,
      `  body: JSON.stringify(${JSON.stringify(BIRTH)}),`,
      `});`,
      'if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);',
      `const chart = await response.json();`,
      `for (const planet of chart.planets) console.log(planet.name, planet.sign);`,
    ].join('\n');
  }
  const birth = Object.entries(BIRTH)
    .map(([field, value]) => `"${field}": ${JSON.stringify(value)}`)
    .join(', ');
  return [
    `import json`,
    `import urllib.request`,
    ``,
    `request = urllib.request.Request(`,
    `    "${url}",`,
    `    data=json.dumps({${birth}}).encode(),`,
    `    headers={"x-api-key": "${key}", "content-type": "application/json"},`,
    `)`,
    `# A refusal (401 key, 429 limit ...) raises urllib.error.HTTPError with the status.`,
    `with urllib.request.urlopen(request) as response:`,
    `    chart = json.load(response)`,
    `for planet in chart["planets"]:`,
    `    print(planet["name"], planet["sign"])`,
  ].join('\n');
}

/** A key as shown before it is revealed: its first characters, then dots. */
export const maskedKey = (key: string) => `${key.slice(0, 8)}${'•'.repeat(Math.max(8, key.length - 8))}`;
