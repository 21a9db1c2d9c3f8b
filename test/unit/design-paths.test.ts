/**
 * DESIGN.md is the map of the tree: every file or folder it names in backticks exists. A path
 * with a slash is read from the root (or from src/, as the map writes `features/…`); a bare file
 * name is found anywhere in the tree, since the text names a module beside its folder's path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const FILE = /\.(ts|c|h|sql|md|json|yml|cfg|gyp|bin)$/;
/** Named in the text but not part of this tree: the Swiss Ephemeris' own sources, compiled from the sweph package. */
const OUTSIDE_THE_TREE = new Set(['sweph.c', 'swephlib.c']);

function treeFiles(): Set<string> {
  const names = new Set<string>();
  for (const top of ['src', 'workers', 'renderer', 'native', 'bench', 'test', 'sql', 'docs', 'deploy', 'content']) {
    for (const file of fs.readdirSync(path.join(root, top), { recursive: true, encoding: 'utf8' })) names.add(path.basename(file));
  }
  for (const file of fs.readdirSync(root)) names.add(file);
  return names;
}

describe('DESIGN.md', () => {
  it('names only files and folders that exist', () => {
    const text = fs.readFileSync(path.join(root, 'DESIGN.md'), 'utf8');
    const names = treeFiles();
    const missing: string[] = [];
    for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
      // Placeholders, globs, URLs and routes are not paths of the tree.
      if (/[<*{]/.test(token!) || token!.startsWith('/') || token!.includes('://') || OUTSIDE_THE_TREE.has(token!)) continue;
      const isPath = /^[\w.-]+(\/[\w.-]+)+\/?$/.test(token!);
      if (!isPath && !FILE.test(token!)) continue;
      const exists = isPath ? fs.existsSync(path.join(root, token!)) || fs.existsSync(path.join(root, 'src', token!)) : names.has(token!);
      if (!exists) missing.push(token!);
    }
    expect(missing).toEqual([]);
  });
});
