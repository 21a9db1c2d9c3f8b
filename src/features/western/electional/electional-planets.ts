/**
 * The seven classical planets the electional rules read, and which of them count as benefic and
 * malefic. Their own module because the sky's blocks, the window's events and the sky of one moment
 * all name them, and the moment's sky reads the other two.
 */
export const SEVEN_PLANETS = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn'] as const;
export type Planet = (typeof SEVEN_PLANETS)[number];

export const BENEFICS: readonly Planet[] = ['venus', 'jupiter'];
export const MALEFICS: readonly Planet[] = ['mars', 'saturn'];
