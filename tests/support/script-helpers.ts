/**
 * The helpers the tests share with the command-line tools and benchmarks. They live in
 * scripts/support, since scripts never import tests; the tests import them from here.
 */
export { buildFile, clientDir, distDir, requireBuild } from '../../scripts/support/build.ts';
export { freePort } from '../../scripts/support/free-port.ts';
export {
  carriesEicar,
  EICAR,
  startFilteringChannels,
  startReceiver,
  startSmtp,
} from '../../scripts/support/receivers.ts';
export {
  readPush,
  startPushService,
  type PushHit,
  type TestSubscription,
} from '../../scripts/support/push-service.ts';
export { startServerProcess, type ServerProcess } from '../../scripts/support/server-process.ts';
export { startSiteServer, type SiteServer } from '../../scripts/support/site-server.ts';
export { copyAsCheckout } from '../../scripts/support/repository-copy.ts';
