/** The astronomical event-search engine (pure computation: no HTTP, no database). */
export { findEvents, eventKind, aspectOfPhase, GRID_STEP, SPEED_JERK } from './search.ts';
export { voidOfCoursePeriods, voidPeriodAt, isVoidAt } from './void-of-course.ts';
export { PositionCache } from './positions.ts';
export { findLunarPhases, PRINCIPAL_PHASES, type LunarPhaseEvent, type PrincipalPhase } from './lunar-phases.ts';
export * from './types.ts';
