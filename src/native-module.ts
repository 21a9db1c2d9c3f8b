/**
 * The project's own native modules (native/, compiled by `npm ci` through binding.gyp into
 * build/Release/), loaded with one message that says how to build them when they are missing.
 */
import { createRequire } from 'node:module';
import { projectPath } from './project-paths.ts';

const require = createRequire(import.meta.url);

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
