// The Obsidian API double for the browser test: bundled by esbuild into one script that defines
// `window.obsidianDouble` (the module `require('obsidian')` answers) and the harness around it.
import { installDomHelpers } from './dom';
import { setRequestTransport } from './functions';

installDomHelpers(window as Window & typeof globalThis);
// The page's fetch stands in for Obsidian's main-process request (the test page has no CORS trouble with 127.0.0.1).
setRequestTransport(async (param) => {
  const headers: Record<string, string> = { ...(param.headers ?? {}) };
  if (param.contentType) headers['content-type'] = param.contentType;
  const res = await fetch(param.url, { method: param.method ?? 'GET', headers, body: param.body });
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k.toLowerCase()] = v));
  return { status: res.status, headers: out, body: new Uint8Array(await res.arrayBuffer()) };
});

export * from './api';
export { MemoryStore } from './file-store';
export { shownNotices } from './ui';
