/** The astronomical event-search engine (pure computation: no HTTP, no database). */
export { findEvents, eventKind, aspectOfPhase, GRID_STEP, SPEED_JERK } from './search.ts';
export { voidOfCoursePeriods, voidPeriodAt, isVoidAt } from './void-of-course.ts';
export { PositionCache } from './positions.ts';
export * from './types.ts';
