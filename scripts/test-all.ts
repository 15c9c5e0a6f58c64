/**
 * `npm test`: every check CI runs, one `npm run <step>` after another, stopping at the first that
 * fails (with its exit code), then a table of each step's time. `npm run check` (`--quick`) runs
 * only the steps that need no build: lint, types and unit tests, the loop to run while working.
 *
 * The list of steps is here and nowhere else.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  script: string;
  /** Part of `npm run check` */
  quick?: boolean;
}

const steps: Step[] = [
  { script: 'lint', quick: true },
  { script: 'typecheck', quick: true },
  { script: 'test:unit', quick: true },
  { script: 'build' },
  { script: 'test:build' },
  { script: 'test:server' },
  { script: 'validate:html' },
  { script: 'check:budgets' },
  { script: 'test:e2e' },
  { script: 'test:firefox' },
  { script: 'test:webkit' },
  { script: 'test:launch' },
];

const quick = process.argv.includes('--quick');
const chosen = quick ? steps.filter((step) => step.quick) : steps;
const command = quick ? 'npm run check' : 'npm test';

type Outcome = 'pass' | 'FAIL' | 'stopped' | 'not run';
interface Result {
  script: string;
  ms?: number;
  outcome: Outcome;
}
const results: Result[] = chosen.map(({ script }) => ({ script, outcome: 'not run' }));
/** The step running now, and when it began */
let current: { result: Result; begin: number } | undefined;

let running: ChildProcess | undefined;

/** `npm run <script>` in a process group of its own, so a stop reaches every process it started */
function run(script: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit', detached: true });
    running = child;
    child.on('error', (error) => {
      console.error(`${command}: could not start npm run ${script}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => {
      running = undefined;
      done(code ?? (signal ? 128 : 1));
    });
  });
}

function printTable(totalMs: number) {
  const width = Math.max(...results.map((result) => result.script.length), 'total'.length);
  const seconds = (ms: number | undefined) => (ms === undefined ? '' : (ms / 1000).toFixed(1)).padStart(7);
  console.log('');
  console.log(`${command}: time of each step`);
  console.log(`  ${'step'.padEnd(width)}  ${'seconds'.padStart(7)}  result`);
  for (const result of results) console.log(`  ${result.script.padEnd(width)}  ${seconds(result.ms)}  ${result.outcome}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(totalMs)}`);
}

const started = performance.now();

// Stopped from outside: stop the step too, and say how far it got
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
] as const) {
  process.on(signal, () => {
    try {
      if (running?.pid) process.kill(-running.pid, signal);
    } catch {
      // already gone
    }
    if (current) {
      current.result.ms = performance.now() - current.begin;
      current.result.outcome = 'stopped';
    }
    printTable(performance.now() - started);
    console.error(`${command}: stopped by ${signal}`);
    process.exit(128 + number);
  });
}

let exitCode = 0;
for (const result of results) {
  current = { result, begin: performance.now() };
  const code = await run(result.script);
  result.ms = performance.now() - current.begin;
  result.outcome = code === 0 ? 'pass' : 'FAIL';
  current = undefined;
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

printTable(performance.now() - started);
if (exitCode !== 0) console.error(`${command}: npm run ${results.find((result) => result.outcome === 'FAIL')!.script} failed`);
process.exitCode = exitCode;
