// Runs a synchronous call in a worker thread stopped at a deadline: jest cannot stop a synchronous test, so a
// quadratic scan would pass after minutes. Used by the linear-scan tests on hostile bodies.
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

/** The module at `entry` bundled (CommonJS, no file written), ready for `callWithin`. */
export async function bundleForWorker(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/**
 * `expression` (JavaScript over `module.exports` and `workerData`) evaluated in a worker running `bundled`: its
 * value, or an error naming `what` once `deadlineMs` have passed.
 */
export function callWithin(
  bundled: string,
  expression: string,
  workerData: unknown,
  deadlineMs: number,
  what: string,
): Promise<unknown> {
  const source =
    'const { parentPort, workerData } = require("node:worker_threads");' +
    'const module = { exports: {} };' +
    `(function (module, exports) { ${bundled}\n })(module, module.exports);` +
    `parentPort.postMessage(${expression});`;
  const worker = new Worker(source, { eval: true, workerData });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${what} did not finish within ${deadlineMs} ms`));
    }, deadlineMs);
    worker.once('message', (value) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(value);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
