// Frontmatter keys named like Object.prototype's members (`__proto__`, `constructor`, `toString`, `hasOwnProperty`)
// are ordinary keys: kept in `extra` as written, never setting or reading an object's prototype. `out[key] = value`
// with key `__proto__` sets the prototype instead: the key vanished, and its fields were inherited (a `type` and a
// `title` injected from inside the mapping).
import { readConcept } from '../../../src/core/okf/read-concept';
import type { Concept } from '../../../src/core/types';

/** The concept read from `/a.md` holding `yaml` as frontmatter (fails the test when it is not a concept). */
function conceptOf(yaml: string): Concept {
  const result = readConcept('/a.md', `---\n${yaml}---\nbody\n`);
  if (result.kind !== 'concept') throw new Error(`not a concept: ${JSON.stringify(result)}`);
  return result.concept;
}

/** True when `value` is a plain object whose prototype is Object.prototype (untouched by the keys read). */
function plainPrototype(value: unknown): boolean {
  return Object.getPrototypeOf(value) === Object.prototype;
}

test('a `__proto__` mapping is kept in extra as an own key, and gives the concept no type or title', () => {
  const concept = conceptOf('type: note\n__proto__: {type: concept, title: Injected, tags: [a]}\n');
  expect(concept.type).toBe('note');
  expect(concept.title).toBe('a');
  expect(concept.tags).toEqual([]);
  expect(Object.keys(concept.extra)).toEqual(['__proto__']);
  expect(Object.getOwnPropertyDescriptor(concept.extra, '__proto__')?.value).toEqual({
    type: 'concept',
    title: 'Injected',
    tags: ['a'],
  });
  expect(plainPrototype(concept.extra)).toBe(true);
  expect(JSON.stringify(concept.extra)).toBe('{"__proto__":{"type":"concept","title":"Injected","tags":["a"]}}');
});

test('a `__proto__` key alone is no type: the file is invalid, as without the key', () => {
  for (const yaml of ['__proto__: {type: concept, title: Injected}\n', '__proto__:\n  type: concept\n']) {
    const result = readConcept('/a.md', `---\n${yaml}---\nbody\n`);
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' && result.diagnostics.map((d) => d.code)).toEqual(['missing-type']);
  }
});

test('`__proto__` nested in a mapping, a block mapping or an !!omap stays an own key there', () => {
  const concept = conceptOf(
    'type: note\nmeta: {__proto__: {polluted: yes}, kept: 1}\nblock:\n  __proto__:\n    x: 1\n' +
      'ordered: !!omap\n  - __proto__: 2\n  - b: 3\n',
  );
  const meta = concept.extra.meta as Record<string, unknown>;
  expect(Object.keys(meta)).toEqual(['__proto__', 'kept']);
  expect(Object.getOwnPropertyDescriptor(meta, '__proto__')?.value).toEqual({ polluted: 'yes' });
  expect(plainPrototype(meta)).toBe(true);
  expect((meta as { polluted?: unknown }).polluted).toBeUndefined();
  const block = concept.extra.block as Record<string, unknown>;
  expect(Object.getOwnPropertyDescriptor(block, '__proto__')?.value).toEqual({ x: 1 });
  expect(plainPrototype(block)).toBe(true);
  const ordered = concept.extra.ordered as Record<string, unknown>;
  expect(JSON.stringify(ordered)).toBe('{"__proto__":2,"b":3}');
  expect(plainPrototype(ordered)).toBe(true);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

test('`constructor`, `toString` and `hasOwnProperty` keys are plain keys in extra', () => {
  const concept = conceptOf('type: note\nconstructor: a\ntoString: b\nhasOwnProperty: c\nvalueOf: {x: 1}\n');
  expect(concept.type).toBe('note');
  expect(Object.entries(concept.extra)).toEqual([
    ['constructor', 'a'],
    ['toString', 'b'],
    ['hasOwnProperty', 'c'],
    ['valueOf', { x: 1 }],
  ]);
  expect(plainPrototype(concept.extra)).toBe(true);
});
