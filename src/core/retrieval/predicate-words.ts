// The words of a predicate name, read one way everywhere (predicate weights, the asked-predicate lift):
// `wasFoundedIn`, `was_founded_in`, `was-founded-in` and `was founded in` are the same predicate to a reader.

/**
 * Lowercase words of a predicate: camelCase boundaries are split BEFORE lowercasing (lowercasing first
 * erases them), then `_`, `-` and whitespace separate words. `hasURLFor` → has, url, for.
 */
export function predicateWords(predicate: string): string[] {
  return predicate
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1_$2')
    .toLowerCase()
    .split(/[_\-\s]+/)
    .filter((w) => w !== '');
}
