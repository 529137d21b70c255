// "Test connection": reachability, credential and the surface's capabilities, cached per profile.
export {
  createConnectionTester,
  type ConnectionTesterDeps,
  type DisposableConnectionTester,
} from './connectionTester';
