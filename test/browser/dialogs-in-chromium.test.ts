// The built main.js in headless Chromium on a vault of ordinary notes with no data.json (a first install):
// the first-run dialog says no OKF notes were found and nothing is indexed or written; "Create the example"
// writes the example wiki and indexes it. Then the authoring dialogs on it: Add relation's preview failing
// (said in a notice, the dialog kept), a preview cancelled (nothing written), a preview applied (both files, the
// index and log.md). Ollama is not running (requestUrl refuses the connection), as on most first runs.
// Screenshots in test-artifacts/.
import * as nodePath from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  ARTIFACTS,
  buildMainJs,
  chromiumRuns,
  DATA_JSON,
  folderFiles,
  installPlugin,
  launchChromium,
  openObsidianPage,
  ROOT,
} from './chromium-page.mjs';

const VAULT = nodePath.join(ROOT, 'test', 'plugin', 'fixtures', 'ordinary-vault');
const EXAMPLE = 'okf-example-wiki';

jest.setTimeout(60_000);

(chromiumRuns('the Chromium first-run and authoring test') ? describe : describe.skip)(
  'main.js in headless Chromium: first run and the authoring dialogs',
  () => {
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      const mainJs = buildMainJs('test-artifacts/dialogs-main.js');
      browser = await launchChromium();
      page = await openObsidianPage(browser, { viewport: { width: 1200, height: 900 }, problems });
      // Nothing listens on the default Ollama address (127.0.0.1:11434 is never reached from the test).
      await page.exposeFunction('__okfRequestUrl', async (r: { url: string }) => {
        throw new Error(`net::ERR_CONNECTION_REFUSED ${r.url}`);
      });
      await installPlugin(page, { files: folderFiles(VAULT), mainJs });
      await page.evaluate(() => (window as any).okfEnable());
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
    });

    /** Every file on the vault's disk, hidden ones included, as the adapter lists them. */
    const vaultFiles = (): Promise<string[]> =>
      page.evaluate(async () => {
        const adapter = (window as any).okf.app.vault.adapter;
        const walk = async (dir: string): Promise<string[]> => {
          const { files, folders } = await adapter.list(dir);
          return [...files, ...(await Promise.all(folders.map(walk))).flat()];
        };
        return (await walk('/')).sort();
      });
    const read = (path: string) =>
      page.evaluate((p) => (window as any).okf.app.vault.adapter.read(p) as Promise<string>, path);
    const notices = () => page.$$eval('.notice', (els) => els.map((e) => e.textContent ?? ''));
    const run = (id: string) =>
      page.evaluate((cmd) => (window as any).okf.app.commands.executeCommandById(`okf-graph-wiki:${cmd}`), id);

    test(
      'first run on a vault without OKF notes: the dialog says so, nothing ' + 'is indexed or written; screenshot',
      async () => {
        await page.waitForSelector('.modal .okf-setup');
        const before = await vaultFiles();
        expect(await page.textContent('.modal-title')).toBe('Set up OKF Graph Wiki');
        expect(await page.textContent('.okf-setup-none')).toMatch(/^No OKF concept notes were found in this vault/);
        expect(await page.$$('.okf-setup-candidate')).toHaveLength(0);
        expect(await page.textContent('.status-bar .okf-status')).toBe('OKF: choose a wiki folder');
        await page.screenshot({ path: nodePath.join(ARTIFACTS, 'first-run.png') });
        expect(await page.evaluate(() => (window as any).okf.plugin.service.state)).toEqual({ kind: 'waiting' });
        expect(before).toEqual(Object.keys(folderFiles(VAULT)).sort());
        // Closing the dialog is "later": it is remembered, nothing else is written.
        await page.click('.modal .modal-close-button');
        await page.waitForSelector('.modal .okf-setup', { state: 'detached' });
        await page.evaluate(() => (window as any).okf.plugin.config.saved());
        expect(await vaultFiles()).toEqual([...before, DATA_JSON].sort());
        expect(JSON.parse(await read(DATA_JSON))).toMatchObject({ bundleChosen: false, setupOffered: true });
        expect(await page.textContent('.status-bar .okf-status')).toBe('OKF: choose a wiki folder');
      },
    );

    test('the status bar reopens the dialog; "Create the example" writes the example wiki and indexes it', async () => {
      await page.click('.status-bar .okf-status');
      await page.waitForSelector('.modal .okf-setup');
      await page.click('.okf-setup-example button');
      await page.waitForFunction(() => (window as any).okf.plugin.service.state.kind === 'ready');
      await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
      expect(await page.evaluate(() => (window as any).okf.plugin.service.state)).toEqual({
        kind: 'ready',
        concepts: 36,
      });
      expect(await page.textContent('.status-bar .okf-status')).toMatch(/^OKF: 36 concepts/);
      expect(await page.evaluate(() => (window as any).okf.plugin.config.settings.bundleFolder)).toBe(EXAMPLE);
      expect(
        (await notices()).some((n) => n.startsWith(`OKF Graph Wiki: created the example wiki in ${EXAMPLE}.`)),
      ).toBe(true);
      // Ordinary notes are untouched, and nothing outside the example folder was written (no wiki.db at the root).
      expect(await read('Projects/garden.md')).toBe(folderFiles(VAULT)['Projects/garden.md']);
      await page.evaluate(() => (window as any).okf.plugin.service.persistNow());
      expect((await vaultFiles()).filter((p) => p.endsWith('.db'))).toEqual([`${EXAMPLE}/wiki.db`]);
    });

    async function relateForm(): Promise<void> {
      await page.evaluate(async (path) => {
        const { app } = (window as any).okf;
        await app.workspace.getLeaf(false).openFile(app.vault.getFileByPath(path));
      }, `${EXAMPLE}/entities/ada-lovelace.md`);
      expect(await run('add-relation-both-directions')).toBe(true);
      await page.waitForSelector('.okf-author-modal');
      expect(await page.textContent('.okf-relate-subject .setting-item-description')).toBe(
        'Ada Lovelace (entities/ada-lovelace.md)',
      );
      await page.click('.okf-relate-object button.okf-choose-concept');
      await page.fill('.okf-concept-picker input.prompt-input', 'grace hop');
      await page
        .locator('.okf-concept-picker .suggestion-item', {
          has: page.locator('.okf-concept-suggestion-title', { hasText: /^Grace Hopper$/ }),
        })
        .click();
      await page.waitForSelector('.okf-concept-picker', { state: 'detached' });
      await page.fill('.okf-author-modal input.okf-relate-predicate', 'influenced');
      expect(await page.inputValue('.okf-author-modal input.okf-relate-inverse')).toBe('influenced_by');
      await page.fill('.okf-author-modal input.okf-relate-date', '1843-01-01');
    }

    test('Add relation: a preview that fails is said in a notice and the dialog stays; screenshot', async () => {
      await relateForm();
      // The vault cannot be listed for a moment (a disk error).
      await page.evaluate(() => {
        const vault = (window as any).okf.app.vault;
        const getFiles = vault.getFiles;
        vault.getFiles = () => {
          vault.getFiles = getFiles;
          throw new Error('EIO: i/o error, scandir');
        };
      });
      await page.click('.okf-author-modal button.okf-author-preview');
      await page.waitForSelector('.notice:has-text("could not prepare the preview")');
      expect((await notices()).filter((n) => n.includes('could not prepare'))).toEqual([
        'OKF Graph Wiki: could not prepare the preview: EIO: i/o error, scandir',
      ]);
      expect(await page.$('.okf-plan-modal')).toBeNull();
      expect(await page.$('.okf-author-modal')).not.toBeNull();
      await page.screenshot({ path: nodePath.join(ARTIFACTS, 'authoring-failure.png') });
    });

    test(
      'Add relation: preview then Cancel writes nothing; preview then Apply ' +
        'writes both ends, the index and log.md; screenshot',
      async () => {
        const ada = `${EXAMPLE}/entities/ada-lovelace.md`;
        const hopper = `${EXAMPLE}/entities/grace-hopper.md`;
        const before = {
          ada: await read(ada),
          hopper: await read(hopper),
          log: await page.evaluate((p) => (window as any).okf.app.vault.adapter.exists(p), `${EXAMPLE}/log.md`),
        };
        await page.click('.okf-author-modal button.okf-author-preview');
        await page.waitForSelector('.okf-plan-modal');
        expect(await page.textContent('.okf-plan-modal .okf-plan-summary')).toMatch(/influenced/);
        expect(await page.$$eval('.okf-plan-modal .okf-plan-path', (els) => els.map((e) => e.textContent))).toEqual([
          'entities/ada-lovelace.md',
          'entities/grace-hopper.md',
        ]);
        expect(await page.textContent('.okf-plan-modal pre.okf-plan-diff')).toContain(
          '+  - { predicate: influenced, object: /entities/grace-hopper.md, date: "1843-01-01" }',
        );
        await page.screenshot({ path: nodePath.join(ARTIFACTS, 'authoring-preview.png') });
        await page.click('.okf-plan-modal button.okf-plan-cancel');
        await page.waitForSelector('.okf-plan-modal', { state: 'detached' });
        expect(await read(ada)).toBe(before.ada);
        expect(await read(hopper)).toBe(before.hopper);

        await page.click('.okf-author-modal button.okf-author-preview');
        await page.waitForSelector('.okf-plan-modal');
        await page.click('.okf-plan-modal button.okf-plan-apply');
        await page.waitForSelector('.notice:has-text("Updated the index and the generated files; logged in log.md.")');
        await page.evaluate(() => (window as any).okf.plugin.service.whenIdle());
        expect(await page.$('.okf-plan-modal, .okf-author-modal')).toBeNull();
        expect(await read(ada)).toContain(
          '- { predicate: influenced, object: /entities/grace-hopper.md, date: "1843-01-01" }',
        );
        expect(await read(hopper)).toContain('predicate: influenced_by, object: /entities/ada-lovelace.md');
        expect(before.log).toBe(false);
        expect(await read(`${EXAMPLE}/log.md`)).toMatch(
          /\*\*Related\*\*: \/entities\/ada-lovelace\.md influenced \/entities\/grace-hopper\.md/,
        );
        const related = await page.evaluate(async () =>
          (await (window as any).okf.plugin.service.query('Who did Ada Lovelace influence?')).result.facts.map(
            (f: { predicate: string; object: string }) => `${f.predicate} ${f.object}`,
          ),
        );
        expect(related).toEqual(expect.arrayContaining([expect.stringMatching(/^influenced .*grace-hopper/)]));
      },
    );

    test('the console stayed clean', () => {
      expect(problems).toEqual([]);
    });
  },
);
