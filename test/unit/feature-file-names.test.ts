/**
 * DESIGN.md's naming rule: a file of a feature folder that plays one of the folder roles (routes,
 * schemas, service, calculate, render) starts with the folder's name (`natal-routes.ts`,
 * `admin-users-schemas.ts`), so that an editor tab or a stack trace says whose file it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '../../src/features');
const ROLE_FILE = /^(?:.*-)?(?:routes|schemas|service|calculate|render)\.ts$/;
/** Folders of src/features that are no feature: what several features share, by kind. */
const SHARED_FOLDERS = new Set<string>();

describe('feature folders', () => {
  it('name every role file after their feature', () => {
    const misnamed: string[] = [];
    for (const folder of fs.readdirSync(features, { withFileTypes: true })) {
      if (!folder.isDirectory() || SHARED_FOLDERS.has(folder.name)) continue;
      for (const file of fs.readdirSync(path.join(features, folder.name))) {
        if (ROLE_FILE.test(file) && !file.startsWith(`${folder.name}-`)) misnamed.push(`${folder.name}/${file}`);
      }
    }
    expect(misnamed).toEqual([]);
  });
});
