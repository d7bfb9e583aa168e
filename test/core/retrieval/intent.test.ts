// Intent by keyword rules (spec §6.2, §7.7): HISTORICAL lifts the superseded exclusion, so it must fire on
// retrospective questions and on nothing else.
import { classifyIntent } from '../../../src/core/retrieval/intent';

describe('classifyIntent', () => {
  test.each([
    ['Why was Unix created?', 'WHY'],
    ['How come Go has no generics?', 'WHY'],
    ['What was the reason for leaving Multics?', 'WHY'],
    ['What caused the 1996 spin-off?', 'WHY'],
    ['What led to the C language?', 'WHY'],
    ['When was Go created?', 'WHEN'],
    ['What year did ENIAC run?', 'WHEN'],
    ['Which date was Unix released?', 'WHEN'],
    ['Since when does Nokia own Bell Labs?', 'WHEN'],
    ['Give me a timeline of Bell Labs', 'WHEN'],
    ['Who is Alan Turing?', 'ENTITY'],
    ['who was kurt gödel?', 'ENTITY'],
    ['What is the fastest supercomputer?', 'ENTITY'],
    ['Tell me about Grace Hopper', 'ENTITY'],
    ['Describe the Analytical Engine', 'ENTITY'],
    ['Who ran Bell Labs before Nokia?', 'HISTORICAL'],
    ['Who used to run Bell Labs?', 'HISTORICAL'],
    ['Who owned Bell Labs in 1990?', 'HISTORICAL'],
    ['What did labs look like in the 1960s?', 'HISTORICAL'],
    ['Who was the former owner of Bell Labs?', 'HISTORICAL'],
    ['What was the previous name of Nokia Bell Labs?', 'HISTORICAL'],
    ['What was the original Unix written in?', 'HISTORICAL'],
    ['Who was the predecessor of Lucent?', 'HISTORICAL'],
    ['What was true prior to 1996?', 'HISTORICAL'],
    ['Does AT&T no longer own Bell Labs?', 'HISTORICAL'],
    ['What was the price of Widget v1 in the past?', 'HISTORICAL'],
    ['How does Unix treat devices?', 'GENERAL'],
    ['Unix pipes', 'GENERAL'],
    ['', 'GENERAL'],
  ])('%j → %s', (question, intent) => {
    expect(classifyIntent(question)).toBe(intent);
  });

  test('"in the past N years" is a span up to now, not a look back', () => {
    expect(classifyIntent('What changed at Bell Labs in the past 5 years?')).not.toBe('HISTORICAL');
    expect(classifyIntent('Who led Bell Labs in the past decade?')).not.toBe('HISTORICAL');
  });

  test('HISTORICAL wins over WHY, WHY over WHEN, WHEN over ENTITY', () => {
    expect(classifyIntent('Why did Bell Labs leave Multics before 1970?')).toBe('HISTORICAL');
    expect(classifyIntent('Why and when was Unix created?')).toBe('WHY');
    expect(classifyIntent('Who is Go’s creator and when did he start?')).toBe('WHEN');
  });

  test('a year or decade counts when it is past on the clock’s date', () => {
    const today = '2026-11-30T12:00:00Z';
    expect(classifyIntent('Who owned Bell Labs in 2025?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What ran until 2016?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What is the fastest supercomputer in 2026?', today)).toBe('ENTITY');
    expect(classifyIntent('What will Bell Labs do in 2030?', today)).toBe('GENERAL');
    expect(classifyIntent('What happened in the 2010s?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What is happening in the 2020s?', today)).toBe('ENTITY');
    expect(classifyIntent('What will happen in 2030?')).toBe('HISTORICAL'); // no date: any year looks back
  });

  test('a decade named with during/through/throughout, or an early, mid or late part of it, is set in it', () => {
    const today = '2026-11-30T12:00:00Z';
    expect(classifyIntent('Who owned the lab during the late-1990s telecom boom?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What ran throughout the 1970s?', today)).toBe('HISTORICAL');
    expect(classifyIntent('Who led it through the mid 1960s?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What will happen during the late 2030s?', today)).toBe('GENERAL');
  });

  test('a century the question is set in counts when it ended before today', () => {
    const today = '2026-11-30T12:00:00Z';
    expect(classifyIntent('Which lab led research for most of the twentieth century?', today)).toBe('HISTORICAL');
    expect(classifyIntent('What machines did the 19th century build?', today)).toBe('HISTORICAL');
    expect(classifyIntent('How did the late 20th-century labs work?', today)).toBe('HISTORICAL');
    expect(classifyIntent('Which lab leads research in the twenty-first century?', today)).toBe('GENERAL');
    expect(classifyIntent('How many centuries of research are there?', today)).toBe('GENERAL');
    expect(classifyIntent('What is a century break in snooker?', today)).toBe('ENTITY');
  });

  test('case does not matter', () => {
    expect(classifyIntent('WHO RAN BELL LABS BEFORE NOKIA?')).toBe('HISTORICAL');
    expect(classifyIntent('WHY WAS UNIX CREATED?')).toBe('WHY');
  });

  test('words that merely contain a keyword do not count', () => {
    expect(classifyIntent('Is Go beforehand compiled?')).not.toBe('HISTORICAL');
    expect(classifyIntent('What are Unix whys and wherefores?')).not.toBe('WHY');
    expect(classifyIntent('What is a formerly-unknown bug?')).toBe('HISTORICAL');
    expect(classifyIntent('Which language was used to write Unix?')).not.toBe('HISTORICAL');
    expect(classifyIntent('Did programmers get used to Go?')).not.toBe('HISTORICAL');
    expect(classifyIntent('Does model 1990X exist?')).not.toBe('HISTORICAL');
    expect(classifyIntent('Is port 2025 open in 20250?')).not.toBe('HISTORICAL');
  });
});
