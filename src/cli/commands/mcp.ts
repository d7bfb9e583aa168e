// `okf-wiki mcp --bundle DIR`: a Model Context Protocol server over stdio with the tools context_for, lint,
// relate, supersede and file_back. stdout carries the protocol; notes go to stderr. The shared flags (--no-embed,
// --ollama, --model, --budget, --today, --by) set the server's defaults, read exactly as `context` reads them.
import { version } from '../../../package.json';
import { defaultContextOptions } from '../../core/retrieval/context-for';
import { createWikiServer, type WikiServerOptions } from '../../mcp/server';
import { serveStdio } from '../../mcp/stdio';
import { intFlag, type Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { embeddingFromFlags } from '../embedding';
import type { CliIo } from '../io';
import { thresholdFlags } from '../thresholds';

/** The actor stamped on what the MCP server writes when a call gives no `by`. */
export const DEFAULT_MCP_ACTOR = 'agent:mcp';

/** The server's settings from the command line. */
export function wikiServerOptions(flags: Flags, io: CliIo): WikiServerOptions {
  return {
    bundle: openBundle(flags, io),
    io,
    clock: clockFromFlags(flags),
    embedding: embeddingFromFlags(flags, 'query'),
    budget: intFlag('budget', flags.budget, defaultContextOptions.budget),
    actor: flags.by ?? DEFAULT_MCP_ACTOR,
    version,
    indexEmbedding: embeddingFromFlags(flags, 'index'),
    thresholds: thresholdFlags(flags),
  };
}

export async function mcpCommand(flags: Flags, io: CliIo): Promise<number> {
  const options = wikiServerOptions(flags, io);
  io.err(
    `okf-wiki MCP server for ${options.bundle.root} on stdio (tools: ` +
      `context_for, lint, relate, supersede, file_back)\n`,
  );
  await serveStdio(createWikiServer(options));
  return 0;
}
