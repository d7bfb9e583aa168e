// Settings from data.json: bad values become defaults, never exceptions; and what a change requires.
import {
  DEFAULT_SETTINGS,
  contextOptionsFrom,
  normalizeSettings,
  parseFolderList,
  settingsImpact,
  wikiDbVaultPath,
} from '../../src/plugin/settings';
import { isIndexedPath, toBundlePath, toVaultPath } from '../../src/plugin/bundle-scope';

test('missing or hostile data.json gives the defaults', () => {
  expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
  expect(normalizeSettings('junk')).toEqual(DEFAULT_SETTINGS);
  expect(
    normalizeSettings({
      tokenBudget: 'lots',
      hopLimit: 99,
      hopDecay: -1,
      ollamaTimeoutMs: Infinity,
      embeddingsEnabled: 'yes',
      extra: 1,
    }),
  ).toEqual(DEFAULT_SETTINGS);
});

test('folders are cleaned: slashes trimmed, blanks and duplicates dropped', () => {
  expect(
    normalizeSettings({ bundleFolder: '/wiki//okf/', conceptFolders: ['entities/', '', '/entities', 'concepts', 3] }),
  ).toMatchObject({
    bundleFolder: 'wiki/okf',
    conceptFolders: ['entities', 'concepts'],
  });
  expect(parseFolderList('entities, concepts\n\n./people/')).toEqual(['entities', 'concepts', 'people']);
});

test('a typed folder goes through normalizePath: a no-break space is a space, a decomposed name NFC', () => {
  const typed = 'My\u00A0wiki/Cafe\u0301 notes/';
  expect(normalizeSettings({ bundleFolder: typed }).bundleFolder).toBe('My wiki/Caf\u00E9 notes');
  expect(parseFolderList(`entities\n${typed}`)).toEqual(['entities', 'My wiki/Caf\u00E9 notes']);
  expect(normalizeSettings({ bundleFolder: ' / ' }).bundleFolder).toBe('');
});

test('wiki.db lives at the bundle root unless a path is set', () => {
  expect(wikiDbVaultPath(DEFAULT_SETTINGS)).toBe('wiki.db');
  expect(wikiDbVaultPath({ ...DEFAULT_SETTINGS, bundleFolder: 'wiki' })).toBe('wiki/wiki.db');
  expect(wikiDbVaultPath({ ...DEFAULT_SETTINGS, bundleFolder: 'wiki', wikiDbPath: '.okf/wiki.db' })).toBe(
    '.okf/wiki.db',
  );
});

test('retrieval options carry only what the person set', () => {
  expect(contextOptionsFrom(DEFAULT_SETTINGS)).toEqual({});
  expect(contextOptionsFrom({ ...DEFAULT_SETTINGS, tokenBudget: 800, hopLimit: 1, vectorThreshold: 0.6 })).toEqual({
    budget: 800,
    hops: 1,
    vectorThreshold: 0.6,
  });
});

test(
  'a change of folders rebuilds, of wiki.db moves it, of model or host ' + 're-embeds; retrieval tunables need nothing',
  () => {
    const base = DEFAULT_SETTINGS;
    expect(settingsImpact(base, { ...base, conceptFolders: ['entities'] })).toEqual({
      rebuild: true,
      relocate: false,
      reembed: false,
    });
    expect(settingsImpact(base, { ...base, bundleFolder: 'wiki' })).toEqual({
      rebuild: true,
      relocate: true,
      reembed: false,
    });
    expect(settingsImpact(base, { ...base, embeddingModel: 'mxbai-embed-large' })).toEqual({
      rebuild: false,
      relocate: false,
      reembed: true,
    });
    expect(settingsImpact({ ...base, embeddingsEnabled: false }, base)).toEqual({
      rebuild: false,
      relocate: false,
      reembed: true,
    });
    expect(settingsImpact(base, { ...base, tokenBudget: 500, hopDecay: 0.3 })).toEqual({
      rebuild: false,
      relocate: false,
      reembed: false,
    });
  },
);

test('toVaultPath refuses a bundle path with .. or outside the bundle, naming it', () => {
  for (const bundleFolder of ['wiki', '']) {
    const scope = { bundleFolder, conceptFolders: [] };
    for (const bad of [
      '/../secret.md',
      '../x.md',
      '/entities/../../x.md',
      '/entities/..\\..\\x.md',
      '/a/../b.md',
      '',
    ]) {
      expect(() => toVaultPath(scope, bad)).toThrow(`"${bad}"`);
    }
    expect(toVaultPath(scope, '/entities/./a.md')).toBe(bundleFolder === '' ? 'entities/a.md' : 'wiki/entities/a.md');
  }
});

test('only markdown concept candidates inside the bundle and its concept folders are indexed', () => {
  const scope = { bundleFolder: 'wiki', conceptFolders: ['entities'] };
  expect(toBundlePath(scope, 'wiki/entities/a.md')).toBe('/entities/a.md');
  expect(toBundlePath(scope, 'wikipedia/a.md')).toBeNull();
  expect(toVaultPath(scope, '/entities/a.md')).toBe('wiki/entities/a.md');
  expect(isIndexedPath(scope, 'wiki/entities/a.md')).toBe(true);
  expect(isIndexedPath(scope, 'wiki/concepts/a.md')).toBe(false);
  for (const generated of [
    'wiki/timeline.md',
    'wiki/entities/index.md',
    'wiki/entities/log.md',
    'wiki/wiki-trigger-keywords.txt',
    'wiki/wiki.db',
    'wiki/.obsidian/x.md',
  ]) {
    expect(isIndexedPath({ bundleFolder: 'wiki', conceptFolders: [] }, generated)).toBe(false);
  }
});

test(
  'on mobile, embeddings default to off unless the Ollama host is off ' + 'the device; an explicit choice is kept',
  () => {
    const mobile = { isMobile: true };
    expect(normalizeSettings({}, mobile).embeddingsEnabled).toBe(false);
    expect(normalizeSettings({ ollamaHost: 'http://localhost:11434' }, mobile).embeddingsEnabled).toBe(false);
    expect(normalizeSettings({ ollamaHost: 'http://[::1]:11434' }, mobile).embeddingsEnabled).toBe(false);
    expect(normalizeSettings({ ollamaHost: 'http://192.168.1.20:11434' }, mobile).embeddingsEnabled).toBe(true);
    expect(normalizeSettings({ embeddingsEnabled: true }, mobile).embeddingsEnabled).toBe(true);
    expect(normalizeSettings({}, { isMobile: false }).embeddingsEnabled).toBe(true);
    expect(normalizeSettings({}).embeddingsEnabled).toBe(true);
  },
);
