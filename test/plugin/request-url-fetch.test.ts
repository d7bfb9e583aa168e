/** @jest-environment jsdom */
// The fetch the ollama client gets in Obsidian: built on requestUrl (no CORS, so it works on iOS), with
// statuses, headers and bodies passed through, network errors as TypeError, and AbortSignal honoured.
import '../obsidian-double/obsidian';
import 'ollama/browser';
import type { RequestUrlParam, RequestUrlResponse } from 'obsidian';
import { requestUrlFetch } from '../../src/plugin/request-url-fetch';

function fakeRequestUrl(answer: Partial<RequestUrlResponse> & { status: number }, seen: RequestUrlParam[] = []) {
  return async (param: RequestUrlParam): Promise<RequestUrlResponse> => {
    seen.push(param);
    const text = answer.text ?? '';
    return {
      headers: {},
      json: undefined,
      arrayBuffer: new TextEncoder().encode(text).buffer as ArrayBuffer,
      text,
      ...answer,
    };
  };
}

test(
  'passes method, headers (content-type as contentType) and body; never ' + 'lets requestUrl throw on an HTTP error',
  async () => {
    const seen: RequestUrlParam[] = [];
    const f = requestUrlFetch(
      fakeRequestUrl({ status: 200, text: '{"ok":true}', headers: { 'content-type': 'application/json' } }, seen),
    );
    const res = await f('http://127.0.0.1:11434/api/embed', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"model":"m"}',
    });
    expect(seen).toEqual([
      {
        url: 'http://127.0.0.1:11434/api/embed',
        method: 'POST',
        headers: { accept: 'application/json' },
        contentType: 'application/json',
        body: '{"model":"m"}',
        throw: false,
      },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ ok: true });
  },
);

test('an HTTP error comes back as a response (the client reads its body), 204 without a body', async () => {
  const res = await requestUrlFetch(fakeRequestUrl({ status: 404, text: '{"error":"model not found"}' }))(
    'http://x/api/embed',
  );
  expect(res.ok).toBe(false);
  expect(res.status).toBe(404);
  expect(await res.text()).toBe('{"error":"model not found"}');
  const empty = await requestUrlFetch(fakeRequestUrl({ status: 204 }))('http://x/');
  expect(empty.status).toBe(204);
});

test('a network failure is a TypeError carrying requestUrl’s message', async () => {
  const f = requestUrlFetch(async () => {
    throw new Error('net::ERR_CONNECTION_REFUSED');
  });
  await expect(f('http://127.0.0.1:1/')).rejects.toEqual(new TypeError('net::ERR_CONNECTION_REFUSED'));
});

test('an abort rejects at once with an AbortError, whether before or during the request', async () => {
  const never = () => new Promise<RequestUrlResponse>(() => undefined);
  const controller = new AbortController();
  const pending = requestUrlFetch(never)('http://x/', { signal: controller.signal });
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  await expect(requestUrlFetch(never)('http://x/', { signal: controller.signal })).rejects.toMatchObject({
    name: 'AbortError',
  });
});

test('binary bodies are sent as ArrayBuffer', async () => {
  const seen: RequestUrlParam[] = [];
  await requestUrlFetch(fakeRequestUrl({ status: 200 }, seen))('http://x/', {
    method: 'PUT',
    body: new Uint8Array([1, 2, 3]),
  });
  expect(new Uint8Array(seen[0].body as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
});

test(
  "redirect: 'error' (what the Ollama embedder asks) refuses a redirect; " + 'nothing is sent to its target',
  async () => {
    const seen: RequestUrlParam[] = [];
    const redirecting = async (param: RequestUrlParam): Promise<RequestUrlResponse> => {
      seen.push(param);
      const answer: { status: number; headers: Record<string, string> } = param.url.startsWith(
        'http://127.0.0.1:11434/',
      )
        ? { status: 307, headers: { location: 'http://elsewhere.example/api/embed' } }
        : { status: 200, headers: {} };
      return { ...answer, json: undefined, arrayBuffer: new ArrayBuffer(0), text: '' };
    };
    const f = requestUrlFetch(redirecting);
    await expect(
      f('http://127.0.0.1:11434/api/embed', { method: 'POST', body: '{}', redirect: 'error' }),
    ).rejects.toThrow(
      new TypeError(
        'redirect refused: http://127.0.0.1:11434/api/embed answered 307 with ' +
          'a redirect to http://elsewhere.example/api/embed',
      ),
    );
    // Followed only within the same origin, never to another host.
    await expect(f('http://127.0.0.1:11434/api/embed', { method: 'POST', body: '{}' })).rejects.toThrow(
      /redirect to another host refused/,
    );
    expect(seen.map((p) => p.url)).toEqual(['http://127.0.0.1:11434/api/embed', 'http://127.0.0.1:11434/api/embed']);
  },
);

test('a same-origin redirect is followed when allowed; a 303 continues as a GET', async () => {
  const seen: RequestUrlParam[] = [];
  const f = requestUrlFetch(async (param): Promise<RequestUrlResponse> => {
    seen.push(param);
    const moved = param.url.endsWith('/old');
    const headers: Record<string, string> = moved ? { location: '/new' } : {};
    return {
      status: moved ? 303 : 200,
      headers,
      json: undefined,
      arrayBuffer: new TextEncoder().encode('ok').buffer as ArrayBuffer,
      text: 'ok',
    };
  });
  const res = await f('http://127.0.0.1:11434/old', { method: 'POST', body: 'x' });
  expect(await res.text()).toBe('ok');
  expect(seen.map((p) => [p.url, p.method, p.body])).toEqual([
    ['http://127.0.0.1:11434/old', 'POST', 'x'],
    ['http://127.0.0.1:11434/new', 'GET', undefined],
  ]);
});
