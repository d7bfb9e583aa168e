// The budget's token estimate per script (QA2 F8): characters/4 held for English only, so `--budget 200` over a
// Japanese page gave 718 real tokens and over a Russian one 355. The counts below are cl100k_base's (gpt-tokenizer
// 2.9), measured once; the estimate must stay near them (o200k_base takes fewer still for every script here).
import fc from 'fast-check';
import { trimToTokens } from '../../../src/core/retrieval/assemble';
import { contextFor } from '../../../src/core/retrieval/context-for';
import { estimateTokens, lengthWithinTokens } from '../../../src/core/retrieval/tokens';
import { fixedClock, indexOfSpecs } from '../../support/retrieval-bundle';

const MEASURED: readonly (readonly [string, string, number])[] = [
  ['Japanese', '東京タワーは東京都港区芝公園にある総合電波塔である。1958年に完成し、高さは333メートルである。', 55],
  ['Chinese', '第二次世界大战期间，他在布莱切利园工作，设计了用于破译恩尼格玛密码的机器。', 47],
  ['Korean', '제2차 세계 대전 중에는 블레츨리 파크에서 일하며 에니그마 암호를 해독하기 위한 기계를 설계했다.', 55],
  ['Russian', 'Москва является столицей России и крупнейшим городом страны.', 33],
  ['Ukrainian', 'Київ є столицею України і найбільшим містом країни, розташованим на річці Дніпро.', 57],
  ['Greek', 'Κατά τη διάρκεια του Δευτέρου Παγκοσμίου Πολέμου εργάστηκε στο Μπλέτσλεϊ Παρκ.', 70],
  ['Arabic', 'خلال الحرب العالمية الثانية عمل في بلتشلي بارك حيث صمم آلة لفك شفرات إنيغما.', 53],
  ['Hindi', 'द्वितीय विश्व युद्ध के दौरान उन्होंने ब्लेचली पार्क में काम किया।', 65],
  ['Polish', 'Podczas drugiej wojny światowej pracował w Bletchley Park, gdzie zaprojektował maszynę.', 32],
  ['English', 'During the Second World War he worked at Bletchley Park, where he designed the Bombe.', 21],
];

test.each(MEASURED)('%s: the estimate is within -10%%/+40%% of the tokens a tokenizer counts', (_, text, real) => {
  expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.floor(real * 0.9));
  expect(estimateTokens(text)).toBeLessThanOrEqual(Math.ceil(real * 1.4));
});

test('ASCII text is still ~4 characters a token, as before', () => {
  for (const n of [0, 1, 3, 4, 5, 399, 400, 401]) expect(estimateTokens('a'.repeat(n))).toBe(Math.ceil(n / 4));
});

test('property: the longest start within a budget fits it, one more character does not, no pair is split', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 0, max: 120 }), (text, tokens) => {
      const n = lengthWithinTokens(text, tokens);
      const splitsPair = n > 0 && n < text.length && /[\uD800-\uDBFF]/.test(text[n - 1]);
      const next = n < text.length && text[n] >= '\uDC00' && text[n] <= '\uDFFF' ? n + 2 : n + 1;
      return (
        estimateTokens(text.slice(0, n)) <= tokens &&
        !splitsPair &&
        (n === text.length || estimateTokens(text.slice(0, next)) > tokens)
      );
    }),
    { numRuns: 300, seed: 7 },
  );
});

test('trimToTokens cuts a Japanese body at a full stop, within the tokens given', () => {
  const body = '東京タワーは東京都港区芝公園にある総合電波塔である。'.repeat(10);
  const cut = trimToTokens(body, 60);
  expect(cut.truncated).toBe(true);
  expect(cut.text.endsWith('である。…')).toBe(true);
  expect(estimateTokens(cut.text)).toBeLessThanOrEqual(60);
});

test('--budget 200 over Japanese and Russian pages: about 200 tokens, not 3.6x or 1.8x as many', async () => {
  const index = await indexOfSpecs({
    '/entities/tokyo-tower.md': {
      title: '東京タワー',
      aliases: ['Tokyo Tower'],
      relations: [{ predicate: 'height', object: '333 m' }],
      body: '東京タワーは東京都港区芝公園にある総合電波塔である。1958年に完成し、高さは333メートルである。'.repeat(40),
    },
    '/entities/moscow.md': {
      title: 'Moscow',
      body: 'Привет мир. Москва является столицей России и крупнейшим городом страны. '.repeat(40),
    },
  });
  try {
    for (const [question, script] of [
      ['What is Tokyo Tower?', /[\u3040-\u30ff\u4e00-\u9fff]/g],
      ['What is Moscow?', /[\u0400-\u04ff]/g],
    ] as const) {
      const result = await contextFor(index, question, { budget: 200, clock: fixedClock('2026-12-02') });
      expect(result.confident).toBe(true);
      expect(result.tokens).toBeLessThanOrEqual(200);
      const letters = result.text.match(script)?.length ?? 0;
      expect(letters).toBeGreaterThan(50);
      // cl100k spends at least ~1 token on a kana or kanji, and on 2 Cyrillic letters (see MEASURED).
      expect(script.source.includes('u3040') ? letters : letters / 2).toBeLessThanOrEqual(200);
    }
  } finally {
    index.close();
  }
});
