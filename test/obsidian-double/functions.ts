// Obsidian's free functions and constants: normalizePath, debounce, setIcon, requestUrl, Platform, parseYaml,
// Keymap.isModEvent. requestUrl's transport is pluggable: node:http in jest (Obsidian desktop runs it in the
// main process, outside CORS), the page's fetch in the browser test.
import type * as O from 'obsidian';
import { parse, stringify } from 'yaml';

/** Obsidian's normalizePath: one `/` between segments, none at the ends, NBSPs to spaces, NFC; `` becomes `/`. */
export function normalizePath(path: string): string {
  let p = path.replace(/([\\/])+/g, '/').replace(/(^\/+|\/+$)/g, '');
  if (p === '') p = '/';
  return p.replace(/[\u00A0\u202F]/g, ' ').normalize('NFC');
}

export function debounce<T extends unknown[], V>(
  cb: (...args: [...T]) => V,
  timeout = 0,
  resetTimer = false,
): O.Debouncer<T, V> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: T | undefined;
  const fire = (): V | void => {
    timer = undefined;
    if (!lastArgs) return;
    const args = lastArgs;
    lastArgs = undefined;
    return cb(...args);
  };
  const debouncer = ((...args: [...T]) => {
    lastArgs = args;
    if (timer !== undefined && resetTimer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (timer === undefined) timer = setTimeout(fire, timeout);
    return debouncer;
  }) as O.Debouncer<T, V>;
  debouncer.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
    return debouncer;
  };
  debouncer.run = () => {
    if (timer !== undefined) clearTimeout(timer);
    return fire();
  };
  return debouncer;
}

/** Records the icon id on the element (the double draws no SVG). */
export function setIcon(parent: HTMLElement, iconId: string): void {
  parent.setAttribute('data-icon', iconId);
}

export function parseYaml(yaml: string): unknown {
  return parse(yaml);
}

export function stringifyYaml(obj: unknown): string {
  return stringify(obj);
}

/** Sends one request; answers status, lowercase headers and the body bytes. */
export type RequestTransport = (
  request: O.RequestUrlParam,
) => Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;

let transport: RequestTransport | undefined;

/** Test helper (not Obsidian API): how requestUrl reaches the network in this environment. */
export function setRequestTransport(t: RequestTransport | undefined): void {
  transport = t;
}

/** Test helper (not Obsidian API): every request made through requestUrl, in order. */
export const requestLog: O.RequestUrlParam[] = [];

export function requestUrl(request: O.RequestUrlParam | string): O.RequestUrlResponsePromise {
  const param: O.RequestUrlParam = typeof request === 'string' ? { url: request } : request;
  requestLog.push(param);
  const response = (async (): Promise<O.RequestUrlResponse> => {
    if (!transport) throw new Error('requestUrl: no transport configured in the Obsidian double');
    const r = await transport(param);
    if (r.status >= 400 && param.throw !== false) {
      throw Object.assign(new Error(`Request failed, status ${r.status}`), { status: r.status, headers: r.headers });
    }
    const text = new TextDecoder('utf-8').decode(r.body);
    const buffer = r.body.slice().buffer;
    return {
      status: r.status,
      headers: r.headers,
      arrayBuffer: buffer,
      text,
      get json() {
        return JSON.parse(text);
      },
    };
  })();
  // The shortcuts are made on first use, so an unused one never becomes an unhandled rejection.
  Object.defineProperties(response, {
    arrayBuffer: { get: () => response.then((r) => r.arrayBuffer) },
    json: { get: () => response.then((r) => r.json) },
    text: { get: () => response.then((r) => r.text) },
  });
  return response as O.RequestUrlResponsePromise;
}

export const Platform: typeof O.Platform = {
  isDesktop: true,
  isMobile: false,
  isDesktopApp: true,
  isMobileApp: false,
  isIosApp: false,
  isAndroidApp: false,
  isPhone: false,
  isTablet: false,
  isMacOS: false,
  isWin: false,
  isLinux: true,
  isSafari: false,
  resourcePathPrefix: 'app://local/',
};

export class Keymap {
  /** Which pane a click asks for: a new tab with Ctrl/Cmd, the current one otherwise. */
  static isModEvent(evt?: UserEvent | null): O.PaneType | boolean {
    const e = evt as (MouseEvent & KeyboardEvent) | null | undefined;
    if (!e) return false;
    if ((e.ctrlKey || e.metaKey) && e.altKey && e.shiftKey) return 'window';
    if ((e.ctrlKey || e.metaKey) && e.altKey) return 'split';
    if (e.ctrlKey || e.metaKey || e.button === 1) return 'tab';
    return false;
  }
}

type UserEvent = MouseEvent | KeyboardEvent | TouchEvent | PointerEvent;
