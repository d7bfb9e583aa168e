/** @jest-environment jsdom */
// The double refuses what the plugin's minAppVersion does not have: its table of `@since` versions must match
// obsidian.d.ts for every member the double implements, and the plugin must run with the double playing the
// oldest Obsidian that manifest.json claims.
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import * as O from '../obsidian-double/obsidian';
import { compareVersions, emulateAppVersion, emulatedAppVersion, SINCE } from '../obsidian-double/since';
import manifest from '../../manifest.json';
import versions from '../../versions.json';

const DTS = nodePath.join(__dirname, '..', '..', 'node_modules', 'obsidian', 'obsidian.d.ts');

/** Class or interface → member → earliest `@since` among its overloads; and class → the class it extends. */
function parseDts(text: string): { members: Map<string, Map<string, string>>; parents: Map<string, string> } {
  const members = new Map<string, Map<string, string>>();
  const parents = new Map<string, string>();
  let cls: string | undefined;
  let since: string | undefined;
  for (const line of text.split('\n')) {
    const decl = /^export (?:declare )?(?:abstract )?(?:class|interface) (\w+)(?:<[^{]*?>)?(?: extends (\w+))?/.exec(
      line,
    );
    if (decl) {
      cls = decl[1];
      if (decl[2]) parents.set(cls, decl[2]);
      since = undefined;
      continue;
    }
    if (line.startsWith('}')) cls = undefined;
    const tag = /@since (\d+\.\d+\.\d+)/.exec(line);
    if (tag) since = tag[1];
    const member = /^ {4}(?:static )?(?:readonly )?(?:get |set )?(\w+)\??[(<:]/.exec(line);
    if (member && cls) {
      if (since) {
        const map = members.get(cls) ?? new Map<string, string>();
        const prev = map.get(member[1]);
        if (!prev || compareVersions(since, prev) < 0) map.set(member[1], since);
        members.set(cls, map);
      }
      since = undefined;
    }
  }
  return { members, parents };
}

/** `Class.member` → `@since` for every method the double's exported classes define, newer than 1.0.0. */
function newerMembersOfTheDouble(): Record<string, string> {
  const { members, parents } = parseDts(readFileSync(DTS, 'utf8'));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(O)) {
    if (typeof value !== 'function' || !value.prototype) continue;
    for (const member of Object.getOwnPropertyNames(value.prototype)) {
      let cls: string | undefined = name;
      let since: string | undefined;
      while (cls && !since) {
        since = members.get(cls)?.get(member);
        cls = parents.get(cls);
      }
      if (since && compareVersions(since, '1.0.0') > 0) out[`${name}.${member}`] = since;
    }
  }
  return out;
}

afterEach(() => emulateAppVersion(O.apiVersion));

test("the double's @since table is obsidian.d.ts's, for every member the double implements", () => {
  const fromDts = newerMembersOfTheDouble();
  expect(Object.keys(fromDts).length).toBeGreaterThan(20);
  expect(SINCE).toEqual(fromDts);
});

test('while an older Obsidian is played, newer members fail as missing; requireApiVersion agrees', () => {
  const setting = new O.Setting(document.createElement('div'));
  emulateAppVersion('1.12.0');
  expect(() => setting.setErrorMessage('x')).toThrow(
    /Setting\.setErrorMessage is not a function in Obsidian 1\.12\.0: it exists since 1\.13\.0/,
  );
  expect(O.requireApiVersion('1.13.0')).toBe(false);
  expect(O.requireApiVersion('1.12.0')).toBe(true);
  emulateAppVersion('1.13.0');
  expect(() => setting.setErrorMessage('x')).not.toThrow();
});

test("constructing a plugin plays its manifest's minAppVersion", () => {
  class Probe extends O.Plugin {}
  new Probe({} as never, { ...manifest, minAppVersion: '1.5.0' } as never);
  expect(emulatedAppVersion()).toBe('1.5.0');
});

test('manifest.json, versions.json and package.json agree on the version and its minAppVersion', () => {
  const pkg = JSON.parse(readFileSync(nodePath.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  expect(manifest.version).toBe(pkg.version);
  expect((versions as Record<string, string>)[manifest.version]).toBe(manifest.minAppVersion);
});
