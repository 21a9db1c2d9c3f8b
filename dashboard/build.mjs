/**
 * Builds the dashboard's browser bundle with esbuild: dashboard/src → dist/dashboard, the page
 * shell (index.html) and its assets, whose names carry a digest of their content so that the
 * service can let browsers keep them for good. Run by `npm run build` (so by `npm ci` too); the
 * service serves the result at /dashboard, with no CDN or other origin involved.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const OUT_DIR = path.join(here, '..', 'dist', 'dashboard');

/**
 * Builds into a fresh folder beside `outDir`, then swaps it in: a server already serving the old
 * build (or a second build running at the same time) never sees a half-written folder.
 */
export async function buildDashboard(outDir = OUT_DIR) {
  const work = `${outDir}.build-${process.pid}-${Date.now()}`;
  const assets = path.join(work, 'assets');
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'src', 'main.tsx')],
    bundle: true,
    format: 'esm',
    splitting: false,
    minify: true,
    sourcemap: 'linked',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: assets,
    entryNames: '[name]-[hash]',
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
  const script = outputs.find((f) => f.endsWith('.js'));
  const style = outputs.find((f) => f.endsWith('.css'));
  if (!script || !style) throw new Error(`the dashboard build made no script or style: ${outputs.join(', ')}`);
  const shell = fs
    .readFileSync(path.join(here, 'index.html'), 'utf8')
    .replace('%SCRIPT%', `/dashboard/assets/${script}`)
    .replace('%STYLE%', `/dashboard/assets/${style}`);
  fs.writeFileSync(path.join(work, 'index.html'), shell);
  const old = `${work}.old`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  try {
    fs.renameSync(work, outDir);
  } catch (error) {
    // Another build swapped its folder in first: the same sources, so the same files.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    fs.rmSync(work, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
  return { outDir, script, style };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outDir, script } = await buildDashboard();
  console.log(`dashboard built: ${path.relative(process.cwd(), outDir)} (${script})`);
}
