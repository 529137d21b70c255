// "Test connection": reachability, credential and the surface's capabilities, cached per profile for the
// app; the probe itself for a host that tests once (the CLI).
export {
  createConnectionTester,
  type ConnectionTester,
  type ConnectionTesterDeps,
  type DisposableConnectionTester,
} from './connectionTester';
export { probeConnection, type Findings, type ProbeOptions } from './probeConnection';
