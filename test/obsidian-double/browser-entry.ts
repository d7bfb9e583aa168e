// The Obsidian API double for the browser test: bundled by esbuild into one script that defines
// `window.obsidianDouble` (the module `require('obsidian')` answers) and the harness around it.
import { installDomHelpers } from './dom';
import { setRequestTransport } from './functions';

installDomHelpers(window as Window & typeof globalThis);
// requestUrl runs outside the renderer in Obsidian (no CORS). In the browser test the page hands it to the test
// process through a function Playwright exposes (`__okfRequestUrl`), which makes the request from Node; without
// it, the page's own fetch is used.
interface ExposedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  bodyBase64?: string;
}
interface ExposedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}
const exposed = () =>
  (window as unknown as { __okfRequestUrl?: (r: ExposedRequest) => Promise<ExposedResponse> }).__okfRequestUrl;
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

setRequestTransport(async (param) => {
  const headers: Record<string, string> = { ...(param.headers ?? {}) };
  if (param.contentType) headers['content-type'] = param.contentType;
  const viaTestProcess = exposed();
  if (viaTestProcess) {
    const body =
      param.body === undefined
        ? {}
        : typeof param.body === 'string'
          ? { body: param.body }
          : { bodyBase64: toBase64(new Uint8Array(param.body)) };
    const r = await viaTestProcess({ url: param.url, method: param.method ?? 'GET', headers, ...body });
    return { status: r.status, headers: r.headers, body: fromBase64(r.bodyBase64) };
  }
  const res = await fetch(param.url, { method: param.method ?? 'GET', headers, body: param.body });
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k.toLowerCase()] = v));
  return { status: res.status, headers: out, body: new Uint8Array(await res.arrayBuffer()) };
});

export * from './api';
export { MemoryStore } from './file-store';
export { shownNotices } from './ui';
