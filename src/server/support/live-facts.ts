/**
 * The business facts as the site being served states them. The server starts with those it was
 * started with; after the owner publishes changed facts it reads them again from his checkout, so
 * its own words (the number to call when a request cannot be saved, the name in its pages,
 * reports and passkey prompts) say what the pages say without a restart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { business, businessSchema, type Business } from '../../config/business.ts';

let current: Business = business;

/** The facts now: read them at the moment of use, never into a constant */
export function liveFacts(): Business {
  return current;
}

/** Reads the facts again from `file` (a checkout's business.json); throws, keeping the facts it had, when the file does not hold valid facts */
export function reloadFacts(file: string): Business {
  current = businessSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return current;
}

/**
 * Reads the facts again from `file` at each call, when it is there; facts it cannot read are
 * logged and those the server had are kept
 */
export function factsFollower(
  file: string,
  log: (message: string, error?: unknown) => void,
): () => void {
  return () => {
    try {
      if (existsSync(file)) reloadFacts(file);
    } catch (error) {
      log(`The business facts in ${file} could not be read; the server keeps those it had`, error);
    }
  };
}
