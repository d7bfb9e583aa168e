// Types of test/browser/chromium-page.mjs for the TypeScript tests.
import type { Browser, Page } from 'playwright-core';

export const ROOT: string;
export const CHROMIUM: string;
export const ARTIFACTS: string;
export const MANIFEST: { readonly id: string; readonly version: string; readonly minAppVersion: string };
export const DATA_JSON: string;

export function chromiumRuns(what: string): boolean;
export function buildMainJs(outFile?: string): string;
export function buildDouble(): Promise<string>;
export function launchChromium(): Promise<Browser>;
export function openObsidianPage(
  browser: Browser,
  options?: {
    viewport?: { width: number; height: number };
    theme?: boolean;
    problems?: string[];
    double?: string;
    beforeDouble?: (page: Page) => Promise<void>;
  },
): Promise<Page>;
export function installPlugin(
  page: Page,
  options: { files: Record<string, string>; mainJs: string; layoutReady?: 'first' | 'after' },
): Promise<void>;
export function folderFiles(dir: string, prefix?: string): Record<string, string>;
