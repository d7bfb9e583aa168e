// A local fake of Ollama's /api/embed for the context benchmark: the question's embedding is served over real
// HTTP through the real client (createOllamaEmbedder), so the measured latency includes that round trip.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashedVector } from './hashed-vectors';

export interface FakeOllama {
  readonly url: string;
  close(): Promise<void>;
}

export async function startFakeOllama(model: string): Promise<FakeOllama> {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const send = (code: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (req.url?.startsWith('/api/tags'))
        return send(200, { models: [{ name: `${model}:latest`, model: `${model}:latest` }] });
      if (!req.url?.startsWith('/api/embed')) return send(404, { error: 'not found' });
      const body = JSON.parse(raw || '{}') as { input?: string | string[] };
      const input = Array.isArray(body.input) ? body.input : [body.input ?? ''];
      send(200, { model, embeddings: input.map((t) => Array.from(hashedVector(t))) });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
