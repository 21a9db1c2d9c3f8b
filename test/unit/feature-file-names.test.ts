/**
 * DESIGN.md's naming rule: a file of a feature folder that plays one of the folder roles
 * (endpoints, routes, schemas, service, calculate, render) starts with the folder's name
 * (`natal-endpoints.ts`, `admin-users-schemas.ts`), or in an area of a family
 * (`features/vedic/doshas/`) with the area's or the family's and the area's
 * (`vedic-doshas-schemas.ts`), so that an editor tab or a stack trace says whose file it is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '../../src/features');
const ROLE_FILE = /^(?:.*-)?(?:endpoints|routes|schemas|service|calculate|render)\.ts$/;
/** Folders of src/features that are no feature: what several features share, by kind. */
const SHARED_FOLDERS = new Set<string>();

describe('feature folders', () => {
  it('name every role file after their feature', () => {
    const misnamed: string[] = [];
    const check = (folder: string, prefixes: string[]) => {
      for (const entry of fs.readdirSync(path.join(features, folder), { withFileTypes: true })) {
        if (entry.isDirectory()) {
          check(`${folder}/${entry.name}`, [`${entry.name}-`, `${path.basename(folder)}-${entry.name}-`]);
        } else if (ROLE_FILE.test(entry.name) && !prefixes.some((p) => entry.name.startsWith(p))) misnamed.push(`${folder}/${entry.name}`);
      }
    };
    for (const folder of fs.readdirSync(features, { withFileTypes: true })) {
      if (folder.isDirectory() && !SHARED_FOLDERS.has(folder.name)) check(folder.name, [`${folder.name}-`]);
    }
    expect(misnamed).toEqual([]);
  });
});
