/**
 * `npm test`: every check CI runs, as `npm run <step>`, stopping at the first that fails (with its
 * exit code), then a table of each step's time. `npm run check` (`--quick`) runs only the steps that
 * need no build: the content types, lint, types and unit tests, the loop to run while working.
 *
 * The steps run in groups, one group after another; the steps of a group are independent of each
 * other and run side by side, as the two cores allow (a group's steps do not write what another
 * reads). A step alone streams its output; a step beside others keeps its output and prints it
 * whole when it ends, under a line naming it, so no two steps' lines mix. When a step fails, the
 * others of its group are stopped and no further group starts.
 *
 * The list of steps is here and nowhere else.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  script: string;
  /** Part of `npm run check` */
  quick?: boolean;
  /** Arguments to `npm run` besides the script's name */
  npmArgs?: readonly string[];
}

/** Each inner list runs side by side; the lists one after another */
const groups: Step[][] = [
  // The content types in .astro/, which lint and typecheck read, written once before them: run
  // alone, each writes them first itself (lint's prelint, astro check), a race side by side
  [{ script: 'sync', quick: true }],
  [
    { script: 'lint', quick: true, npmArgs: ['--ignore-scripts'] },
    { script: 'typecheck', quick: true, npmArgs: ['--', '--noSync'] },
    { script: 'test:unit', quick: true },
  ],
  [{ script: 'build' }],
  // Readers of the build, which write nothing of it (the production install mostly waits on npm),
  // and the rehearsal, which builds in a copy of its own
  [
    { script: 'test:build' },
    { script: 'validate:html' },
    { script: 'check:budgets' },
    { script: 'test:launch' },
  ],
  [{ script: 'test:server' }],
  [{ script: 'test:e2e' }],
  // Two browsers that mostly wait on their drivers
  [{ script: 'test:firefox' }, { script: 'test:webkit' }],
];

const quick = process.argv.includes('--quick');
const chosen = groups
  .map((group) => group.filter((step) => !quick || step.quick))
  .filter((group) => group.length > 0);
const command = quick ? 'npm run check' : 'npm test';

type Outcome = 'pass' | 'FAIL' | 'stopped' | 'not run';
interface Result {
  script: string;
  ms?: number;
  outcome: Outcome;
}
const results = new Map<string, Result>(
  chosen.flat().map(({ script }) => [script, { script, outcome: 'not run' }]),
);

/** The steps running now, with when each began */
const running = new Map<string, { child: ChildProcess; begin: number }>();

function stop(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

const seconds = (ms: number | undefined) =>
  (ms === undefined ? '' : (ms / 1000).toFixed(1)).padStart(7);

/**
 * `npm run <script>` (and the step's npmArgs) in a process group of its own, so a stop reaches
 * every process it started; its output streamed (`alone`) or kept and printed whole when it ends
 */
function run({ script, npmArgs = [] }: Step, alone: boolean): Promise<number> {
  return new Promise((done) => {
    // Kept output is printed to a terminal later: the tools' colours are kept as they would show
    const env = !alone && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn('npm', ['run', script, ...npmArgs], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
      env,
    });
    const begin = performance.now();
    running.set(script, { child, begin });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => kept.push(chunk));
    child.on('error', (error) => {
      console.error(`${command}: could not start npm run ${script}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      running.delete(script);
      const exitCode = code ?? (signal ? 128 : 1);
      const result = results.get(script)!;
      result.ms = performance.now() - begin;
      if (result.outcome === 'not run') result.outcome = exitCode === 0 ? 'pass' : 'FAIL';
      if (!alone) {
        console.log(
          `\n── npm run ${script}: ${result.outcome} in ${seconds(result.ms).trim()} s ${'─'.repeat(40)}`,
        );
        process.stdout.write(Buffer.concat(kept));
      }
      done(exitCode);
    });
  });
}

function printTable(totalMs: number) {
  const list = [...results.values()];
  const width = Math.max(...list.map((result) => result.script.length), 'total'.length);
  console.log('');
  console.log(`${command}: time of each step (steps of a group side by side)`);
  console.log(`  ${'step'.padEnd(width)}  ${'seconds'.padStart(7)}  result`);
  for (const group of chosen) {
    group.forEach(({ script }, index) => {
      const result = results.get(script)!;
      const mark =
        group.length === 1 ? ' ' : index === 0 ? '┬' : index === group.length - 1 ? '┴' : '│';
      console.log(
        `${mark} ${result.script.padEnd(width)}  ${seconds(result.ms)}  ${result.outcome}`,
      );
    });
  }
  console.log(`  ${'total'.padEnd(width)}  ${seconds(totalMs)}`);
}

const started = performance.now();

// Stopped from outside: stop the steps too, and say how far they got
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
] as const) {
  process.on(signal, () => {
    for (const [script, { child, begin }] of running) {
      stop(child, signal);
      Object.assign(results.get(script)!, { ms: performance.now() - begin, outcome: 'stopped' });
    }
    printTable(performance.now() - started);
    console.error(`${command}: stopped by ${signal}`);
    process.exit(128 + number);
  });
}

let exitCode = 0;
let failed: string | undefined;
for (const group of chosen) {
  const alone = group.length === 1;
  if (!alone)
    console.log(
      `${command}: ${group.map((step) => `npm run ${step.script}`).join(', ')} side by side …`,
    );
  await Promise.all(
    group.map(async (step) => {
      const code = await run(step, alone);
      if (code === 0 || failed) return;
      failed = step.script;
      exitCode = code;
      // The rest of the group is stopped: the first failure is the answer
      for (const [other, { child }] of running) {
        results.get(other)!.outcome = 'stopped';
        stop(child, 'SIGTERM');
      }
    }),
  );
  if (failed) break;
}

printTable(performance.now() - started);
if (failed) console.error(`${command}: npm run ${failed} failed`);
process.exitCode = exitCode;
