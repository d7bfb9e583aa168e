// Records the network traffic of the process while a function runs: every fetch URL, every TCP connect (what
// undici and node:http use underneath) and every DNS lookup. In-process, so no strace and no privileges needed.

// The module objects themselves, so the patches see what undici and the ollama client use.
/* eslint-disable @typescript-eslint/no-require-imports */
const net = require('node:net') as typeof import('node:net');
const dns = require('node:dns') as typeof import('node:dns');
/* eslint-enable @typescript-eslint/no-require-imports */

export interface Traffic {
  readonly urls: string[];
  readonly connections: string[];
  readonly lookups: string[];
}

/** Records fetch URLs, TCP connects and DNS lookups while `fn` runs. */
export async function recordNetwork<T>(fn: () => Promise<T>): Promise<{ result: T; traffic: Traffic }> {
  const traffic: Traffic = { urls: [], connections: [], lookups: [] };
  const originalFetch = globalThis.fetch;
  const originalConnect = net.Socket.prototype.connect;
  const originalLookup = dns.lookup;
  const originalPromisesLookup = dns.promises.lookup;
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    traffic.urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return originalFetch(input, init);
  }) as typeof fetch;
  net.Socket.prototype.connect = function (this: import('node:net').Socket, ...args: unknown[]) {
    // net.connect() hands the socket its normalized arguments as one array.
    const [first, second] = (Array.isArray(args[0]) ? args[0] : args) as [unknown, unknown];
    const options = (
      typeof first === 'object' && first !== null
        ? first
        : { port: first, host: typeof second === 'string' ? second : 'localhost' }
    ) as {
      host?: string;
      port?: number;
      path?: string;
    };
    traffic.connections.push(options.path ?? `${options.host ?? 'localhost'}:${options.port}`);
    return (originalConnect as (...a: unknown[]) => import('node:net').Socket).apply(this, args);
  } as typeof originalConnect;
  (dns as { lookup: unknown }).lookup = function (hostname: string, ...rest: unknown[]) {
    traffic.lookups.push(hostname);
    return (originalLookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  };
  (dns.promises as { lookup: unknown }).lookup = function (hostname: string, ...rest: unknown[]) {
    traffic.lookups.push(hostname);
    return (originalPromisesLookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  };
  try {
    return { result: await fn(), traffic };
  } finally {
    globalThis.fetch = originalFetch;
    net.Socket.prototype.connect = originalConnect;
    (dns as { lookup: unknown }).lookup = originalLookup;
    (dns.promises as { lookup: unknown }).lookup = originalPromisesLookup;
  }
}
