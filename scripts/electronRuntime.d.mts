export declare function findElectronRuntime():
  { found: true; path: string } | { found: false; reason: string };
