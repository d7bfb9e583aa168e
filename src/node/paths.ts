// Default places of the Node shells (CLI and MCP server) inside a bundle folder.

/** Where the index is persisted, relative to the bundle root. */
export const WIKI_DB = '/wiki.db';
