// the test DOM (happy-dom) lays nothing out: every element measures 0. Virtualized lists need a window to fill, so tests that
// render one give every element a fixed client size (and restore its own afterwards).
const PROPS = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

export const fakeLayout = {
  install({ width, height }: { width: number; height: number }): void {
    for (const prop of PROPS) {
      saved.set(prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop));
      const value = prop.endsWith('Height') ? height : width;
      Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
    }
  },
  restore(): void {
    for (const prop of PROPS) {
      const descriptor = saved.get(prop);
      if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
      else Reflect.deleteProperty(HTMLElement.prototype, prop);
    }
    saved.clear();
  },
};
