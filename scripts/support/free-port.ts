/** A free loopback port, for the servers the tests, benchmarks and the launch rehearsal start */
import { createServer } from 'node:net';

/** The ports of `npm run serve` and the browser tests (the visitors' server, the owner's and the publishing one), never handed out */
const RESERVED_PORTS = new Set([4321, 4322, 4323, 4324]);

/** A port nothing listens on right now, picked by the kernel on the loopback interface */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const found = typeof address === 'object' && address ? address.port : 0;
        probe.close(() => resolvePort(found));
      });
    });
    if (port > 0 && !RESERVED_PORTS.has(port)) return port;
  }
}
