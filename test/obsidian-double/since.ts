// The double plays the oldest Obsidian a plugin claims to support: a plugin's constructor sets the emulated
// version from its manifest's `minAppVersion`, and every member the double implements that obsidian.d.ts marks
// `@since` a newer version throws when called, as it would be missing there. Without this, the double (which
// implements today's API) would let code pass that breaks for users on an older, still-supported Obsidian.
// test/plugin/obsidian-double-since.test.ts checks this table against obsidian.d.ts.

/** `Class.member` → the Obsidian version that introduced it (obsidian.d.ts `@since`), for members newer than 1.0.0. */
export const SINCE: Readonly<Record<string, string>> = {
  'AbstractInputSuggest.getValue': '1.4.10',
  'AbstractInputSuggest.onSelect': '1.4.10',
  'AbstractInputSuggest.selectSuggestion': '1.6.6',
  'AbstractInputSuggest.setValue': '1.4.10',
  'AbstractTextComponent.setDisabled': '1.2.3',
  'App.isDarkMode': '1.10.0',
  'App.loadLocalStorage': '1.8.7',
  'App.saveLocalStorage': '1.8.7',
  'BaseComponent.setDisabled': '1.2.3',
  'ButtonComponent.setDisabled': '1.2.3',
  'ButtonComponent.setDestructive': '1.13.0',
  'ButtonComponent.removeDestructive': '1.13.0',
  'ButtonComponent.setTooltip': '1.1.0',
  'ButtonComponent.setIcon': '1.1.0',
  'ExtraButtonComponent.setTooltip': '1.1.0',
  'ItemView.addAction': '1.1.0',
  'Modal.setCloseCallback': '1.10.0',
  'Plugin.removeCommand': '1.7.2',
  'Setting.setDisabled': '1.2.3',
  'Setting.setTooltip': '1.1.0',
  'Setting.setErrorMessage': '1.13.0',
  'Setting.addComponent': '1.11.0',
  'Setting.addDisplayValue': '1.13.1',
  'SettingTab.getSettingDefinitions': '1.13.0',
  'SettingTab.update': '1.13.0',
  'SliderComponent.setInstant': '1.6.6',
  'SliderComponent.setDisplayFormat': '1.13.0',
  'SuggestModal.selectActiveSuggestion': '1.7.2',
  'ToggleComponent.setTooltip': '1.1.1',
  'Vault.getFileByPath': '1.5.7',
  'Vault.getFolderByPath': '1.5.7',
  'Vault.createFolder': '1.4.0',
  'Vault.appendBinary': '1.12.3',
  'Vault.copy': '1.8.7',
  'Vault.process': '1.1.0',
  'Vault.getAllFolders': '1.6.6',
  'View.getIcon': '1.1.0',
  'Workspace.ensureSideLeaf': '1.7.2',
  'Workspace.revealLeaf': '1.7.2',
};

/** The version the double currently plays; the newest it implements until a plugin says otherwise. */
let emulated = '1.13.1';

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Plays Obsidian `version` from now on (a plugin's constructor calls it with its `minAppVersion`). */
export function emulateAppVersion(version: string): void {
  emulated = version;
}

/** The version being played (what `requireApiVersion` compares against). */
export function emulatedAppVersion(): string {
  return emulated;
}

/** Obsidian's `requireApiVersion`: whether the running (here: played) version is at least `version`. */
export function requireApiVersion(version: string): boolean {
  return compareVersions(emulated, version) >= 0;
}

/** Wraps each listed member of these classes so that a call fails while an older Obsidian is played. */
export function installSinceGuards(classes: Record<string, unknown>): void {
  for (const [key, since] of Object.entries(SINCE)) {
    const [className, member] = key.split('.');
    const cls = classes[className] as { prototype: Record<string, unknown> } | undefined;
    const original = cls?.prototype[member];
    if (typeof original !== 'function' || (original as { sinceGuard?: boolean }).sinceGuard) continue;
    const guarded = function (this: unknown, ...args: unknown[]): unknown {
      if (compareVersions(emulated, since) < 0) {
        throw new TypeError(
          `${key} is not a function in Obsidian ${emulated}: it exists ` +
            `since ${since} (raise minAppVersion in manifest.json, or ` +
            `feature-detect)`,
        );
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    (guarded as { sinceGuard?: boolean }).sinceGuard = true;
    cls!.prototype[member] = guarded;
  }
}
