// requestUrl's transport in jest: node:http(s), as Obsidian desktop runs requestUrl outside the renderer (no CORS).
import * as http from 'node:http';
import * as https from 'node:https';
import type * as O from 'obsidian';
import type { RequestTransport } from './functions';

export const nodeTransport: RequestTransport = (param: O.RequestUrlParam) =>
  new Promise((resolve, reject) => {
    const url = new URL(param.url);
    const headers: Record<string, string> = { ...(param.headers ?? {}) };
    if (param.contentType) headers['content-type'] = param.contentType;
    const body =
      param.body === undefined
        ? undefined
        : typeof param.body === 'string'
          ? Buffer.from(param.body, 'utf8')
          : Buffer.from(param.body);
    if (body) headers['content-length'] = String(body.byteLength);
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: param.method ?? 'GET', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: out, body: new Uint8Array(Buffer.concat(chunks)) });
        });
        res.on('error', reject);
      },
    );
    // Obsidian's requestUrl rejects with the network error's message (e.g. "net::ERR_CONNECTION_REFUSED").
    req.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'ECONNREFUSED' ? 'net::ERR_CONNECTION_REFUSED' : e.message)),
    );
    if (body) req.write(body);
    req.end();
  });
