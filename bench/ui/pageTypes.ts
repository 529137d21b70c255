// The few DOM shapes the bench's page functions use. Bench code is type-checked without the DOM library (it
// is Node code); a page function reads `globalThis as unknown as PageGlobals` instead, so what it touches is
// still typed, and nothing else of the DOM is assumed.

export interface PageNode {
  nodeType: number;
  parentElement: PageElement | null;
}

export interface PageElement extends PageNode {
  scrollTop: number;
  scrollLeft: number;
  readonly scrollHeight: number;
  readonly scrollWidth: number;
  readonly clientHeight: number;
  readonly clientWidth: number;
  readonly textContent: string | null;
  readonly isConnected: boolean;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  matches(selector: string): boolean;
  click(): void;
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number };
  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void;
}

export interface PageImage extends PageElement {
  readonly complete: boolean;
  readonly naturalWidth: number;
  decode(): Promise<void>;
}

export interface PageMutationRecord {
  type: string;
  target: PageNode;
  attributeName: string | null;
  addedNodes: ArrayLike<PageNode>;
}

export interface PageMutationObserver {
  observe(
    target: PageNode,
    options: {
      childList?: boolean;
      subtree?: boolean;
      attributes?: boolean;
      characterData?: boolean;
      attributeFilter?: string[];
    },
  ): void;
  disconnect(): void;
}

export interface PageSocket {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  send(data: string): void;
}

export type PageSocketClass = new (url: string, protocols?: string | string[]) => PageSocket;

export interface PageGlobals {
  /** Observed as a node (subtree), so a watch set at document start, before <html> exists, still works. */
  document: PageNode & {
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  MutationObserver: new (callback: (records: PageMutationRecord[]) => void) => PageMutationObserver;
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(message: null): void };
  };
  WebSocket: PageSocketClass;
  __loupeBench?: BenchProbe;
}

/** One reply of a call the probe was asked to watch, when it reached the page (before the app read it). */
export interface ReplySeen {
  name: string;
  requestId: number;
  /** When the app sent the call, and when its reply arrived. */
  sentAt: number;
  at: number;
  /** When the first frame after its arrival was painted (the frame its answer is drawn in, at the soonest). */
  paintedAt?: number;
}

/** A jobs.updates event's rows as the page received them. */
export interface UpdateSeen {
  at: number;
  jobs: { id: string; status: string }[];
}

/** When a watched selector first matched (DOM), and the frame after that was painted. */
export interface PaintMark {
  domAt: number;
  paintAt: number | null;
}

/** A watched element's text each time it changed. */
export interface TextSeen {
  at: number;
  text: string;
}

/** A batch item row's state each time it changed. */
export interface ItemStateSeen {
  at: number;
  jobId: string;
  state: string;
}

/** What the probe keeps on the page (window.__loupeBench). */
export interface BenchProbe {
  /** Call names whose replies are timed. */
  watched: Set<string>;
  /** Watched calls in flight: requestId → name and when it was sent. */
  calls: Map<number, { name: string; sentAt: number }>;
  replies: ReplySeen[];
  /** subscriptionId → stream name. */
  streams: Map<string, string>;
  /** Rows of jobs.updates events are kept only while this is on (parsing costs the page a little). */
  keepUpdates: boolean;
  updates: UpdateSeen[];
  marks: Map<string, PaintMark>;
  texts: TextSeen[];
  itemStates: ItemStateSeen[];
  /** Observers the measuring functions left running, stopped by stopObservers(). */
  observers: PageMutationObserver[];
  /**
   * Calls `done` with the time the next frame was painted: a task queued from the next animation frame runs
   * once that frame is drawn. The one copy every measuring function uses (they are sent to the page as source,
   * so they cannot share a helper of their own).
   */
  whenPainted(done: (at: number) => void): void;
}
