/**
 * The seven classical planets the electional rules read, and which of them count as benefic and
 * malefic. Their own module because the sky's blocks, the window's events and the sky of one moment
 * all name them, and the moment's sky reads the other two.
 */
export const SEVEN_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'] as const;
export type Planet = (typeof SEVEN_PLANETS)[number];
/** Each planet's index in SEVEN_PLANETS (the scan keeps its planets in arrays in that order). */
export const PLANET_INDEX = Object.fromEntries(SEVEN_PLANETS.map((p, i) => [p, i])) as Readonly<Record<Planet, number>>;

export const BENEFICS: readonly Planet[] = ['venus', 'jupiter'];
export const MALEFICS: readonly Planet[] = ['mars', 'saturn'];
