/** @jest-environment jsdom */
// A settings change whose save of data.json fails is said (console and one Notice), not dropped silently: the
// settings would hold for this session and be gone at the next start. The next change tries again, and once a save
// works the next failure is said again. The vault adapter (the Obsidian double over a real folder) fails the write
// the way a full or read-only drive does; everything else is the real plugin.
import type { DataAdapter } from 'obsidian';
import { noticeMessages } from '../obsidian-double/harness';
import { launch, quit, tempVault, type Running, type TempVault } from './support/plugin-harness';

let vault: TempVault;
let running: Running;
let errors: jest.SpyInstance;
let failing = false;

beforeEach(async () => {
  vault = tempVault('small-vault', { bundleFolder: 'wiki', embeddingsEnabled: false });
  running = await launch(vault.dir);
  const adapter = running.app.vault.adapter as unknown as DataAdapter;
  const real = adapter.write.bind(adapter);
  adapter.write = (path, data, options) =>
    failing && path.endsWith('/data.json')
      ? Promise.reject(new Error(`ENOSPC: no space left on device, write '${path}'`))
      : real(path, data, options);
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  errors.mockRestore();
  await quit(running);
  vault.remove();
});

const saveErrors = () => errors.mock.calls.filter((args) => /could not save its settings/.test(String(args[0])));

test('a failed save of data.json is said once per run of failures, and a later change saves again', async () => {
  const config = running.plugin.config;
  failing = true;
  await config.update({ tokenBudget: 900 });
  await config.update({ tokenBudget: 950 });
  expect(saveErrors()).toHaveLength(2);
  expect(String(saveErrors()[0][0])).toContain('data.json');
  expect(String(saveErrors()[0][0])).toContain('ENOSPC');
  expect(noticeMessages().filter((m) => m.includes('could not save its settings'))).toHaveLength(1);
  expect(config.settings.tokenBudget).toBe(950);

  failing = false;
  await config.update({ tokenBudget: 1000 });
  expect((await running.plugin.loadData()) as { tokenBudget: number }).toMatchObject({ tokenBudget: 1000 });

  failing = true;
  await config.update({ tokenBudget: 1100 });
  expect(noticeMessages().filter((m) => m.includes('could not save its settings'))).toHaveLength(2);
  await config.flush();
});
