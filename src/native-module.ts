/**
 * The project's own native modules (native/, compiled by `npm ci` through binding.gyp into
 * build/Release/), loaded with one message that says how to build them when they are missing.
 *
 * Each has a JavaScript alternative that answers the same bytes (docs/performance.md, "Native
 * modules"): NATIVE_MODULES_OFF lists the modules left off, read once per thread when this module
 * loads, and each user asks `nativeModuleOn` once, where it chooses its path.
 */
import { createRequire } from 'node:module';
import { nativeModulesOff } from './config.ts';
import { projectPath } from './project-paths.ts';

const require = createRequire(import.meta.url);

/** The native modules that have an alternative: the JSON tape writer, the lean ephemeris binding. */
export type NativeModuleName = 'json_writer' | 'swe_calc';

const off = nativeModulesOff();

/** Whether the service runs with this native module (not listed in NATIVE_MODULES_OFF). */
export function nativeModuleOn(name: NativeModuleName): boolean {
  return !off.has(name);
}

export function loadNativeModule<T>(name: string): T {
  const file = `build/Release/${name}.node`;
  try {
    return require(projectPath(file)) as T;
  } catch (error) {
    throw new Error(`the native module ${file} is missing: \`npm ci\` builds it (node-gyp, binding.gyp at the root), or run \`npm run install\``, {
      cause: error,
    });
  }
}
