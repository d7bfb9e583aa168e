/** @jest-environment jsdom */
// The plugin writes a plan through the vault (issue 15 item 9, issue 12 point 1): the check that a note still
// holds what the preview was made from happens inside `Vault.process`, on the content Obsidian is about to
// replace, so an edit that lands after the preview is never overwritten; a new page never replaces a file.
import type * as O from 'obsidian';
import { ChangedSincePlan } from '../../src/core/author/apply-plan';
import { VaultPlanWriter } from '../../src/plugin/authoring/vault-plan-writer';
import { VaultBundle } from '../../src/plugin/vault-bundle';
import { MemoryStore } from '../obsidian-double/file-store';
import { createTestApp } from '../obsidian-double/harness';

const SCOPE = { bundleFolder: 'wiki', conceptFolders: [] };
const PREVIEWED = '---\ntype: Person\ntitle: Ada\n---\nAda.\n';
const EDITED = '---\ntype: Person\ntitle: Ada\n---\nAda, edited in the editor after the preview.\n';
const PLANNED =
  '---\ntype: Person\ntitle: Ada\nrelations:\n  - { predicate: knows, object: /entities/bob.md }\n---\nAda.\n';

async function setUp(files: Record<string, string>) {
  const app = await createTestApp(MemoryStore.from(files));
  const vault = app.vault as unknown as O.Vault;
  return { vault, writer: new VaultPlanWriter(vault, new VaultBundle(vault, SCOPE)) };
}

const text = (vault: O.Vault, path: string) => vault.adapter.read(path);

test('a note still holding the previewed text gets the planned text', async () => {
  const { vault, writer } = await setUp({ 'wiki/entities/ada.md': PREVIEWED });
  await writer.write('/entities/ada.md', PLANNED, PREVIEWED);
  expect(await text(vault, 'wiki/entities/ada.md')).toBe(PLANNED);
});

test('a note edited after the preview is refused inside Vault.process and keeps the edit', async () => {
  const { vault, writer } = await setUp({ 'wiki/entities/ada.md': EDITED });
  const attempt = writer.write('/entities/ada.md', PLANNED, PREVIEWED);
  await expect(attempt).rejects.toBeInstanceOf(ChangedSincePlan);
  await expect(attempt).rejects.toThrow('/entities/ada.md changed since the preview; it was not overwritten');
  expect(await text(vault, 'wiki/entities/ada.md')).toBe(EDITED);
});

test('a new page whose name was taken since the preview is refused, and the file there is kept', async () => {
  const { vault, writer } = await setUp({ 'wiki/concepts/notes.md': EDITED });
  await expect(writer.write('/concepts/notes.md', PLANNED, null)).rejects.toThrow(
    '/concepts/notes.md was created since the preview',
  );
  expect(await text(vault, 'wiki/concepts/notes.md')).toBe(EDITED);
});
