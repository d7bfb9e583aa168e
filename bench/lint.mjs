// Lint benchmark (issue 5): generates N synthetic concepts (default 10,000) with its own small deterministic
// generator, builds the index, then times the whole lint pass and each check. Prints numbers; asserts nothing.
//
//   node bench/lint.mjs [--n 10000] [--runs 3] [--keep DIR]
import esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const N = Number(flag('--n', '10000'));
const RUNS = Number(flag('--runs', '3'));
const keep = flag('--keep', undefined);

const TYPES = ['Person', 'Organization', 'Product', 'Place', 'Concept'];
const FOLDERS = ['entities', 'entities/people', 'entities/orgs', 'concepts', 'products'];
const PAIRS = [
  ['founded', 'founded_by'],
  ['worked_at', 'employed'],
  ['influenced', 'influenced_by'],
  ['part_of', 'has_part'],
];

/** Concept i's bundle path. */
const pathOf = (i) => `/${FOLDERS[i % FOLDERS.length]}/c${i}.md`;

/** Writes N concept files, references and okf-wiki.json; mostly clean, with a sprinkle of every problem. */
function generate(dir, n) {
  const relations = Array.from({ length: n }, () => []);
  const add = (a, b, k, date) => {
    const [p, q] = PAIRS[k % PAIRS.length];
    // 1 in 97 relations uses a drifted spelling; 1 in 89 is asserted in one direction only.
    relations[a].push({ predicate: a % 97 === 0 ? p.replace('_', '-') : p, object: pathOf(b), date });
    if (a % 89 !== 0) relations[b].push({ predicate: q, object: pathOf(a), date });
  };
  for (let i = 0; i < n; i++) {
    const year = 1900 + (i % 120);
    add(i, (i + 1) % n, i, `${year}-01-01`);
    add(i, (i * 7 + 3) % n, i + 1);
  }
  const file = (rel, text) => {
    const full = nodePath.join(dir, rel);
    mkdirSync(nodePath.dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  file('okf-wiki.json', JSON.stringify({ inverses: PAIRS }));
  for (let i = 0; i < n / 20; i++) file(`references/r${i}.md`, `Mirrored source ${i}.\n`);
  for (let i = 0; i < n; i++) {
    const lines = [
      '---',
      `type: ${TYPES[i % TYPES.length]}`,
      `title: Concept ${i}`,
      `description: "Synthetic concept number ${i}."`,
      `tags: [t${i % 50}, synthetic]`,
    ];
    lines.push(
      `sources:`,
      `  - { id: s${i}, resource: references/r${(i * 2) % Math.ceil(n / 20)}.md, title: "Source ${i}" }`,
    );
    if (i % 13 === 0) lines.push('stale_after: "2020-01-01"');
    if (i % 250 === 5 && i + 1 < n) lines.push('status: superseded', `superseded_by: ${pathOf(i + 1)}`);
    if (i % 250 === 6) lines.push(`supersedes: [${pathOf(i - 1)}]`);
    lines.push('relations:');
    for (const r of relations[i])
      lines.push(
        `  - { predicate: ${r.predicate}, object: ${r.object}${r.date ? `, date: "${r.date}"` : ''}, source: s${i} }`,
      );
    lines.push(`  - { predicate: born_on, object: "${1900 + (i % 100)}-05-0${1 + (i % 9)}", source: s${i} }`);
    if (i % 101 === 0) lines.push(`  - { predicate: knows, object: /entities/missing-${i}.md }`);
    lines.push('---', '', `Concept ${i} relates to [its neighbour](${pathOf((i + 2) % n)}) and [[c${(i + 3) % n}]].`);
    if (i % 50 === 0) lines.push(`It also links to [a page not written yet](../nowhere-${i}.md).`);
    file(pathOf(i).slice(1), lines.join('\n') + '\n');
  }
}

/** Bundles a small entry over the real core (SQLite WASM inlined, as the plugin's build does). */
async function buildEntry() {
  const out = nodePath.join(ROOT, 'node_modules', '.cache', 'okf-bench', 'lint-bench.cjs');
  await esbuild.build({
    stdin: {
      contents: `
        export { FsBundle } from './src/node/fs-bundle';
        export { buildIndex } from './src/core/index/build';
        export { runLint, loadBundleConfig } from './src/core/lint/run-lint';
        export { LINT_CHECKS } from './src/core/lint/checks';
        export { loadLintContext } from './src/core/lint/context';
      `,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'es2020',
    outfile: out,
    loader: { '.wasm': 'binary' },
    logLevel: 'warning',
    external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
    plugins: [
      {
        name: 'sqlite-browser-build',
        setup(build) {
          build.onResolve({ filter: /^@sqlite\.org\/sqlite-wasm$/ }, () => ({
            path: nodePath.join(ROOT, 'node_modules', '@sqlite.org', 'sqlite-wasm', 'dist', 'index.mjs'),
          }));
        },
      },
    ],
  });
  return createRequire(import.meta.url)(out);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(0)} ms`;

const core = await buildEntry();
const dir = keep ?? mkdtempSync(nodePath.join(os.tmpdir(), 'okf-lint-bench-'));
let t = performance.now();
generate(dir, N);
process.stderr.write(`generated ${N.toLocaleString('en-US')} concepts in ${ms(performance.now() - t)} (${dir})\n`);

const bundle = new core.FsBundle(dir);
t = performance.now();
const index = await core.buildIndex(bundle);
const indexMs = performance.now() - t;
const files = await bundle.list();
const { config, diagnostics } = await core.loadBundleConfig(bundle, files);
const clock = { now: () => '2026-11-30T12:00:00Z' };

const totals = [];
const cpu = [];
let report;
for (let run = 0; run < RUNS; run++) {
  t = performance.now();
  const c = process.cpuUsage();
  report = core.runLint(index, files, { clock, ...config, configDiagnostics: diagnostics });
  const used = process.cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
  totals.push(performance.now() - t);
}
// Per check: the shared context once, then each check on it (what runLint does, split apart).
t = performance.now();
const context = core.loadLintContext(
  index,
  files,
  { ...config, multiValued: config.multiValued },
  diagnostics,
  clock.now(),
);
const contextMs = performance.now() - t;
const perCheck = core.LINT_CHECKS.map((check) => {
  const start = performance.now();
  const found = check.run(context).length;
  return { id: check.id, ms: performance.now() - start, found };
});
index.close();
if (keep === undefined) rmSync(dir, { recursive: true, force: true });

console.log(
  `Lint benchmark: ${N.toLocaleString('en-US')} ` +
    `concepts, ${files.length.toLocaleString('en-US')} files, ` +
    `node ${process.version}, ${os.cpus().length} cores`,
);
console.log(`  index build (not lint)       ${ms(indexMs)}`);
console.log(
  `  lint, whole pass             ${ms(median(totals))} median ` +
    `of ${RUNS} [${ms(Math.min(...totals))}–${ms(Math.max(...totals))}], ` +
    `CPU ${ms(median(cpu))}`,
);
console.log(
  `  load average                 ${os.loadavg()[0].toFixed(1)} ` +
    `on ${os.cpus().length} cores (wall times inflate when it exceeds the cores)`,
);
console.log(
  `  findings                     ${report.counts.error} ` +
    `errors, ${report.counts.warning} warnings, ${report.counts.info} info`,
);
console.log(`  loading the lint context     ${ms(contextMs)}`);
for (const c of perCheck) console.log(`  ${c.id.padEnd(28)} ${ms(c.ms).padStart(7)}  (${c.found} findings)`);
