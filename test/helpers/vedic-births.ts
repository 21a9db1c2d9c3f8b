/**
 * The birth the Vedic integration tests send: the common request block of the public service's
 * Vedic clients (peer-families §6), as the dashboard widget sends it, for a morning birth in New Delhi.
 */
export const DELHI_WIDGET_BIRTH = {
  year: 1990,
  month: 8,
  day: 15,
  hour: 6,
  minute: 30,
  city: 'New Delhi',
  lat: 28.6139,
  lng: 77.209,
  tz_str: 'AUTO',
  ayanamsha: 'lahiri',
  house_system: 'whole_sign',
  node_type: 'mean',
};
