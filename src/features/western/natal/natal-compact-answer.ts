/**
 * The compact natal answer's JSON bytes, written from its chart onto a JSON tape
 * (src/answers/json-tape.ts): the bytes of JSON.stringify over computeCompactNatal's objects
 * (the oracle in test/helpers/answer-oracles.ts;
 * test/unit/compact-natal-answer.test.ts compares the two on thousands of random births),
 * without building them. Sign, element and modality names come from fixed tables; every other
 * string goes through JSON.stringify.
 */
import { dominants } from '../../../astro/dominants.ts';
import { signIndexOf, signOf, SIGNS } from '../../../astro/zodiac.ts';
import { JsonTape, jsonFragment as fragment } from '../../../answers/json-tape.ts';
import type { ResolvedPlace } from '../../../requests/place.ts';
import { cachedFragment, writeList } from '../../../answers/chart-tape.ts';
import { castCompactNatal, compactNatalWarnings } from './natal-service.ts';
import type { CompactNatalRequest } from './natal-schemas.ts';

const F = {
  name: fragment('{"subject":{"name":'),
  datetime: fragment(',"datetime":'),
  datetimeUtc: fragment(',"datetime_utc":'),
  timezone: fragment(',"timezone":'),
  lat: fragment(',"lat":'),
  lng: fragment(',"lng":'),
  planets: fragment('},"planets":{'),
  house: fragment('"house":'),
  degree: fragment('"degree":'),
  notRetrograde: fragment(',"retrograde":false}'),
  retrograde: fragment(',"retrograde":true}'),
  comma: fragment(','),
  noHouses: fragment('},"houses":{}'),
  sunSign: fragment(',"summary":{"sun_sign":'),
  moonSign: fragment(',"moon_sign":'),
  risingSign: fragment(',"rising_sign":'),
  element: fragment(',"dominant_element":'),
  modality: fragment(',"dominant_modality":'),
  warnings: fragment('},"warnings":'),
  close: fragment('}'),
  closeTwo: fragment('}}'),
};

/** `"sun":{"sign":"Aries",` of each point, by sign index. */
const planetHeads = SIGNS.map((sign) => cachedFragment((id) => `${JSON.stringify(id)}:{"sign":${JSON.stringify(sign.name)},`));
/** `},"houses":{"1":"Aries"` (closing the planets), then `,"2":"Taurus"`..., of each house and sign. */
const houseEntries = Array.from({ length: 12 }, (_, i) => cachedFragment((sign) => `${i === 0 ? '},"houses":{' : ','}"${i + 1}":${JSON.stringify(sign)}`));

/** One tape per thread, reused by every answer. */
const tape = new JsonTape();

/** The compact natal task's answer bytes. */
export function writeCompactNatalAnswer(request: CompactNatalRequest, place: ResolvedPlace): Uint8Array {
  const { moment, chart } = castCompactNatal(request, place);
  const houses = chart.houses;
  const w = tape.reset();
  w.fragment(F.name)
    .str(request.name ?? 'User')
    .fragment(F.datetime)
    .str(moment.localIso)
    .fragment(F.datetimeUtc)
    .str(moment.utcIso)
    .fragment(F.timezone)
    .known(moment.zone)
    .fragment(F.lat)
    .num(place.lat)
    .fragment(F.lng)
    .num(place.lng)
    .fragment(F.planets);
  let sun = 0;
  let moon = 0;
  let first = true;
  for (const p of chart.points) {
    if (p.id === 'sun') sun = p.lon;
    if (p.id === 'moon') moon = p.lon;
    if (p.id === 'asc') continue;
    if (!first) w.fragment(F.comma);
    first = false;
    w.fragment(planetHeads[signIndexOf(p.lon)]!(p.id));
    if (p.house !== undefined) w.fragment(F.house).num(p.house).fragment(F.comma);
    w.fragment(F.degree)
      .num(p.lon - Math.floor(p.lon / 30) * 30)
      .fragment(p.speed < 0 ? F.retrograde : F.notRetrograde);
  }
  if (houses) {
    for (let i = 0; i < 12; i++) w.fragment(houseEntries[i]!(signOf(houses.cusps[i]!).name));
    w.fragment(F.close);
  } else {
    w.fragment(F.noHouses);
  }
  const dom = dominants(chart.points);
  w.fragment(F.sunSign)
    .known(signOf(sun).name)
    .fragment(F.moonSign)
    .known(signOf(moon).name)
    .fragment(F.risingSign)
    .knownOrNull(houses ? signOf(houses.asc).name : null)
    .fragment(F.element)
    .known(dom.element)
    .fragment(F.modality)
    .known(dom.modality);
  const warnings = compactNatalWarnings(place, moment);
  if (warnings.length) {
    w.fragment(F.warnings);
    writeList(w, warnings);
    w.fragment(F.close);
  } else {
    w.fragment(F.closeTwo);
  }
  return w.bytes();
}
