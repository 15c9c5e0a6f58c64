/**
 * The browser tests' global setup and teardown (playwright.config.ts): a run begins and ends with
 * none of the on-demand servers (on-demand-server.ts) running, an interrupted run's included
 */
import { stopServers } from './on-demand-server.ts';

export default stopServers;
