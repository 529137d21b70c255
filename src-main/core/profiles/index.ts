// Connection profiles and their credentials.
export {
  ProfileService,
  type ProfileCommands,
  type ProfileServiceDeps,
  type ProfileChange,
  type ProfileConnection,
  type DemoEndpoint,
  type CredentialState,
  type CredentialChange,
  type ProfileUpdate,
} from './profileService';
export {
  CredentialVault,
  secretSchema,
  type VaultStatus,
  type CredentialStorage,
  type SetCredentialOptions,
  type StoredCredential,
} from './credentialVault';
export { systemKeychain, keychainService, type KeychainBackend } from './keychainBackend';
export { processKeychain } from './processKeychain';
export { ProfileError, CredentialError, type ProfileErrorCode, type CredentialErrorCode } from './errors';
export {
  defaultSelfHostedUrl,
  profileInputSchema,
  profilePatchSchema,
  serviceUrlSchema,
  profileNameSchema,
  type Profile,
  type ProfileInput,
  type ProfilePatch,
  type Surface,
  type BuiltIn,
} from './profileSchemas';
export { builtInProfiles, localProfileId, demoProfileId } from './builtIns';
export { connectionForProfile } from './serviceConnection';
