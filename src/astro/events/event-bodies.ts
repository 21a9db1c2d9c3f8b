/** The ten bodies the event-search engine knows (Sun to Pluto, Moon included): a module of its own, so that the position cache and the public types both read it without reading each other. */
export const EVENT_BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'] as const;
export type EventBodyId = (typeof EVENT_BODIES)[number];
