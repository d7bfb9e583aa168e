// A `fetch` built on Obsidian's requestUrl, for the ollama client. requestUrl is not subject to CORS: on iOS
// the webview's origin is `capacitor://localhost`, which Ollama does not allow by default, so a plain fetch
// from the plugin would be refused there. It honours AbortSignal (the embedder's timeout) by racing it, and
// `redirect`: a redirect that reaches it is refused when asked (`redirect: 'error'`, as the Ollama embedder asks,
// so concept texts never go on to another host) and is never followed to another origin.
import { requestUrl, type RequestUrlParam, type RequestUrlResponse } from 'obsidian';

type RequestUrlFn = (request: RequestUrlParam) => Promise<RequestUrlResponse>;

/** Redirect statuses (fetch's "redirect status"). */
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

/** How many same-origin redirects `redirect: 'follow'` follows. */
const MAX_REDIRECTS = 5;

/** Statuses whose Response must have no body. */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  if (Array.isArray(init)) for (const [k, v] of init) out[k.toLowerCase()] = v;
  else if (typeof (init as Headers).forEach === 'function')
    (init as Headers).forEach((v, k) => (out[k.toLowerCase()] = v));
  else for (const [k, v] of Object.entries(init as Record<string, string>)) out[k.toLowerCase()] = v;
  return out;
}

function bodyOf(body: BodyInit | null | undefined): string | ArrayBuffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return body;
  if (ArrayBuffer.isView(body)) return body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
  throw new TypeError('requestUrlFetch: only string and binary request bodies are supported');
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** A fetch over `requestUrl` (injectable for tests). */
export function requestUrlFetch(request: RequestUrlFn = requestUrl): typeof fetch {
  const once = sendOnce(request);
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let url = typeof input === 'string' ? input : 'href' in input ? input.href : input.url;
    for (let hops = 0; ; hops++) {
      const response = await once(url, init);
      const location = response.headers.get('location');
      if (!REDIRECT_STATUS.has(response.status) || location === null || init?.redirect === 'manual') return response;
      const next = new URL(location, url).href;
      if (init?.redirect === 'error')
        throw new TypeError(`redirect refused: ${url} answered ${response.status} with a redirect to ${next}`);
      if (new URL(next).origin !== new URL(url).origin)
        throw new TypeError(`redirect to another host refused: ${url} → ${next}`);
      if (hops >= MAX_REDIRECTS) throw new TypeError(`too many redirects from ${url}`);
      url = next;
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
      if (response.status === 303 || (init?.method?.toUpperCase() === 'POST' && response.status <= 302))
        init = { ...init, method: 'GET', body: null };
    }
  };
}

/** One request through requestUrl, as a Response. */
function sendOnce(request: RequestUrlFn): (url: string, init?: RequestInit) => Promise<Response> {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const headers = headersOf(init?.headers);
    const contentType = headers['content-type'];
    delete headers['content-type'];
    const body = bodyOf(init?.body);
    const param: RequestUrlParam = {
      url,
      method: init?.method ?? 'GET',
      headers,
      throw: false,
      ...(contentType !== undefined ? { contentType } : {}),
      ...(body !== undefined ? { body } : {}),
    };
    const pending = Promise.resolve(request(param)).catch((error: unknown) => {
      // fetch reports network failures as a TypeError; keep requestUrl's message (e.g. net::ERR_CONNECTION_REFUSED).
      throw new TypeError(error instanceof Error ? error.message : String(error));
    });
    const response = signal
      ? await new Promise<RequestUrlResponse>((resolve, reject) => {
          const onAbort = () => reject(abortError());
          signal.addEventListener('abort', onAbort, { once: true });
          pending.then(
            (r) => {
              signal.removeEventListener('abort', onAbort);
              resolve(r);
            },
            (e: unknown) => {
              signal.removeEventListener('abort', onAbort);
              reject(e instanceof Error ? e : new TypeError(String(e)));
            },
          );
        })
      : await pending;
    // A view, not the ArrayBuffer itself: fetch polyfills recognise views across JavaScript realms.
    const responseBody = NULL_BODY_STATUS.has(response.status) ? null : new Uint8Array(response.arrayBuffer);
    return new Response(responseBody, { status: response.status, headers: response.headers });
  };
}
