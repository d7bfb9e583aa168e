// Obsidian's DOM helpers (the `declare global` block of obsidian.d.ts): createEl/createDiv/createSpan, empty,
// setText, addClass… installed on the prototypes of whatever DOM is present (jsdom in jest, Chromium in the
// browser test), as Obsidian installs them in its renderer. Text always goes through textContent, never HTML.

type Attrs = { [key: string]: string | number | boolean | null };

function applyInfo(el: HTMLElement, o: DomElementInfo | string | undefined): void {
  if (o === undefined) return;
  const info: DomElementInfo = typeof o === 'string' ? { cls: o } : o;
  if (info.cls !== undefined) {
    const classes = (Array.isArray(info.cls) ? info.cls : info.cls.split(' ')).filter((c) => c.length > 0);
    if (classes.length > 0) el.classList.add(...classes);
  }
  if (info.text !== undefined) el.setText(info.text);
  if (info.attr !== undefined) el.setAttrs(info.attr);
  if (info.title !== undefined) el.title = info.title;
  if (info.value !== undefined && 'value' in el) (el as HTMLInputElement).value = info.value;
  if (info.type !== undefined) el.setAttribute('type', info.type);
  if (info.placeholder !== undefined) el.setAttribute('placeholder', info.placeholder);
  if (info.href !== undefined) el.setAttribute('href', info.href);
}

function makeEl<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  parent: Node | undefined,
  tag: K,
  o?: DomElementInfo | string,
  callback?: (el: HTMLElementTagNameMap[K]) => void,
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  applyInfo(el, o);
  const target = (typeof o === 'object' && o.parent) || parent;
  if (target) {
    if (typeof o === 'object' && o.prepend) target.insertBefore(el, target.firstChild);
    else target.appendChild(el);
  }
  callback?.(el);
  return el;
}

/** Obsidian's createSvg: an element in the SVG namespace, with classes, attributes and parent as createEl. */
function makeSvg<K extends keyof SVGElementTagNameMap>(
  doc: Document,
  parent: Node | undefined,
  tag: K,
  o?: SvgElementInfo | string,
  callback?: (el: SVGElementTagNameMap[K]) => void,
): SVGElementTagNameMap[K] {
  const el = doc.createElementNS('http://www.w3.org/2000/svg', tag) as SVGElementTagNameMap[K];
  const info: SvgElementInfo = typeof o === 'string' ? { cls: o } : (o ?? {});
  if (info.cls !== undefined) {
    const classes = (Array.isArray(info.cls) ? info.cls : info.cls.split(' ')).filter((c) => c.length > 0);
    if (classes.length > 0) el.classList.add(...classes);
  }
  if (info.attr !== undefined) el.setAttrs(info.attr);
  const target = info.parent ?? parent;
  if (target) {
    if (info.prepend) target.insertBefore(el, target.firstChild);
    else target.appendChild(el);
  }
  callback?.(el);
  return el;
}

