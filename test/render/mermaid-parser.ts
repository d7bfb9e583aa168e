// Mermaid's own parser for the tests (issue 16): the package's browser bundle run as a script in a jsdom window
// (Mermaid sanitizes labels with DOMPurify, which needs a DOM), so the test itself stays in jest's node
// environment with the SQLite engine. Test-only: nothing in src/ loads Mermaid.
import { existsSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { JSDOM } from 'jsdom';

interface MermaidApi {
  parse(text: string, options: { suppressErrors: false }): Promise<{ diagramType: string }>;
}

let api: MermaidApi | undefined;

/** Mermaid's API in its own jsdom window, loaded on first use (about a second). */
function mermaid(): MermaidApi {
  if (api) return api;
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    runScripts: 'outside-only',
    pretendToBeVisual: true,
  });
  const file = nodePath.join(__dirname, '..', '..', 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
  if (!existsSync(file))
    throw new Error(`mermaid-parser: ${file} is missing; run npm install (mermaid is a devDependency since issue 16)`);
  const bundle = readFileSync(file, 'utf8');
  // The bundle is an IIFE that sets window.mermaid from a top-level `var`; under "use strict" an eval keeps that
  // var to itself, so the directive goes.
  dom.window.eval(bundle.replace(/^"use strict";/, ''));
  api = (dom.window as unknown as { mermaid: MermaidApi }).mermaid;
  return api;
}

/** Parses Mermaid text, resolving to the diagram type or rejecting with Mermaid's own error message. */
export async function parseMermaid(text: string): Promise<string> {
  return (await mermaid().parse(text, { suppressErrors: false })).diagramType;
}
