/**
 * Web bench (issue 3): gzip size of the JS needed to show /login and the console home, walked from
 * the Vite manifest, and the time to first render of /login in headless Chromium.
 *
 *   node --import tsx bench/web/size.ts [--rebuild]
 *
 * Budgets: login <= 250 kB gzip, console home <= 450 kB gzip. Exits non-zero when over budget.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../../e2e/support';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'packages/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const BUDGET_KB = { login: 250, home: 450 };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

if (process.argv.includes('--rebuild') || !existsSync(manifestPath)) {
  execSync('npm run build -w @fieldpay/web', { cwd: root, stdio: 'inherit' });
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const keyOf = (src: string): string => {
  const key = Object.keys(manifest).find((k) => k === src || manifest[k].src === src);
  if (!key) throw new Error(`${src} is not in the Vite manifest`);
  return key;
};

/** Files a set of chunks needs before rendering: the chunks and their static imports, transitively. */
function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return { js, css };
}

const gzipKb = (files: Set<string>): number =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0) / 1024;

const entry = keyOf('index.html');
const routes = {
  login: [entry, keyOf('src/features/auth/LoginPage.tsx')],
  home: [entry, keyOf('src/app/layout/ConsoleLayout.tsx'), keyOf('src/features/dashboard/DashboardAnalysisPage.tsx')],
};

const sizes = Object.fromEntries(
  Object.entries(routes).map(([name, keys]) => {
    const files = closure(keys);
    return [name, { js: gzipKb(files.js), css: gzipKb(files.css), chunks: files.js.size }];
  }),
) as Record<keyof typeof routes, { js: number; css: number; chunks: number }>;

// The dashboard's charts load their library after the page has rendered its figures.
const homeFiles = closure(routes.home).js;
const chartFiles = new Set(
  [...closure([keyOf('src/components/echarts-setup.ts')]).js].filter((f) => !homeFiles.has(f)),
);
const chartsKb = gzipKb(chartFiles);

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
  const file = join(dist, path === '/' ? 'index.html' : path);
  if (!file.startsWith(dist) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const { port } = server.address() as AddressInfo;

const browser = await launchBrowser();
const runs: { fcp: number; rendered: number }[] = [];
try {
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/#/login`);
    await page.waitForSelector('.login-card-title');
    const rendered = await page.evaluate(() => performance.now());
    const fcp = await page.evaluate(
      () =>
        performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? 0,
    );
    runs.push({ fcp, rendered });
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const line = (name: string, kb: number, budget: number, extra: string) =>
  `${name.padEnd(14)} JS ${kb.toFixed(1).padStart(6)} kB gzip (budget ${budget} kB, ${((kb / budget) * 100).toFixed(0)}%)  ${extra}`;
console.log(
  line('/login', sizes.login.js, BUDGET_KB.login, `${sizes.login.chunks} chunks, CSS ${sizes.login.css.toFixed(1)} kB`),
);
console.log(
  line(
    'console home',
    sizes.home.js,
    BUDGET_KB.home,
    `${sizes.home.chunks} chunks, CSS ${sizes.home.css.toFixed(1)} kB`,
  ),
);
console.log(
  `${'home charts'.padEnd(14)} JS ${chartsKb.toFixed(1).padStart(6)} kB gzip, loaded after the home has rendered (home + charts ${(sizes.home.js + chartsKb).toFixed(1)} kB)`,
);
console.log(
  `/login first render (headless Chromium, local static server, median of ${runs.length}): ` +
    `first contentful paint ${median(runs.map((r) => r.fcp)).toFixed(0)} ms, login form rendered ${median(runs.map((r) => r.rendered)).toFixed(0)} ms`,
);
const over = sizes.login.js > BUDGET_KB.login || sizes.home.js > BUDGET_KB.home;
if (over) console.log('OVER BUDGET');
process.exit(over ? 1 : 0);
