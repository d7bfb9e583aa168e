// Test helper: concept records from concept file text, through the real reader (what the index would hold).
import type { ConceptRecord } from '../../../src/core/generate/concept-record';
import { readConcept } from '../../../src/core/okf/read-concept';
import { conceptFile, type ConceptFields } from '../../support/builders';

/** Reads each `path → fields` pair as a concept file; throws when one is not a concept. */
export function records(files: Readonly<Record<string, ConceptFields>>): ConceptRecord[] {
  return Object.entries(files).map(([path, fields]) => {
    const result = readConcept(path, conceptFile(fields));
    if (result.kind !== 'concept') throw new Error(`test concept ${path} did not read: ${JSON.stringify(result)}`);
    return result.concept;
  });
}
