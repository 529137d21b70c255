// Errors every part of core may throw; this folder imports nothing of core's.
export { DomainError, isDomainError, type DomainErrorOptions } from './domainError';
