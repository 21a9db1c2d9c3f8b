/**
 * A number written in a query string: plain decimal text, with an optional sign and fraction.
 * Number() alone would also read `0x10` as 16, `0b1` as 1 and a blank as 0, and place a chart
 * somewhere nobody asked for.
 */
export const DECIMAL_TEXT = /^\s*[-+]?\d+(?:\.\d+)?\s*$/;