/** Installs the helpers on one window's prototypes and globals. Idempotent. */
export function installDomHelpers(win: Window & typeof globalThis): void {
  const marker = win as unknown as { __obsidianDoubleDom?: boolean };
  if (marker.__obsidianDoubleDom) return;
  marker.__obsidianDoubleDom = true;
  const doc = win.document;
  const nodeProto = win.Node.prototype as Node;
  const elProto = win.Element.prototype as Element;
  const htmlProto = win.HTMLElement.prototype as HTMLElement;

  // Obsidian's `doc` and `win`: the document and window a node belongs to (a popout's own), else the main ones.
  Object.defineProperties(nodeProto, {
    doc: {
      configurable: true,
      get(this: Node) {
        return this.ownerDocument ?? doc;
      },
    },
    win: {
      configurable: true,
      get(this: Node) {
        return (this.ownerDocument ?? doc).defaultView ?? win;
      },
    },
  });
  Object.assign(nodeProto, {
    detach(this: Node) {
      this.parentNode?.removeChild(this);
    },
    empty(this: Node) {
      while (this.firstChild) this.removeChild(this.firstChild);
    },
    appendText(this: Node, val: string) {
      this.appendChild((this.ownerDocument ?? doc).createTextNode(val));
    },
    insertAfter<T extends Node>(this: Node, node: T, child: Node | null): T {
      this.insertBefore(node, child ? child.nextSibling : this.firstChild);
      return node;
    },
    indexOf(this: Node, other: Node) {
      return Array.prototype.indexOf.call(this.childNodes, other);
    },
    createEl<K extends keyof HTMLElementTagNameMap>(
      this: Node,
      tag: K,
      o?: DomElementInfo | string,
      cb?: (el: HTMLElementTagNameMap[K]) => void,
    ) {
      return makeEl(this.ownerDocument ?? doc, this, tag, o, cb);
    },
    createDiv(this: Node, o?: DomElementInfo | string, cb?: (el: HTMLDivElement) => void) {
      return makeEl(this.ownerDocument ?? doc, this, 'div', o, cb);
    },
    createSpan(this: Node, o?: DomElementInfo | string, cb?: (el: HTMLSpanElement) => void) {
      return makeEl(this.ownerDocument ?? doc, this, 'span', o, cb);
    },
    createSvg<K extends keyof SVGElementTagNameMap>(
      this: Node,
      tag: K,
      o?: SvgElementInfo | string,
      cb?: (el: SVGElementTagNameMap[K]) => void,
    ) {
      return makeSvg(this.ownerDocument ?? doc, this, tag, o, cb);
    },
  });

  Object.assign(elProto, {
    getText(this: Element) {
      return this.textContent ?? '';
    },
    setText(this: Element, val: string | DocumentFragment) {
      if (typeof val === 'string') this.textContent = val;
      else {
        this.textContent = '';
        this.appendChild(val);
      }
    },
    addClass(this: Element, ...classes: string[]) {
      this.classList.add(...classes.filter(Boolean));
    },
    addClasses(this: Element, classes: string[]) {
      this.classList.add(...classes.filter(Boolean));
    },
    removeClass(this: Element, ...classes: string[]) {
      this.classList.remove(...classes);
    },
    removeClasses(this: Element, classes: string[]) {
      this.classList.remove(...classes);
    },
    toggleClass(this: Element, classes: string | string[], value: boolean) {
      for (const c of Array.isArray(classes) ? classes : [classes]) this.classList.toggle(c, value);
    },
    hasClass(this: Element, cls: string) {
      return this.classList.contains(cls);
    },
    setAttr(this: Element, name: string, value: string | number | boolean | null) {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, String(value));
    },
    setAttrs(this: Element, obj: Attrs) {
      for (const [k, v] of Object.entries(obj)) this.setAttr(k, v);
    },
    getAttr(this: Element, name: string) {
      return this.getAttribute(name);
    },
    matchParent(this: Element, selector: string, lastParent?: Element) {
      let el: Element | null = this;
      while (el && el !== lastParent) {
        if (el.matches(selector)) return el;
        el = el.parentElement;
      }
      return null;
    },
    find(this: Element, selector: string) {
      return this.querySelector(selector);
    },
    findAll(this: Element, selector: string) {
      return Array.from(this.querySelectorAll(selector));
    },
  });

  Object.assign(htmlProto, {
    show(this: HTMLElement) {
      this.style.display = '';
    },
    hide(this: HTMLElement) {
      this.style.display = 'none';
    },
    toggle(this: HTMLElement, show: boolean) {
      this.style.display = show ? '' : 'none';
    },
    isShown(this: HTMLElement) {
      return this.style.display !== 'none' && this.isConnected;
    },
    setCssStyles(this: HTMLElement, styles: Partial<CSSStyleDeclaration>) {
      Object.assign(this.style, styles);
    },
    setCssProps(this: HTMLElement, props: Record<string, string>) {
      for (const [k, v] of Object.entries(props)) this.style.setProperty(k, v);
    },
    onClickEvent(
      this: HTMLElement,
      listener: (this: HTMLElement, ev: MouseEvent) => unknown,
      options?: boolean | AddEventListenerOptions,
    ) {
      this.addEventListener('click', listener as EventListener, options);
      this.addEventListener('auxclick', listener as EventListener, options);
    },
    trigger(this: HTMLElement, eventType: string) {
      this.dispatchEvent(new win.Event(eventType, { bubbles: true, cancelable: true }));
    },
  });

  Object.assign(win, {
    createEl: <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      o?: DomElementInfo | string,
      cb?: (el: HTMLElementTagNameMap[K]) => void,
    ) => makeEl(doc, undefined, tag, o, cb),
    createDiv: (o?: DomElementInfo | string, cb?: (el: HTMLDivElement) => void) => makeEl(doc, undefined, 'div', o, cb),
    createSpan: (o?: DomElementInfo | string, cb?: (el: HTMLSpanElement) => void) =>
      makeEl(doc, undefined, 'span', o, cb),
    createSvg: <K extends keyof SVGElementTagNameMap>(
      tag: K,
      o?: SvgElementInfo | string,
      cb?: (el: SVGElementTagNameMap[K]) => void,
    ) => makeSvg(doc, undefined, tag, o, cb),
    createFragment: (cb?: (el: DocumentFragment) => void) => {
      const fragment = doc.createDocumentFragment();
      cb?.(fragment);
      return fragment;
    },
    activeWindow: win,
    activeDocument: doc,
    sleep: (ms: number) => new Promise<void>((resolve) => win.setTimeout(resolve, ms)),
    nextFrame: () => new Promise<void>((resolve) => win.requestAnimationFrame(() => resolve())),
  });
}

/** Installs the helpers when a DOM is present (jsdom or a browser); a no-op in a plain Node environment. */
export function installDomHelpersIfPresent(): void {
  if (typeof window !== 'undefined' && typeof document !== 'undefined')
    installDomHelpers(window as Window & typeof globalThis);
}
