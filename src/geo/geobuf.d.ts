/** The two calls the time-zone lookup makes of geobuf and pbf (neither ships types). */
declare module 'pbf' {
  export default class Pbf {
    constructor(buffer: Uint8Array);
  }
}

declare module 'geobuf' {
  import type Pbf from 'pbf';
  /** A GeoJSON object decoded from geobuf. */
  export function decode(pbf: Pbf): unknown;
  const geobuf: { decode: typeof decode };
  export default geobuf;
}
