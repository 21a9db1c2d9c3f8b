/** The middle value of a list of figures (the upper middle of an even count), as every table of the bench reports it. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
