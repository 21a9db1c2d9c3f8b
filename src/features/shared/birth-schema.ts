/**
 * Zod pieces shared by every request that describes a birth or a moment at a place: the flat
 * fields of the public API (`year` ... `minute`, `city`, `lat`, `lng`, `tz_str`).
 */
import { z } from 'zod/v4';
import { AYANAMSA_ACCEPTED_NAMES, resolveAyanamsa } from '../../astro/ayanamsas.ts';
import { HOUSE_SYSTEM_ACCEPTED_NAMES, resolveHouseSystem } from '../../astro/house-systems.ts';
import { DST_POLICIES } from '../../astro/civil-time.ts';
import { ianaZone } from '../../astro/civil-time.ts';

/** Gregorian calendar years the service computes; the data files cover 1800-2399, Moshier the rest. */
export const MIN_YEAR = 1583;
export const MAX_YEAR = 2999;

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);

export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((v) => v.toUpperCase() === 'AUTO' || ianaZone(v) !== undefined, { message: 'unknown time zone: use an IANA name such as Europe/Lisbon, or AUTO' });

export const houseSystem = z
  .string()
  .max(40)
  .refine((v) => resolveHouseSystem(v) !== undefined, { message: `unknown house system; one of: ${HOUSE_SYSTEM_ACCEPTED_NAMES.join(', ')}` })
  .transform((v) => resolveHouseSystem(v)!);

export const zodiacType = z
  .string()
  .max(20)
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['tropical', 'sidereal']));

export const ayanamsa = z
  .string()
  .max(40)
  .refine((v) => resolveAyanamsa(v) !== undefined, { message: `unknown ayanamsa; one of: ${AYANAMSA_ACCEPTED_NAMES.join(', ')}` })
  .transform((v) => resolveAyanamsa(v)!);

export const dstPolicy = z.enum(DST_POLICIES);

/** Date and wall-clock time of a birth or an event, plus where it happened. */
export const birthFields = {
  name: z.string().max(200).optional(),
  year: z.number().int().min(MIN_YEAR).max(MAX_YEAR),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
  hour: z.number().int().min(0).max(23).optional(),
  minute: z.number().int().min(0).max(59).optional(),
  second: z.number().min(0).lt(60).optional(),
  time_known: z.boolean().default(true),
  city: z.string().min(1).max(200).optional(),
  country: z.string().min(2).max(100).optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  tz_str: timeZoneName.optional(),
  timezone: timeZoneName.optional(),
  dst_policy: dstPolicy.optional(),
};

export const chartSettingsFields = {
  house_system: houseSystem.default('placidus'),
  zodiac_type: zodiacType.default('tropical'),
  sidereal_ayanamsa: ayanamsa.nullish(),
  node_type: z.enum(['mean', 'true']).default('mean'),
};

export const orbSettings = z
  .record(z.string().max(40), z.number().min(0).max(30))
  .refine((o) => Object.keys(o).length <= 20, { message: 'at most 20 orb settings' })
  .optional();

export const birthObject = z.object(birthFields);
export type BirthInput = z.output<typeof birthObject>;
