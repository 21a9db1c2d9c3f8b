/**
 * The birth of the zero-credit demo subject (field-reference §4.2). On its own, without imports,
 * so that the dashboard's order form fills in exactly what the service treats as free
 * (demo-subject.ts).
 */
export const DEMO_SUBJECT = {
  name: 'Synthetic Demo Candidate',
  year: 1992,
  month: 11,
  day: 23,
  hour: 14,
  minute: 17,
  time_known: true,
  city: 'Lisbon',
  lat: 38.7223,
  lng: -9.1393,
  tz_str: 'Europe/Lisbon',
} as const;
