// What gets embedded for a concept and for a question, with nomic-embed-text's task prefixes (spec §6.1).

/**
 * Characters of a concept sent for embedding. Ollama gives nomic-embed-text a 2,048-token context; at ~4
 * characters a token, 6,000 characters stays well under it, leaving room for the prefix and odd tokenization.
 */
export const MAX_DOCUMENT_CHARS = 6000;

export const DOCUMENT_PREFIX = 'search_document: ';
export const QUERY_PREFIX = 'search_query: ';

/** The text embedded for a concept: title, description, tags, then the body, trimmed. */
export function documentText(c: {
  title: string;
  description?: string | null;
  tags: readonly string[];
  body: string;
}): string {
  const head = [c.title, c.description ?? '', c.tags.length ? `Tags: ${c.tags.join(', ')}` : '']
    .filter(Boolean)
    .join('\n');
  const body = c.body.replace(/\s+/g, ' ').trim();
  return (head + '\n' + body).slice(0, MAX_DOCUMENT_CHARS);
}
