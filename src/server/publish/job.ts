/**
 * The state of the one publish or undo that may run at a time, as the owner's page shows it: the
 * job under way with its four steps (each waiting, running, done or failed, and how long it
 * took), and the result of the last one. A step that fails for a reason the owner can act on
 * throws a StepFailure, whose words (and problems) become the result's; any other failure is
 * logged and told as a failed build.
 */
import {
  PUBLISH_STEPS,
  type PublishProgress,
  type PublishResult,
  type PublishStepName,
} from '../../lib/owner-api.ts';

type Log = (message: string, error?: unknown) => void;

export const BUILD_FAILED =
  'The site could not be built. Nothing has changed on the live site. The server’s log has the details.';
const BUSY = 'The site is being published. Wait for it to finish.';
const SAVING = 'A change is being saved in the editor. Publish again in a moment.';

/** A step failing: what to tell the owner */
export class StepFailure extends Error {
  readonly problems: string[];
  /** Whether the message already says what became of an undo */
  readonly saysUndo: boolean;
  constructor(message: string, problems: string[] = [], { saysUndo = false } = {}) {
    super(message);
    this.problems = problems;
    this.saysUndo = saysUndo;
  }
}

/** Whether a publish or undo started; when not, why, and the one running */
export type StartOutcome =
  | { started: true; progress: PublishProgress }
  | { started: false; status: 400 | 409; error: string; running?: PublishProgress };

/** How a job ended: live with a message, or failed with what stopped it */
export type JobOutcome =
  { ok: true; message: string; pages?: string[] } | { ok: false; failure: unknown };

export interface JobState {
  readonly running: PublishProgress | null;
  readonly last: PublishResult | null;
  /** Claims the publisher for one job, or says which is running (or that the editor is saving) */
  claim(kind: PublishProgress['kind'], message: string): StartOutcome;
  /** Gives the claim back before the job began, refused for `error` */
  release(status: 400 | 409, error: string): StartOutcome;
  /** Runs one step of the job, its state and time kept in `progress` */
  step: <T>(progress: PublishProgress, name: PublishStepName, run: () => Promise<T>) => Promise<T>;
  /** Ends the job: its result is the last one, and another may start */
  finish(progress: PublishProgress, outcome: JobOutcome): PublishResult;
}

export interface JobStateOptions {
  /** Whether the editor is writing a save, when no job may begin */
  isSaving?: (() => boolean) | undefined;
  /** Told as each job ends, its result set */
  onEnd?: () => void;
  log: Log;
}

export function createJobState({ isSaving, onEnd, log }: JobStateOptions): JobState {
  let running: PublishProgress | null = null;
  let last: PublishResult | null = null;

  const newProgress = (kind: PublishProgress['kind'], message: string): PublishProgress => ({
    kind,
    message,
    startedAt: new Date().toISOString(),
    steps: PUBLISH_STEPS.map((name) => ({ name, state: 'waiting', startedAt: null, ms: null })),
  });

  return {
    get running() {
      return running;
    },
    get last() {
      return last;
    },
    claim(kind, message) {
      if (running) return { started: false, status: 409, error: BUSY, running };
      if (isSaving?.()) return { started: false, status: 409, error: SAVING };
      running = newProgress(kind, message);
      return { started: true, progress: running };
    },
    release(status, error) {
      running = null;
      return { started: false, status, error };
    },
    async step(progress, name, run) {
      const current = progress.steps.find((candidate) => candidate.name === name)!;
      const began = Date.now();
      current.state = 'running';
      current.startedAt = new Date(began).toISOString();
      try {
        const value = await run();
        current.state = 'done';
        return value;
      } catch (error) {
        current.state = 'failed';
        throw error;
      } finally {
        current.ms = Date.now() - began;
      }
    },
    finish(progress, outcome) {
      const failure = outcome.ok ? undefined : outcome.failure;
      if (failure !== undefined && !(failure instanceof StepFailure))
        log('Publishing failed', failure);
      const result: PublishResult = {
        kind: progress.kind,
        ok: outcome.ok,
        at: new Date().toISOString(),
        message: outcome.ok
          ? outcome.message
          : failure instanceof StepFailure
            ? failure.message
            : BUILD_FAILED,
        problems: failure instanceof StepFailure ? failure.problems : [],
        pages: outcome.ok ? (outcome.pages ?? []) : [],
        steps: progress.steps,
        backup: 'off',
        backupProblem: null,
      };
      last = result;
      running = null;
      onEnd?.();
      return result;
    },
  };
}
