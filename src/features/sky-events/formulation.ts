/** A short, deterministic English phrase for an event (no interpretation, just what happens). */
import { bodyInfo } from '../../astro/bodies.ts';
import { SIGNS } from '../../astro/zodiac.ts';
import type { SkyEvent } from '../../astro/events/index.ts';

const signName = (id: string) => SIGNS.find((s) => s.id === id)?.name ?? id;
const name = (id: string) => bodyInfo(id).name;

export function formulate(e: SkyEvent): string {
  switch (e.type) {
    case 'lunation':
      return `${e.phase === 'new_moon' ? 'New Moon' : 'Full Moon'} in ${signName(e.sign_id)}`;
    case 'ingress':
    case 'moon_ingress':
      return e.direction === 'retrograde'
        ? `${name(e.body)} moves back into ${signName(e.sign_id)} (retrograde)`
        : `${name(e.body)} enters ${signName(e.sign_id)}`;
    case 'station':
      return `${name(e.body)} stations ${e.direction} in ${signName(e.sign_id)}`;
    case 'exact_aspect':
      return `${name(e.body)} ${e.aspect.replace('_', ' ')} ${name(e.other_body)} is exact`;
  }
}
