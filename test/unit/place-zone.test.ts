import { describe, expect, it } from 'vitest';
import { resolvePlace, withAutoZone } from '../../src/requests/place.ts';
import { resolveMoment } from '../../src/requests/moment.ts';

describe('the zone of a place, looked up with the place', () => {
  const paris = resolvePlace({ lat: 48.8566, lng: 2.3522 }, ['body']);

  it('is looked up when the request leaves the zone to AUTO, and only then', () => {
    expect(withAutoZone(paris, undefined).zone).toBe('Europe/Paris');
    expect(withAutoZone(paris, 'auto').zone).toBe('Europe/Paris');
    expect(withAutoZone(paris, 'America/New_York').zone).toBeUndefined();
  });

  it('is the zone the moment uses for AUTO, without a second lookup', () => {
    // A zone that is not the one at the coordinates shows which one the moment took.
    const moment = resolveMoment({ year: 2000, month: 1, day: 1, hour: 12, minute: 0 }, 'AUTO', { ...paris, zone: 'Asia/Tokyo' }, undefined, ['body']);
    expect(moment.zone).toBe('Asia/Tokyo');
    expect(moment.utcIso).toBe('2000-01-01T03:00:00.000Z');
    // Without one, the moment looks the zone up itself.
    expect(resolveMoment({ year: 2000, month: 1, day: 1, hour: 12, minute: 0 }, 'AUTO', paris, undefined, ['body']).zone).toBe('Europe/Paris');
    // An explicit zone always wins.
    expect(resolveMoment({ year: 2000, month: 1, day: 1, hour: 12, minute: 0 }, 'UTC', { ...paris, zone: 'Asia/Tokyo' }, undefined, ['body']).zone).toBe('UTC');
  });
});
