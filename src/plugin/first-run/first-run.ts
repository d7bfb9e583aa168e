// The first-run flow: scan the vault for folders holding OKF concepts, offer them (or the example wiki) in a
// dialog, and apply the choice as settings. Until a folder is chosen nothing is indexed or written.
import type { App } from 'obsidian';
import type { OkfSettings } from '../settings';
import { detectWikiFolders } from './detect';
import { createExampleWiki } from './example-wiki';
import { scanVault } from './scan';
import { SetupModal, type SetupChoice } from './setup-modal';

export interface SetupHost {
  readonly app: App;
  /** Saves and applies settings now (the index opens once a folder is chosen). */
  commit(patch: Partial<OkfSettings>): Promise<void>;
  notify(message: string): void;
  /** False once the plugin is unloaded: a dialog answered after that changes nothing. */
  readonly active: () => boolean;
}

/** Opens the first-run dialog; resolves with the choice once it has been applied. */
export async function offerSetup(
  host: SetupHost,
  track: (modal: SetupModal | undefined) => void = () => undefined,
): Promise<SetupChoice> {
  const { files, notes } = await scanVault(host.app);
  const candidates = detectWikiFolders(files, notes);
  const choice = await new Promise<SetupChoice>((resolve) => {
    const modal = new SetupModal(host.app, candidates, resolve);
    track(modal);
    modal.open();
  });
  track(undefined);
  if (host.active()) await applySetup(host, choice);
  return choice;
}

/** Applies a first-run choice: the folder (and its concept folders) becomes the bundle, or the example is created. */
export async function applySetup(host: SetupHost, choice: SetupChoice): Promise<void> {
  if (choice.kind === 'later') return host.commit({ setupOffered: true });
  if (choice.kind === 'folder') {
    return host.commit({
      bundleFolder: choice.bundleFolder,
      conceptFolders: choice.conceptFolders,
      bundleChosen: true,
      setupOffered: true,
    });
  }
  let folder: string;
  try {
    folder = await createExampleWiki(host.app.vault);
  } catch (error) {
    host.notify(`OKF Graph Wiki: the example wiki could not be created (${(error as Error).message}).`);
    return host.commit({ setupOffered: true });
  }
  await host.commit({ bundleFolder: folder, conceptFolders: [], bundleChosen: true, setupOffered: true });
  host.notify(
    `OKF Graph Wiki: created the example wiki in ${folder}. Open the query ` +
      `sidebar and ask “Who designed the Analytical Engine?”`,
  );
}
