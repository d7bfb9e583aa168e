// What Obsidian's Electron renderer has and jsdom lacks: TextEncoder/TextDecoder (the SQLite WASM engine and
// the vault need them). Imported first by obsidian.ts so every later module sees them.
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = NodeTextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = NodeTextDecoder;
